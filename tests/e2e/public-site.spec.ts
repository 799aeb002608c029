// The marketing pages, the privacy policy, the contact form and the admin inboxes, with JavaScript
// on and off (projects js and no-js).
import { expect, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { DEMO_ADMIN, logInThroughForm } from "./support/accounts";
import { waitForHydration } from "./support/hydration";
import { stayOnThisSite } from "./support/offline";

const PAGES = [
  { path: "/why-choose-us", h1: "Everything a great agent does, for one fixed fee" },
  { path: "/about", h1: "The people who sell your home" },
  { path: "/privacy-policy", h1: "Privacy Policy" },
  { path: "/contact-us", h1: "Get in touch" },
  { path: "/valuation", h1: "What type of valuation do you need?" },
];

test.describe("marketing pages", () => {
  // One test per page, so each page's axe run has a whole test's time on a busy machine.
  for (const { path, h1 } of PAGES) {
    test(`${path} has one h1, passes axe, and needs nothing from outside the site`, async ({ page, baseURL }) => {
      const outside = await stayOnThisSite(page, baseURL!);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expectAccessible(page);
      expect(outside).toEqual([]);
    });

    test(`${path}: the mobile menu works at 375 px`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.locator('a[href="/about"]:visible')).toHaveCount(0);
      await nav.locator("summary:visible", { hasText: "Menu" }).click();
      await expect(nav.locator("a:visible", { hasText: "About Us" })).toHaveCount(1);
      await expect(nav.locator("a:visible", { hasText: "Contact Us" })).toHaveCount(1);
      await expectAccessible(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} fits 375 px`,
      ).toBeLessThanOrEqual(375);
      await nav.locator("a:visible", { hasText: "Why Choose Us" }).click();
      await expect(page).toHaveURL(/\/why-choose-us$/);
    });
  }

  test("home shows the package prices and comparison from one place", async ({ page }) => {
    await page.goto("/home");
    const table = page.getByRole("table", { name: /Sales packages compared/ });
    await expect(table.getByRole("row", { name: /Selling fee/ })).toContainText("1% to 2% of the property value");
    await expect(table.getByRole("row", { name: /Selling fee/ })).toContainText("£1,794 including VAT£1,495 + VAT");
    await expect(table.getByRole("row", { name: /Selling fee/ })).toContainText(
      "normally £2,400 including VAT (£2,000 + VAT)",
    );
    await expect(table.getByRole("row", { name: /Premium portal listing/ })).toContainText("Typically £125");
    await expect(table.getByRole("row", { name: /Premium portal listing/ })).toContainText("Free");
    await expect(table.getByRole("row", { name: /EPC/ })).toContainText("£60");
    await page.getByRole("main").getByRole("link", { name: "Find out more" }).click();
    await expect(page).toHaveURL(/\/about$/);
    for (const team of ["Property photographers", "RICS valuers", "Solicitors"]) {
      await expect(page.getByRole("heading", { level: 3, name: team })).toBeVisible();
    }
  });

  test("the film on Why Choose Us loads YouTube only when asked", async ({ page, baseURL, javaScriptEnabled }) => {
    const outside = await stayOnThisSite(page, baseURL!);
    await page.goto("/why-choose-us");
    const play = page.getByRole("link", { name: "Play video: See how MoveWise sells your home" });
    await expect(play).toHaveAttribute("href", /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(outside).toEqual([]);
    if (!javaScriptEnabled) return; // without JavaScript the link opens the film on YouTube
    // Until the page's behaviours are attached the link still goes to YouTube, as it does without JavaScript.
    await waitForHydration(page, javaScriptEnabled);
    await play.click();
    const player = page.locator('iframe[title="See how MoveWise sells your home"]');
    await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/);
    await expect(page).toHaveURL(/\/why-choose-us$/);
  });
});

test.describe("privacy policy", () => {
  test("sections open and close; Cookies and Terms links open their section", async ({ page }) => {
    await page.goto("/privacy-policy");
    const retention = page.locator("details", { has: page.getByRole("heading", { name: "How long we keep it" }) });
    await expect(retention.getByText("Viewing and valuation requests:")).toBeHidden();
    await retention.locator("summary").click();
    await expect(retention).toContainText("7 years after you close your account");
    await expect(retention).toContainText("Viewing and valuation requests: 6 years");
    await expect(retention).toContainText("Website analytics: about 2 years");
    await expect(retention).toContainText("(contact messages and our replies): 3 years");
    await retention.locator("summary").click();
    await expect(retention.getByText("Viewing and valuation requests:")).toBeHidden();

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookies", exact: true }).click();
    await expect(page).toHaveURL(/\/privacy-policy#cookies$/);
    await expect(page.locator("#cookies")).toBeVisible();
    await expect(page.locator("#cookies")).toContainText("valuation_flow");

    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: true }).click();
    await expect(page).toHaveURL(/\/privacy-policy#terms$/);
    await expect(page.locator("#terms")).toBeVisible();
    await expect(page.locator("#terms")).toBeInViewport();
  });
});

test.describe("contact form", () => {
  test("sends a message: success toast, then an empty form; an admin reads it and marks it handled", async ({
    page,
  }) => {
    const email = `contact-${test.info().project.name}-${Date.now()}@example.com`;
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).locator("summary:visible", { hasText: "Contact" }).click();
    await page.getByRole("navigation", { name: "Main" }).locator("a:visible", { hasText: "Contact Us" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Get in touch" })).toBeVisible();

    await page.getByRole("button", { name: "Send message" }).click();
    for (const error of [
      "Enter your first name.",
      "Enter your last name.",
      "Enter your email address.",
      "Enter your message.",
    ]) {
      await expect(page.getByText(error)).toBeVisible();
    }
    await expectAccessible(page);

    if (test.info().project.use.javaScriptEnabled !== false) {
      // The page is sent without React; its fields are still checked as they change (app/browser/form-checks.ts).
      await waitForHydration(page, true);
      await expect(page.getByLabel("First name")).toBeFocused();
      await page.getByLabel("Email").fill("cara@");
      await expect(page.getByText("Enter a valid email address, like name@example.co.uk.")).toBeVisible();
    }
    await page.getByLabel("First name").fill("Cara");
    await page.getByLabel("Last name").fill("Contact");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Country").selectOption("CA");
    await page.getByLabel("Message").fill("Do you cover homes in Leicestershire?");
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByRole("status").getByText("Message sent successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByLabel("First name")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
    await expect(page.getByLabel("Country")).toHaveValue("UK");
    await expectAccessible(page);

    await page.goto("/login");
    await logInThroughForm(page, DEMO_ADMIN);
    await page.getByRole("link", { name: "Messages" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expectAccessible(page);
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toContainText("New");
    await row.getByRole("link", { name: "Cara Contact" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Message from Cara Contact" })).toBeVisible();
    await expect(page.getByText("Canada")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Mark as handled" }).click();
    await expect(page.getByRole("status").getByText("Marked as handled.")).toBeVisible();
    await expect(page.getByText(/^Handled \d/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as handled" })).toHaveCount(0);
  });
});

test.describe("admin valuation inbox", () => {
  test("lists requests newest first, shows one and marks it handled", async ({ page, request }) => {
    const lastName = `Inbox${test.info().project.name}${Date.now()}`;
    const created = await request.post("/api/v1/valuation/request", {
      data: {
        firstName: "Val",
        lastName,
        email: "val@example.com",
        contactNumber: "07700 900123",
        postcode: "ec1a1bb",
        message: "Flat, second floor.",
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.goto("/login");
    await logInThroughForm(page, DEMO_ADMIN);
    await page.getByRole("link", { name: "Valuation requests" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Valuation requests" })).toBeVisible();
    await expectAccessible(page);
    const firstRow = page.getByRole("table", { name: "Valuation requests" }).getByRole("row").nth(1);
    await expect(firstRow).toContainText(`Val ${lastName}`);
    await expect(firstRow).toContainText("EC1A 1BB");
    await firstRow.getByRole("link", { name: `Val ${lastName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/valuations/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Valuation request V-${id}` })).toBeVisible();
    await expect(page.getByText("Flat, second floor.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Mark as handled" }).click();
    await expect(page.getByText(/^Handled \d/)).toBeVisible();
    await page.getByRole("link", { name: "Valuation requests" }).first().click();
    await expect(page.getByRole("row", { name: new RegExp(lastName) })).toContainText("Handled");
  });
});
