import { expect, type Page, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { waitForHydration } from "./support/hydration";
import { SLOT_LABELS, today, tomorrow } from "./support/listings";

const results = (page: Page) => page.getByRole("list", { name: "Search results" }).getByRole("listitem");
const prices = async (page: Page) =>
  (
    await results(page)
      .getByText(/^£[\d,]+$/)
      .allTextContents()
  ).map((p) => Number(p.replace(/[£,]/g, "")));

test.describe("property search", () => {
  test("search near LE1 by radius, narrow to the district, sort, and go to a home and back", async ({ page }) => {
    await page.goto("/property-search");
    await expect(page.getByRole("heading", { level: 1, name: "Find a home to buy" })).toBeVisible();
    await expect(page.getByLabel("Postcode, district or area")).toHaveValue("LE");
    await expectAccessible(page);

    await page.getByLabel("Postcode, district or area").fill("LE1");
    await page.getByLabel("Postcode, district or area").press("Tab"); // on to the next field, as a person would
    await page.getByLabel("Search radius").selectOption("10");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/postcode=LE1&radius=10/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Properties for sale within 10 miles of LE1, Leicester",
    );
    const addresses = await results(page).getByRole("heading").allTextContents();
    expect(addresses.length).toBeGreaterThanOrEqual(5);
    for (const address of addresses) expect(address).toMatch(/\bLE\d+ /);
    expect(addresses.join()).not.toMatch(/Manchester|Market Harborough/);
    await expectAccessible(page);
    if (test.info().project.use.javaScriptEnabled !== false) {
      // Sent without React; the form enhancer draws the map with Leaflet, a pin per home, each opening a link to it.
      await waitForHydration(page, true);
      await expect(page.locator("html")).toHaveAttribute("data-no-hydration");
      const map = page.getByRole("complementary", { name: "Map of the results" });
      await expect(map.locator(".leaflet-container")).toBeVisible();
      await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
      await map.locator(".leaflet-marker-icon").first().dispatchEvent("click");
      await expect(map.locator(".leaflet-popup").getByRole("link")).toHaveAttribute(
        "href",
        /^\/view-properties\/\d+\?back=/,
      );
    }

    // Sorting is really applied.
    await page.getByLabel("Sort by").selectOption("price-asc");
    if (test.info().project.use.javaScriptEnabled === false)
      await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    // With JavaScript the list re-renders just after the address changes: wait for the sorted cards.
    await expect
      .poll(async () => {
        const shown = await prices(page);
        return shown.length > 1 && shown.every((price, i) => i === 0 || shown[i - 1]! <= price);
      })
      .toBe(true);

    // 'This area only' keeps to the LE1 district.
    await page.getByRole("link", { name: "Edit Search" }).first().click();
    await page.getByLabel("Search radius").selectOption("area");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Properties for sale in LE1, Leicester");
    const district = await results(page).getByRole("heading").allTextContents();
    expect(district.length).toBeGreaterThan(0);
    for (const address of district) expect(address).toMatch(/\bLE1 \d/);

    // A home, then back to the same results.
    await results(page)
      .first()
      .getByRole("link", { name: /View Details/ })
      .click();
    await expect(page).toHaveURL(/\/view-properties\/\d+\?back=/);
    await page.getByRole("link", { name: "Back to results" }).click();
    await expect(page).toHaveURL(/\/property-search\?postcode=LE1&radius=area&.*sort=price-asc/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Properties for sale in LE1, Leicester");
  });

  test("no results says so, with a way to edit the search", async ({ page }) => {
    await page.goto("/property-search?postcode=LE1&radius=1&type=land");
    await expect(page.getByRole("heading", { name: "No properties found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Search" }).last()).toHaveAttribute("href", /edit=1/);
  });

  test("an unknown postcode gets a field message and keeps what was typed", async ({ page }) => {
    const response = await page.goto("/property-search?postcode=ZZ9+9ZZ&radius=10");
    expect(response?.status()).toBe(400);
    await expect(page.getByText(/We couldn't find "ZZ9 9ZZ"/)).toBeVisible();
    await expect(page.getByLabel("Postcode, district or area")).toHaveValue("ZZ9 9ZZ");
  });

  test("a radius not in the list gets a field message, the default radius and the rest as typed", async ({ page }) => {
    const response = await page.goto("/property-search?postcode=LE1&radius=7&type=flats");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("Choose a search radius from the list.")).toBeVisible();
    await expect(page.getByLabel("Search radius")).toHaveValue("40");
    await expect(page.getByLabel("Property type")).toHaveValue("flats");
    await expect(page.getByLabel("Postcode, district or area")).toHaveValue("LE1");
  });

  test("Book a View from the results: 'Request Property Viewing' until it is sent, then back to the results", async ({
    page,
  }) => {
    await page.goto("/property-search?postcode=LE1&radius=10&sort=price-desc");
    await results(page)
      .first()
      .getByRole("link", { name: /Book a View/ })
      .click();
    const inSearchFlow = async () => {
      await expect(page.getByRole("heading", { level: 1, name: "Request Property Viewing" })).toBeVisible();
      await expect(page.getByText("Free Viewing")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to results" })).toHaveAttribute(
        "href",
        /^\/property-search\?postcode=LE1&radius=10&.*sort=price-desc/,
      );
    };
    await inSearchFlow();
    await expectAccessible(page);
    const time = page.getByLabel("Preferred time");
    await expect(time.locator("option:checked")).toHaveText("10:00 AM");
    await expect(time.locator("option")).toHaveText(SLOT_LABELS);
    // A refused request comes back as the same page, with the message and what was typed.
    await page.getByLabel("Preferred date").fill(today());
    await page.getByLabel("First name").fill("Priya");
    await page.getByLabel("Last name").fill("Shah");
    await page.getByLabel("Email").fill("priya@example.com");
    await page.getByLabel("Phone number").fill("07700 900456");
    await time.selectOption({ label: "3:30 PM" });
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Request Now" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByText("Choose tomorrow or a later date.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await inSearchFlow();
    await expect(page.getByLabel("First name")).toHaveValue("Priya");
    await expect(page.getByLabel("Preferred date")).toHaveValue(today());
    await expect(time).toHaveValue("15:30");
    await expectAccessible(page);

    await page.getByLabel("Preferred date").fill(tomorrow());
    await page.getByRole("button", { name: "Request Now" }).click();
    await expect(page.getByText("Viewing request submitted successfully! We'll be in touch soon.")).toBeVisible();
    await expect(page).toHaveURL(/\/property-search\?postcode=LE1&radius=10&.*sort=price-desc/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Properties for sale within 10 miles of LE1, Leicester",
    );
  });
});

test("postcode suggestions: type three characters, pick one with the keyboard", async ({ page }) => {
  test.skip(
    test.info().project.use.javaScriptEnabled === false,
    "suggestions need JavaScript; without it the field is a plain input (tested above)",
  );
  await page.goto("/property-search");
  await waitForHydration(page, true);
  const field = page.getByRole("combobox", { name: "Postcode, district or area" });
  await field.fill("LE1 5");
  await expect(page.getByRole("listbox", { name: "Postcode suggestions" }).getByRole("option").first()).toBeVisible();
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect(field).toHaveValue(/^LE1 5[A-Z]{2}$/);
  await expect(page.getByRole("listbox", { name: "Postcode suggestions" })).toBeHidden();
});
