import { expect, type Page, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import {
  apiContext,
  apiSession,
  confirmAddressInBrowser,
  DEMO_BUYER,
  logInThroughForm,
  newBuyer,
  signUpThroughForm,
} from "./support/accounts";
import { waitForHydration } from "./support/hydration";

/** The first card on the list of homes for sale, and its home's address. */
async function firstCard(page: Page) {
  const card = page.getByRole("article").first();
  const address = (await card.getByRole("heading").innerText()).trim();
  return { card, address };
}

/** The save button of a card or page, in either state (its name starts "Save …" or "Saved …"). */
const saveButton = (scope: Page | ReturnType<Page["getByRole"]>, address: string) =>
  scope.getByRole("button", { name: new RegExp(`^Saved? ${address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });

test.describe("buyers", () => {
  test("a buyer signs up as buying and lands on My home search after logging in", async ({ page }) => {
    const buyer = newBuyer();
    await page.goto("/signup");
    await expect(page.getByRole("group", { name: "Are you buying or selling?" })).toBeVisible();
    await signUpThroughForm(page, buyer);
    await expect(page).toHaveURL(/\/login$/);
    await confirmAddressInBrowser(page, buyer.email);
    await page.goto("/login");
    await logInThroughForm(page, buyer);
    await expect(page).toHaveURL(/\/my-home-search$/);
    await expect(page.getByRole("heading", { level: 1, name: "My home search" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Saved homes\s*None yet/ })).toBeVisible();
    await expectAccessible(page);

    // Vendor and admin pages are not for buyers.
    for (const path of ["/vendor-propertylisting", "/admin-propertylisting", "/vendor-property-details"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
  });

  test("signed out, a save asks to log in and then finishes; /saved-homes lists it and removes it", async ({
    page,
    baseURL,
  }, testInfo) => {
    const js = testInfo.project.use.javaScriptEnabled;
    const buyer = newBuyer();
    await (await apiSession(baseURL!, buyer, { signUp: true })).dispose();

    await page.goto("/view-properties");
    await waitForHydration(page, js);
    const { card, address } = await firstCard(page);
    await saveButton(card, address).click();

    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsaved-homes%2Fnew%3FpropertyId%3D\d+/);
    await logInThroughForm(page, buyer);
    await expect(page).toHaveURL(/\/saved-homes\/new\?propertyId=\d+/);
    await expect(page.getByRole("heading", { level: 1, name: "Save this home?" })).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save this home" }).click();

    // Back where the save started, with the home now saved.
    await expect(page).toHaveURL(/\/view-properties$/);
    await expect(page.getByRole("status").getByText("Saved to your saved homes.")).toBeVisible();
    await expect(saveButton(page, address).first()).toHaveAccessibleName(new RegExp(`^Saved ${address}`));

    await page.goto("/saved-homes");
    await expect(page.getByRole("heading", { level: 1, name: "Saved homes" })).toBeVisible();
    const saved = page.getByRole("list", { name: "Saved homes" }).getByRole("article");
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole("link", { name: address })).toBeVisible();
    await expect(saved.getByText("No changes since you saved it.")).toBeVisible();
    await expectAccessible(page);

    await page.goto("/my-home-search");
    await expect(page.getByRole("link", { name: /Saved homes\s*1 saved home/ })).toBeVisible();

    await page.goto("/saved-homes");
    await saved.getByRole("button", { name: `Remove ${address}` }).click();
    await expect(page.getByRole("status").getByText("Removed from your saved homes.")).toBeVisible();
    await expect(page.getByText("You have not saved any homes yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Search for a home" })).toBeVisible();
  });

  test("signed in, the save button on a card and the property page toggles the home", async ({
    page,
    baseURL,
  }, testInfo) => {
    const js = testInfo.project.use.javaScriptEnabled;
    const buyer = newBuyer();
    await (await apiSession(baseURL!, buyer, { signUp: true })).dispose();
    await page.goto("/login");
    await logInThroughForm(page, buyer);
    await expect(page).toHaveURL(/\/my-home-search$/);

    await page.goto("/view-properties?sort=price-asc");
    await waitForHydration(page, js);
    const { card, address } = await firstCard(page);
    // With JavaScript the page stays as it is (no reload); without, the form posts and comes back to the same list.
    await page.evaluate(() => document.documentElement.setAttribute("data-kept", ""));
    await saveButton(card, address).click();
    await expect(saveButton(card, address)).toHaveAccessibleName(new RegExp(`^Saved ${address}`));
    await expect(page).toHaveURL(/\/view-properties\?sort=price-asc$/);
    await expect(page.locator("html[data-kept]")).toHaveCount(js ? 1 : 0);

    await card.getByRole("link", { name: /View Details/ }).click();
    await waitForHydration(page, js);
    const onPage = page
      .getByRole("main")
      .getByRole("button", { name: new RegExp(`^Saved ${address}`) })
      .first();
    await expect(onPage).toBeVisible();
    await onPage.click();
    await expect(
      page
        .getByRole("main")
        .getByRole("button", { name: new RegExp(`^Save ${address}`) })
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/view-properties\/\d+$/);
    await expectAccessible(page);

    const shortlist = (await (await page.request.get("/api/v1/shortlist")).json()) as unknown[];
    expect(shortlist).toEqual([]);
  });

  test("a public page never shows one visitor's saved homes to another, nor to the signed out", async ({ baseURL }) => {
    const anonymous = await apiContext(baseURL!);
    const first = await apiSession(baseURL!, newBuyer("first"), { signUp: true });
    const second = await apiSession(baseURL!, newBuyer("second"), { signUp: true });
    const featured = (await (await anonymous.get("/api/v1/properties/featured")).json()) as { data: { id: number }[] };
    const id = featured.data[0]!.id;
    const pressed = async (client: typeof anonymous) => {
      const html = await (await client.get(`/view-properties/${id}`)).text();
      return /data-saved="true"/.test(html);
    };
    // Kept by the response cache for signed-out visitors first.
    expect(await pressed(anonymous)).toBe(false);
    expect((await first.put(`/api/v1/shortlist/${id}`)).status()).toBe(201);
    expect(await pressed(first)).toBe(true);
    expect(await pressed(anonymous)).toBe(false);
    expect(await pressed(second)).toBe(false);
    const signedInPage = await first.get(`/view-properties/${id}`);
    expect(signedInPage.headers()["cache-control"]).toBe("private, no-cache");
    await Promise.all([anonymous, first, second].map((c) => c.dispose()));
  });

  test("the demo buyer has saved homes, one of them sold since", async ({ baseURL }) => {
    const demo = await apiSession(baseURL!, DEMO_BUYER);
    expect(((await (await demo.get("/api/v1/auth/me")).json()) as { userType: string }).userType).toBe("buyer");
    const saved = (await (await demo.get("/api/v1/shortlist")).json()) as { changes: { kind: string }[] }[];
    expect(saved.length).toBeGreaterThanOrEqual(4);
    expect(saved.filter((home) => home.changes.some((change) => change.kind === "sold"))).toHaveLength(1);
    await demo.dispose();
  });
});
