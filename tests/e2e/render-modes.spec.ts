// One render mode per page (docs/decisions/0002-pages-without-react.md): a page sent without React is the
// server's document even when a React page navigates to it client-side (its clientLoader turns the navigation
// into a document load), and its behaviours (app/browser) work there. The header menus close on Escape and
// on an outside click on both kinds of page; on a React page, one opened before hydration stays open.
import { expect, type Page, test } from "@playwright/test";

import { findBooking } from "./support/listings";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "client-side navigation needs JavaScript");
// Each test loads a dozen documents.
test.describe.configure({ timeout: 120_000 });

type DataRouter = { navigate(to: string): Promise<void> };

/** A React page anyone can open: the API documentation. */
async function openReactPage(page: Page) {
  await page.goto("/api/docs");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Navigates the way a React Router <Link> does, for pages no link on a React page reaches. */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    // Not awaited: the navigation ends in a document load, which ends this document too.
    void (window as unknown as { __reactRouterDataRouter: DataRouter }).__reactRouterDataRouter.navigate(path);
  }, to);
}

/** The page is the server's document with its behaviours attached, and React is not running it. */
async function expectServerDocument(page: Page, path: RegExp) {
  // The React page had no data-enhanced: once it is there, this is the new document.
  await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
  await expect(page).toHaveURL(path);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
}

/** The Contact menu in the header opens, and Escape closes it with the focus back on its toggle. */
async function expectMenuClosesOnEscape(page: Page) {
  const summary = page.locator("header summary", { hasText: "Contact" });
  const menu = summary.locator("xpath=..");
  await summary.click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open");
  await expect(summary).toBeFocused();
}

async function expectMenuClosesOnOutsideClick(page: Page) {
  const summary = page.locator("header summary", { hasText: "Contact" });
  const menu = summary.locator("xpath=..");
  await summary.click();
  await expect(menu).toHaveAttribute("open", "");
  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await expect(menu).not.toHaveAttribute("open");
}

/** A field is checked once it is left: the browser's field checks are attached. */
async function expectFieldCheck(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
  await expect(field).toHaveAttribute("aria-invalid", "true");
}

async function expectPasswordToggle(page: Page) {
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret words");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
}

test.describe("pages sent without React, reached from a React page", () => {
  test("footer links: About us, Privacy policy, Why choose us (the film starts in place)", async ({ page }) => {
    await openReactPage(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    await expectServerDocument(page, /\/about$/);
    await expectMenuClosesOnEscape(page);

    await openReactPage(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    await expectServerDocument(page, /\/privacy-policy$/);
    await expectMenuClosesOnOutsideClick(page);

    await openReactPage(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Why choose us" }).click();
    await expectServerDocument(page, /\/why-choose-us$/);
    const film = page.locator("a[data-video-player]").first();
    await film.click();
    await expect(page).toHaveURL(/\/why-choose-us$/);
    await expect(page.locator("iframe[src*='youtube-nocookie.com']")).toHaveCount(1);
  });

  test("the home page, the calculators and a missing page", async ({ page }) => {
    await openReactPage(page);
    await page.getByRole("banner").getByRole("link", { name: "MoveWise home" }).click();
    await expectServerDocument(page, /\/$/);
    await expectMenuClosesOnEscape(page);

    await openReactPage(page);
    await navigateInApp(page, "/calculators");
    await expectServerDocument(page, /\/calculators$/);
    await expectMenuClosesOnOutsideClick(page);

    await openReactPage(page);
    await navigateInApp(page, "/no-such-page");
    await expectServerDocument(page, /\/no-such-page$/);
    await expect(page.getByText("Page not found (404)")).toBeVisible();
    await expectMenuClosesOnEscape(page);
  });

  test("the forms: contact us, valuation, sign up, log in, forgot and reset password, unlock, verify email", async ({
    page,
  }) => {
    await openReactPage(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact us" }).click();
    await expectServerDocument(page, /\/contact-us$/);
    await expectFieldCheck(page, "Email", "not an address");

    await openReactPage(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Sell your home" }).click();
    await expectServerDocument(page, /\/valuation/);
    await expectMenuClosesOnEscape(page);

    await openReactPage(page);
    await navigateInApp(page, "/signup");
    await expectServerDocument(page, /\/signup$/);
    await expectPasswordToggle(page);
    await expectFieldCheck(page, "Email", "not an address");

    await openReactPage(page);
    await page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).first().click();
    await expectServerDocument(page, /\/login/);
    await expectPasswordToggle(page);
    // The pending label is markup that CSS picks (data-pending): the behaviour sets the attribute.
    await page.getByLabel("Email").fill("someone@example.com");
    await page.evaluate(() => document.addEventListener("submit", (event) => event.preventDefault(), { once: true }));
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("button", { name: "Logging in…" })).toBeDisabled();

    await openReactPage(page);
    await navigateInApp(page, "/forgot-password");
    await expectServerDocument(page, /\/forgot-password$/);
    await expectFieldCheck(page, "Email", "not an address");

    for (const path of ["/reset-password?token=not-a-token", "/unlock-account", "/verify-email?token=not-a-token"]) {
      await openReactPage(page);
      await navigateInApp(page, path);
      await expectServerDocument(page, new RegExp(path.split("?")[0]!));
      await expectMenuClosesOnOutsideClick(page);
    }
  });

  test("property search (with results): the sort order applies as soon as it is chosen", async ({ page }) => {
    await openReactPage(page);
    await navigateInApp(page, "/property-search?postcode=LE1&radius=10");
    await expectServerDocument(page, /\/property-search\?postcode=LE1/);
    await expect(page.locator("[data-map]").first()).toBeAttached();
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  });

  test("view properties, a property (the viewing dialog opens in place) and its request-viewing page", async ({
    page,
    request,
  }) => {
    const home = await findBooking(request, (b) => b.status === "completed");

    await openReactPage(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "View properties" }).click();
    await expectServerDocument(page, /\/view-properties$/);
    await page.getByLabel("Sort by").selectOption({ index: 1 });
    await expect(page).toHaveURL(/sort=/);

    await openReactPage(page);
    await navigateInApp(page, `/view-properties/${home.id}`);
    await expectServerDocument(page, new RegExp(`/view-properties/${home.id}$`));
    await page.getByRole("link", { name: "Book a Viewing" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Request a Free Visit" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("First name")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await openReactPage(page);
    await navigateInApp(page, `/view-properties/${home.id}/request-viewing`);
    await expectServerDocument(page, new RegExp(`/view-properties/${home.id}/request-viewing$`));
    await expectFieldCheck(page, "Email", "not an address");
  });
});

test.describe("header menus", () => {
  test("on a React page they close on Escape (focus back on the toggle) and on an outside click", async ({ page }) => {
    await openReactPage(page);
    await expectMenuClosesOnEscape(page);
    await expectMenuClosesOnOutsideClick(page);
    await expect(page.locator("html")).not.toHaveAttribute("data-enhanced");
  });

  test("on a React page one opened before the page hydrates stays open, and the next page closes it", async ({
    page,
  }) => {
    // The page's scripts wait until the menu is open, as on a slow connection.
    let release!: () => void;
    const menuOpened = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js$/, async (route) => {
      await menuOpened;
      await route.continue();
    });
    await page.goto("/api/docs", { waitUntil: "commit" });
    const summary = page.locator("header summary", { hasText: "Contact" });
    const menu = summary.locator("xpath=..");
    await summary.click();
    await expect(menu).toHaveAttribute("open", "");
    release();
    // The header's effects have run by the time the root marks the page hydrated (the same commit).
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(menu).toHaveAttribute("open", "");

    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: DataRouter }).__reactRouterDataRouter.navigate(
        "/api/docs?page=2",
      ),
    );
    await expect(page).toHaveURL(/\/api\/docs\?page=2$/);
    await expect(menu).not.toHaveAttribute("open");
  });
});
