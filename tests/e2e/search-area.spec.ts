// Searching inside an area drawn on the results map (with JavaScript), and a drawn area shared by URL (with
// or without it), and the price labels buyers look for.
import { expect, type Page, test } from "@playwright/test";

import { encodeArea } from "../../app/modules/search/area";
import { expectAccessible } from "./support/a11y";
import { waitForHydration } from "./support/hydration";

const pt = (latitude: number, longitude: number) => ({ latitude, longitude });
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;
const results = (page: Page) => page.getByRole("list", { name: "Search results" }).getByRole("listitem");
// Central Leicester (52.6–52.68 N, 1.2–1.06 W): the city's demo homes, not Loughborough, Wigston or Market Harborough.
const LEICESTER_AREA = "_m``I~jiF?_jZ_sN??~iZ";

test.describe("drawn area search", () => {
  test("a drawn area shared by URL searches inside it, says so, and can be removed", async ({ page }) => {
    await page.goto(`/property-search?postcode=LE&radius=40&area=${encodeURIComponent(LEICESTER_AREA)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Properties for sale in your drawn area");
    await expect(page.getByText("Searching inside your drawn area.")).toBeVisible();
    const addresses = await results(page).getByRole("heading").allTextContents();
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    for (const address of addresses) expect(address).toMatch(/\bLE[1-4] \d/);
    // No distances: the search has no centre.
    await expect(results(page).getByText(/miles? from/)).toHaveCount(0);
    await expectAccessible(page);
    if (usesJs()) {
      await waitForHydration(page, true);
      const map = page.getByRole("complementary", { name: "Map of the results" });
      await expect(map.locator(".leaflet-overlay-pane path").first()).toBeAttached(); // the area, drawn
      await expect(map.getByRole("button", { name: "Draw a new area" })).toBeVisible();
    } else {
      await expect(page.getByText("Turn on JavaScript to see these homes on a map and draw an area")).toBeVisible();
    }

    // Editing keeps the area; removing it goes back to the radius search.
    await page.getByRole("link", { name: "Edit Search" }).first().click();
    await expect(page.getByText("This search is inside the area you drew on the map")).toBeVisible();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Properties for sale in your drawn area");
    await page.getByRole("link", { name: "Remove drawn area" }).click();
    await expect(page).not.toHaveURL(/area=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Properties for sale within 40 miles of LE (Leicester)",
    );
  });

  test("an area with no homes in it says so, and keeps the map to draw another", async ({ page }) => {
    const highlands = encodeArea([pt(57, -4.6), pt(57, -4.4), pt(57.1, -4.5)]);
    await page.goto(`/property-search?postcode=LE&area=${encodeURIComponent(highlands)}`);
    await expect(page.getByRole("heading", { level: 2, name: "No properties found" })).toBeVisible();
    await expect(page.getByText("Try a larger area, or remove the drawn area")).toBeVisible();
    await expectAccessible(page);
    if (usesJs()) {
      await waitForHydration(page, true);
      const map = page.getByRole("complementary", { name: "Map of the results" });
      await expect(map.getByRole("button", { name: "Draw a new area" })).toBeVisible();
    }
  });

  test("an unreadable area is a message on the form, not an error page", async ({ page }) => {
    const response = await page.goto("/property-search?postcode=LE&area=_m%60%60I");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("The drawn area could not be read. Draw it again.")).toBeVisible();
    await page.getByRole("link", { name: "Remove drawn area" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Properties for sale within 40 miles of LE (Leicester)",
    );
  });

  test("draw an area on the map with the mouse, or with the keyboard", async ({ page }) => {
    test.skip(!usesJs(), "drawing needs JavaScript; without it the URL above is the way");
    await page.goto("/property-search?postcode=LE1&radius=10");
    await waitForHydration(page, true);
    const map = page.getByRole("complementary", { name: "Map of the results" });
    const container = map.locator(".leaflet-container");
    await expect(container).toBeVisible();

    await map.getByRole("button", { name: "Draw an area" }).click();
    await expect(map.getByRole("status")).toContainText("Click the map");
    const finish = map.getByRole("button", { name: "Finish" });
    await expect(finish).toBeDisabled();
    const box = (await container.boundingBox())!;
    // A box around most of the map (clear of the zoom buttons and the drawing panel).
    const corners: [number, number][] = [
      [60, box.height * 0.45],
      [box.width - 60, box.height * 0.45],
      [box.width - 60, box.height - 30],
    ];
    for (const [x, y] of corners) await container.click({ position: { x, y } });
    await expect(map.getByRole("status")).toHaveText("3 points. Add more, or press Finish.");
    await map.getByRole("button", { name: "Undo last point" }).click();
    await expect(finish).toBeDisabled();
    // A click on a home's pin adds a corner there; it does not open the pin's popup.
    const panelBottom = (await map.getByRole("status").boundingBox())!;
    let pin: { x: number; y: number } | undefined;
    for (const marker of await container.locator(".leaflet-marker-icon").all()) {
      const b = (await marker.boundingBox())!;
      const centre = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      if (centre.y > panelBottom.y + panelBottom.height + 10 && centre.y < box.y + box.height - 10) pin = centre;
    }
    expect(pin, "a pin clear of the drawing panel").toBeDefined();
    await page.mouse.click(pin!.x, pin!.y);
    await expect(map.getByRole("status")).toHaveText("3 points. Add more, or press Finish.");
    await expect(container.locator(".leaflet-popup")).toHaveCount(0);
    await map.getByRole("button", { name: "Undo last point" }).click();
    await expect(finish).toBeDisabled();
    await container.click({ position: { x: box.width - 60, y: box.height - 30 } });
    await container.click({ position: { x: 60, y: box.height - 30 } });
    await finish.click();
    await expect(page).toHaveURL(/[?&]area=[^&]+/);
    await expect(page).toHaveURL(/postcode=LE1&radius=10/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/in your drawn area/);
    await expectAccessible(page);

    // With the keyboard: the buttons, and the map moved with the arrow keys between points.
    await waitForHydration(page, true);
    await map.getByRole("button", { name: "Draw a new area" }).focus();
    await page.keyboard.press("Enter");
    const add = map.getByRole("button", { name: "Add the map's centre" });
    await expect(add).toBeFocused();
    await page.keyboard.press("Enter");
    for (const key of ["ArrowRight", "ArrowDown"]) {
      await container.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press(key);
      await add.focus();
      await page.keyboard.press("Enter");
    }
    await expect(map.getByRole("status")).toHaveText("3 points. Add more, or press Finish.");
    await page.keyboard.press("Escape");
    await expect(map.getByRole("status")).toHaveText("Drawing cancelled.");
    await expect(page).toHaveURL(/area=/); // still the search drawn before
  });
});

test.describe("price labels", () => {
  test("a reduced home says so on its card and its page, with its price history", async ({ page }) => {
    await page.goto("/property-search?postcode=LE3+2SW&radius=1");
    const card = results(page).filter({ hasText: "Reduced from £275,000" });
    await expect(card).toHaveCount(1);
    await expect(card.getByText("Reduced", { exact: true })).toBeVisible();
    await expect(card.getByText("£259,950", { exact: true })).toBeVisible();
    await card.getByRole("link", { name: /View Details/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Reduced from £275,000").first()).toBeVisible();
    const history = page.getByRole("region", { name: "Price history" });
    await expect(history.getByRole("listitem").first()).toContainText("Reduced from £275,000 to £259,950");
    await expect(history.getByRole("listitem").last()).toContainText("Listed at £275,000");
    await expectAccessible(page);
  });
});
