// The Book House Valuation flow, with JavaScript on and off (projects js and no-js).
import { expect, type Page, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { holdNextSubmit, waitForHydration } from "./support/hydration";
import { stayOnThisSite } from "./support/offline";

test.beforeEach(async ({ page, baseURL }) => {
  await stayOnThisSite(page, baseURL!);
});

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

async function chooseType(page: Page, label: RegExp) {
  await page.getByRole("radio", { name: label }).check();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function fillDetails(page: Page, who: { first: string; last: string; email: string; phone: string }) {
  await page.getByLabel("First name").fill(who.first);
  await page.getByLabel("Last name").fill(who.last);
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Phone", { exact: true }).fill(who.phone);
}

test.describe("valuation request", () => {
  test("home → instant valuation in three steps → thank-you → Request Another Valuation", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Book House Valuation" }).first().click();
    await expect(page).toHaveURL(/\/valuation$/);
    await expect(heading(page, "What type of valuation do you need?")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Get an instant valuation/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Sell your property/ })).not.toBeChecked();
    await expect(page.getByRole("radio", { name: /Get ready to remortgage/ })).not.toBeChecked();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(heading(page, "What's your property's postcode?")).toBeVisible();
    await expect(page).toHaveURL(/\/valuation\?step=postcode$/);
    const postcode = page.getByLabel("Postcode", { exact: true });
    await expect(postcode).toHaveAttribute("placeholder", "e.g. SW1A 1AA");
    await expectAccessible(page);
    await postcode.fill("le15ww");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(heading(page, "Your contact details")).toBeVisible();
    await expect(page.getByText("Valuation for LE1 5WW.")).toBeVisible();
    await expectAccessible(page);
    const email = `valuer-${Date.now()}@example.com`;
    await fillDetails(page, { first: "Ann", last: "Seller", email, phone: "07700 900123" });
    await page.getByLabel("Message (optional)").fill("Three-bed semi with a new kitchen.");
    await page.getByLabel(/Send me news and offers/).check();
    await page.getByRole("button", { name: "Get My Valuation" }).click();

    await expect(heading(page, "Thank you for your valuation request!")).toBeVisible();
    await expect(page.getByText("An agent will be in touch within 24 hours.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What happens next?" })).toBeVisible();
    const nextSteps = page.getByRole("main").getByRole("listitem");
    await expect(nextSteps).toHaveText([
      /RICS-qualified valuer reviews/,
      /detailed valuation report by email/,
      /agent calls you/,
      /strategy for selling/,
    ]);
    await expectAccessible(page);
    await page.screenshot({
      path: `test-results/screens/valuation-thank-you-${test.info().project.name}.png`,
      fullPage: true,
    });

    await page.getByRole("button", { name: "Request Another Valuation" }).click();
    await expect(page).toHaveURL(/\/valuation$/);
    await expect(heading(page, "What type of valuation do you need?")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Get an instant valuation/ })).toBeChecked();
    // The flow starts again from nothing: the postcode step is empty and the thank-you page is gone.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(heading(page, "What's your property's postcode?")).toBeVisible();
    await expect(page.getByLabel("Postcode", { exact: true })).toHaveValue("");
    await page.goto("/valuation?step=thank-you");
    await expect(page).toHaveURL(/\/valuation$/);
  });

  test("'Sell your property' goes to log in", async ({ page }) => {
    await page.goto("/valuation");
    await chooseType(page, /Sell your property/);
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page, "Welcome back")).toBeVisible();
  });

  test("'Get ready to remortgage' goes to the mortgage broker's site", async ({ page }) => {
    await page.goto("/valuation");
    await chooseType(page, /Get ready to remortgage/);
    await expect(page).toHaveURL("https://www.moneyhelper.org.uk/en/homes/buying-a-home/mortgage-brokers");
    await expect(page.getByRole("heading", { name: "Stand-in for an outside site" })).toBeVisible();
  });

  test("Back links keep what was chosen; bad postcodes and missing details get field errors", async ({ page }) => {
    await page.goto("/valuation");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(heading(page, "What's your property's postcode?")).toBeVisible();
    await page.getByLabel("Postcode", { exact: true }).fill("LE1");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Enter a full UK postcode, like SW1A 1AA.")).toBeVisible();
    await expect(page.getByLabel("Postcode", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Postcode", { exact: true })).toHaveValue("LE1");
    await expectAccessible(page);

    await page.getByLabel("Postcode", { exact: true }).fill("sw1a 1aa");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(heading(page, "Your contact details")).toBeVisible();
    await page.getByRole("button", { name: "Get My Valuation" }).click();
    for (const error of [
      "Enter your first name.",
      "Enter your last name.",
      "Enter your email address.",
      "Enter your phone number.",
    ]) {
      await expect(page.getByText(error)).toBeVisible();
    }
    await fillDetails(page, { first: "Ann", last: "Seller", email: "ann@", phone: "12" });
    await page.getByRole("button", { name: "Get My Valuation" }).click();
    await expect(page.getByText("Enter a valid email address, like name@example.co.uk.")).toBeVisible();
    await expect(page.getByText("Enter a valid phone number, like 07700 900123.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Ann");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Back" }).click();
    await expect(heading(page, "What's your property's postcode?")).toBeVisible();
    await expect(page.getByLabel("Postcode", { exact: true })).toHaveValue("SW1A 1AA");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(heading(page, "What type of valuation do you need?")).toBeVisible();
  });

  test("a step cannot be skipped by typing its address", async ({ page }) => {
    await page.context().clearCookies();
    await page.goto("/valuation?step=details");
    await expect(page).toHaveURL(/\/valuation$/);
    await expect(heading(page, "What type of valuation do you need?")).toBeVisible();
  });
});

test.describe("valuation request with JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "only JavaScript can disable and relabel buttons while it waits",
  );

  test("Continue waits for a postcode, and the submit button reads 'Submitting...' while in flight", async ({
    page,
  }) => {
    await page.goto("/valuation");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(heading(page, "What's your property's postcode?")).toBeVisible();
    await waitForHydration(page, true);
    const continueButton = page.getByRole("button", { name: "Continue" });
    await expect(continueButton).toBeDisabled();
    await page.getByLabel("Postcode", { exact: true }).fill("   ");
    await expect(continueButton).toBeDisabled();
    await page.getByLabel("Postcode", { exact: true }).fill("M1 1AE");
    await expect(continueButton).toBeEnabled();
    await continueButton.click();
    await expect(heading(page, "Your contact details")).toBeVisible();

    await fillDetails(page, { first: "Jo", last: "Waits", email: "jo.waits@example.com", phone: "07700 900123" });
    await waitForHydration(page, true);
    await holdNextSubmit(page);
    await page.getByRole("button", { name: "Get My Valuation" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    // Sent as it was held (form.submit() skips the submit event).
    await page.locator("form#valuation-details").evaluate((form: HTMLFormElement) => form.submit());
    await expect(heading(page, "Thank you for your valuation request!")).toBeVisible();
  });
});
