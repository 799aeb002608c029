import { expect, type Page, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { holdNextSubmit, waitForHydration } from "./support/hydration";
import { findBooking, SLOT_LABELS, today, tomorrow } from "./support/listings";

const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

async function prices(page: Page) {
  const texts = await page
    .locator("article")
    .getByText(/^£[\d,]+$/)
    .allTextContents();
  return texts.map((t) => Number(t.replace(/\D/g, "")));
}

test.describe("property list", () => {
  test("list → search → sort → paginate → detail", async ({ page }) => {
    const response = await page.goto("/view-properties");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Homes for sale" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "30 properties" })).toBeVisible();
    const cards = page.locator("article");
    await expect(cards).toHaveCount(12);
    // Responsive images: the first card's photo loads at once, the rest lazily.
    await expect(cards.first().locator("img")).toHaveAttribute("loading", "eager");
    await expect(cards.nth(1).locator("img")).toHaveAttribute("loading", "lazy");
    await expect(cards.first().locator("img")).toHaveAttribute("srcset", /\/img\/320\/images\/\S+ 320w, .* 640w/);
    await expect(cards.first().getByText(/^\d{2}\/\d{2}$/)).toBeVisible();
    await expect(cards.first().getByText("Guide Price")).toBeVisible();
    await expect(cards.first().getByRole("link", { name: /^EPC/ })).toHaveAttribute("target", "_blank");
    await expect(cards.first().getByRole("link", { name: /^View Floor plans/ })).toHaveAttribute("target", "_blank");
    await expectAccessible(page);

    // Search (address or property type), on the server through the URL.
    await page.getByLabel("Search by address or property type").fill("LEICESTER");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/view-properties\?q=LEICESTER/);
    await expect(page.getByRole("heading", { level: 2, name: /properties matching “LEICESTER”/ })).toBeVisible();
    for (const address of await cards.getByRole("heading", { level: 3 }).allTextContents())
      expect(address).toMatch(/Leicester/i);

    // Sort: with JavaScript the select applies at once (once the page's behaviours are attached); without,
    // the Search button sends it.
    await waitForHydration(page, usesJs());
    await page.getByLabel("Sort by").selectOption({ label: "Highest Price" });
    if (!usesJs()) await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    const highest = await prices(page);
    expect(highest).toEqual([...highest].sort((a, b) => b - a));

    // Paginate the whole list, cheapest first.
    await page.goto("/view-properties?sort=price-asc");
    const firstPage = await prices(page);
    await page.getByRole("navigation", { name: "Pages of results" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/sort=price-asc&page=2/);
    await expect(page.getByText("Showing 13–24 of 30 · Page 2 of 3")).toBeVisible();
    const secondPage = await prices(page);
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1)!);
    await expect(page.getByRole("navigation", { name: "Pages of results" }).getByText("2")).toHaveAttribute(
      "aria-current",
      "page",
    );

    // Detail.
    const address = await cards.first().getByRole("heading", { level: 3 }).textContent();
    await cards
      .first()
      .getByRole("link", { name: /^View Details/ })
      .click();
    await expect(page).toHaveURL(/\/view-properties\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: address! })).toBeVisible();
    await expect(page.getByText("Offers in Excess of").first()).toBeVisible();
    // Loaded as a document from the hydrated list: the property page is sent without React, with the enhancer.
    await waitForHydration(page, usesJs());
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    if (usesJs()) await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  });

  test("sold homes stay listed with a Sold badge, after those on the market", async ({ page }) => {
    await page.goto("/view-properties?page=3");
    const sold = page.locator("article").filter({ hasText: "Sold" });
    await expect(sold).toHaveCount(2);
    await sold
      .first()
      .getByRole("link", { name: /^View Details/ })
      .click();
    await expect(
      page.getByText("This home has been sold, so viewings are closed.").filter({ visible: true }),
    ).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Book a Viewing" })).toHaveCount(0);
  });

  test("an unknown or malformed property id is the 404 page", async ({ page }) => {
    for (const id of ["abc", "999999"]) {
      const response = await page.goto(`/view-properties/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "This property isn’t available" })).toBeVisible();
      await expect(page.getByRole("link", { name: "See homes for sale" })).toHaveAttribute("href", "/view-properties");
    }
    await expectAccessible(page);
  });
});

test.describe("property page", () => {
  test("every part of the page, and the description's read more", async ({ page, request }) => {
    const home = await findBooking(request, (b) => b.status === "completed" && b.documents.length > 0);
    await page.goto(`/view-properties/${home.id}`);
    await expect(page.getByRole("heading", { level: 1, name: home.address })).toBeVisible();
    for (const name of [
      "Key features",
      "Description",
      "Floor plan and photos",
      "Energy performance (EPC)",
      "Extra information",
      "Material information",
      "Similar to this property",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText(/^\d[\d,]* sq ft \(\d+ sq m\)$/)).toBeVisible();
    await expect(
      page.getByRole("img", { name: /^Energy efficiency rating: currently band [A-G], potentially band [A-G]\.$/ }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Download Brochure" }).first()).toHaveAttribute(
      "href",
      home.documents[0]!.url.replace(/^https?:\/\/[^/]+/, ""),
    );
    await expect(page.getByRole("heading", { level: 3, name: /^Part A/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Action Fraud/ })).toBeVisible();
    await expect(page.getByText(/does not form part of any offer or contract/)).toBeVisible();
    const similar = page.getByRole("region", { name: "Similar to this property" }).locator("article");
    expect(await similar.count()).toBeGreaterThan(0);
    expect(await similar.count()).toBeLessThanOrEqual(3);

    // The description: without JavaScript all of it; with it, the first three blocks until 'Read full description'.
    const description = page.getByRole("region", { name: "Description" });
    const lastParagraph = description.locator("p").last();
    if (usesJs()) {
      const blocks = description.locator("div[id] > *");
      await expect(blocks).toHaveCount(3);
      await expect(description.getByRole("button", { name: "Read full description" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
      await description.getByRole("button", { name: "Read full description" }).click();
      expect(await blocks.count()).toBeGreaterThan(3);
      await expect(lastParagraph).toBeVisible();
      await description.getByRole("button", { name: "Show less" }).click();
      await expect(blocks).toHaveCount(3);
    } else {
      await expect(lastParagraph).toBeVisible();
      await expect(description.getByRole("button")).toHaveCount(0);
    }
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/screens/listing-${test.info().project.name}.png`, fullPage: true });
  });

  test("gallery and lightbox: floor plan first, '+N more', previous and next wrap round, close", async ({
    page,
    request,
  }) => {
    const home = await findBooking(
      request,
      (b) => b.status === "completed" && b.images.length === 6 && b.floor_plans.length === 1,
    );
    await page.goto(`/view-properties/${home.id}`);
    await waitForHydration(page, usesJs());
    const gallery = page.getByRole("region", { name: "Floor plan and photos" });
    const tiles = gallery.getByRole("link");
    await expect(tiles.first()).toContainText("Floor plan");
    await expect(tiles).toHaveCount(5);
    await expect(tiles.last()).toContainText("+1 more");

    await tiles.first().click();
    const viewer = page.getByRole("dialog");
    await expect(viewer.getByText("Photo 7 of 7")).toBeVisible();
    await expect(viewer.getByRole("img", { name: /^Floor plan of / })).toBeVisible();
    if (usesJs()) {
      // Opened in place (a modal <dialog>), with the photo in the address.
      await expect(page).toHaveURL(/\?photo=7$/);
      expect(await page.evaluate(() => document.querySelector("dialog[open]")?.matches(":modal"))).toBe(true);
      await expectAccessible(page);
      await page.keyboard.press("ArrowRight");
      await expect(viewer.getByText("Photo 1 of 7")).toBeVisible();
      await expect(viewer.getByRole("img", { name: /^Floor plan of / })).toHaveCount(0);
      await expect(page).toHaveURL(/\?photo=1$/);
      await page.keyboard.press("ArrowLeft");
      await expect(viewer.getByText("Photo 7 of 7")).toBeVisible();
      // Focus stays in the viewer.
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
      }
      await viewer.getByRole("link", { name: "Next photo" }).click();
      await expect(viewer.getByText("Photo 1 of 7")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/view-properties/${home.id}$`));
      // A shared ?photo= address opens the viewer as a modal dialog too; its close button closes it in place.
      await page.goto(`/view-properties/${home.id}?photo=2`);
      await waitForHydration(page, usesJs());
      await expect(viewer.getByText("Photo 2 of 7")).toBeVisible();
      expect(await page.evaluate(() => document.querySelector("dialog[open]")?.matches(":modal"))).toBe(true);
      await expect(page).toHaveURL(/\?photo=2$/);
      await page.keyboard.press("ArrowRight");
      await expect(viewer.getByText("Photo 3 of 7")).toBeVisible();
      await expect(page).toHaveURL(/\?photo=3$/);
      await viewer.getByRole("link", { name: "Close photo viewer" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/view-properties/${home.id}$`));
    } else {
      await expect(page).toHaveURL(/\?photo=7$/);
      await viewer.getByRole("link", { name: "Next photo" }).click();
      await expect(page).toHaveURL(/\?photo=1$/);
      await expect(page.getByRole("dialog").getByText("Photo 1 of 7")).toBeVisible();
      await page.getByRole("dialog").getByRole("link", { name: "Previous photo" }).click();
      await expect(page).toHaveURL(/\?photo=7$/);
      await page.getByRole("dialog").getByRole("link", { name: "Close photo viewer" }).click();
      await expect(page).toHaveURL(new RegExp(`/view-properties/${home.id}$`));
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
    await tiles.last().click();
    await expect(page.getByRole("dialog").getByText("Photo 6 of 7")).toBeVisible();
  });
});

test.describe("viewing requests", () => {
  test("book a viewing: the time is one of the half-hour slots; today is refused with field messages, then it succeeds", async ({
    page,
    request,
  }) => {
    const home = await findBooking(request, (b) => b.status === "completed");
    await page.goto(`/view-properties/${home.id}`);
    await waitForHydration(page, usesJs());
    await page.getByRole("link", { name: "Book a Viewing" }).first().click();

    const js = usesJs();
    // With JavaScript a dialog; without, a page of its own.
    const form = js ? page.getByRole("dialog", { name: "Request a Free Visit" }) : page.getByRole("main");
    if (js) {
      await expect(form).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/view-properties/${home.id}$`));
    } else {
      await expect(page).toHaveURL(new RegExp(`/view-properties/${home.id}/request-viewing$`));
      await expect(page.getByRole("heading", { level: 1, name: "Request a Free Visit" })).toBeVisible();
    }
    const time = form.getByLabel("Preferred time");
    await expect(time).toHaveValue("10:00");
    await expect(time.locator("option:checked")).toHaveText("10:00 AM");
    await expect(time.locator("option")).toHaveText(SLOT_LABELS);
    await form.getByLabel("First name").fill("Robin");
    await form.getByLabel("Last name").fill("Ellis");
    await form.getByLabel("Email").fill("robin.ellis@example.com");
    await form.getByLabel("Phone number").fill("07700 900321");
    await form.getByLabel("Preferred date").fill(today());
    await time.selectOption({ label: "2:30 PM" });
    await form.getByRole("button", { name: "Request Now" }).click();
    await expect(form.getByText("Choose tomorrow or a later date.")).toBeVisible();
    await expect(form.getByLabel("First name")).toHaveValue("Robin");
    await expect(time).toHaveValue("14:30");
    await expect(form.getByLabel("Preferred date")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await form.getByLabel("Preferred date").fill(tomorrow());
    await form.getByRole("button", { name: "Request Now" }).click();
    await expect(page.getByText("Viewing request submitted successfully!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/view-properties/${home.id}$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The toast was shown once: it does not come back with the next page.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: home.address })).toBeVisible();
    await expect(page.getByText("Viewing request submitted successfully!")).toHaveCount(0);
  });

  test("the viewing request page, sent without React, checks fields as they are left and says when it is booking", async ({
    page,
    request,
  }) => {
    test.skip(!usesJs(), "Without JavaScript fields are checked when the form is sent (tested above).");
    const home = await findBooking(request, (b) => b.status === "completed");
    await page.goto(`/view-properties/${home.id}/request-viewing`);
    await waitForHydration(page, usesJs());
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await page.getByLabel("Email").fill("robin@");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Enter a valid email address, like name@example.co.uk.")).toBeVisible();
    await page.getByLabel("First name").focus();
    await page.getByLabel("First name").blur();
    await expect(page.getByText("Enter your first name.")).toBeVisible();
    await expectAccessible(page);
    await holdNextSubmit(page);
    await page.getByRole("button", { name: "Request Now" }).click();
    await expect(page.getByRole("button", { name: "Booking..." })).toBeDisabled();
  });

  test("the dialog checks fields as they are left, and closes with ×, a click on the backdrop and Escape", async ({
    page,
    request,
  }) => {
    test.skip(!usesJs(), "Without JavaScript the form is a page of its own, with a link back.");
    const home = await findBooking(request, (b) => b.status === "completed");
    await page.goto(`/view-properties/${home.id}`);
    await waitForHydration(page, usesJs());
    const open = page.getByRole("link", { name: "Book a Viewing" }).first();
    const dialog = page.getByRole("dialog", { name: "Request a Free Visit" });
    await expect(open).toHaveAttribute("aria-haspopup", "dialog");
    await open.click();
    await expect(dialog.getByLabel("First name")).toBeFocused();
    // Fields are checked as they are left, as on the form's own page.
    await dialog.getByLabel("Email").fill("robin@");
    await dialog.getByLabel("Email").blur();
    await expect(dialog.getByText("Enter a valid email address, like name@example.co.uk.")).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await open.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
    await open.click();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
});
