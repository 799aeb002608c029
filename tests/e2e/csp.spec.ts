// The Content-Security-Policy does not break the main pages: each is opened (and used where it loads
// more: the film, the map, the payment form), with the browser's securitypolicyviolation events
// collected. Violations from every other spec reach the server's log and fail the run at teardown
// (tests/e2e/support/csp.ts).
import { type Browser, expect, type Page, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { apiSession, DEMO_ADMIN, DEMO_VENDOR, logInThroughForm, newVendor } from "./support/accounts";
import { cspViolationsIn, loggedViolations, watchCspViolations } from "./support/csp";
import { waitForHydration } from "./support/hydration";
import { findBooking } from "./support/listings";

const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

async function signedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScriptOn() });
  const page = await context.newPage();
  await watchCspViolations(page);
  await page.goto("/login");
  await logInThroughForm(page, who);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

async function visit(page: Page, path: string, then?: (page: Page) => Promise<void>) {
  const response = await page.goto(path);
  expect(response!.status(), path).toBeLessThan(400);
  const policy = response!.headers()["content-security-policy"];
  // A page React hydrates has inline scripts, allowed by the request's nonce; a page without React has none,
  // and runs scripts from this site only.
  const withoutReact = (await response!.text()).includes("data-no-hydration");
  expect(policy, path).toMatch(withoutReact ? /script-src 'self';/ : /script-src 'nonce-[A-Za-z0-9+/=]+' 'self'/);
  await waitForHydration(page, javaScriptOn());
  await then?.(page);
  expect(await cspViolationsIn(page), `CSP violations on ${path}`).toEqual([]);
}

test.describe("content security policy", () => {
  test("public pages load and work without violations", async ({ page, request }) => {
    await watchCspViolations(page);
    const listing = await findBooking(request, (b) => b.images.length > 0);
    await visit(page, "/");
    await visit(page, "/view-properties");
    // No demo listing has a virtual tour: frame-src for the tour hosts is covered by tests/unit/security-headers.test.ts.
    await visit(page, `/view-properties/${listing.id}`);
    await visit(page, "/property-search");
    await visit(page, "/property-search?postcode=LE1&radius=5", async (p) => {
      if (javaScriptOn()) await expect(p.locator(".leaflet-container").first()).toBeVisible();
    });
    await visit(page, "/calculators");
    await visit(page, "/valuation");
    await visit(page, "/contact-us");
    await visit(page, "/why-choose-us", async (p) => {
      if (!javaScriptOn()) return;
      await p.getByRole("link", { name: "Play video: See how MoveWise sells your home" }).click();
      await expect(p.locator('iframe[title="See how MoveWise sells your home"]')).toBeAttached();
    });
    await visit(page, "/signup");
    await visit(page, "/login");
  });

  test("vendor, payment and admin pages load without violations", async ({ browser, baseURL }) => {
    const vendor = await signedInPage(browser, baseURL!, DEMO_VENDOR);
    const api = await apiSession(baseURL!, DEMO_VENDOR);
    const projects = (await (await api.get("/api/v1/vendor/bookings")).json()) as
      { id: number }[] | { data: { id: number }[] };
    const projectId = (Array.isArray(projects) ? projects : projects.data)[0]!.id;
    await api.dispose();
    await visit(vendor, "/vendor-propertylisting");
    await visit(vendor, `/sign-contract/${projectId}`);
    await visit(vendor, `/view-a-property/${projectId}`);
    await visit(vendor, "/vendor-property-details");
    await visit(vendor, "/account");

    const admin = await signedInPage(browser, baseURL!, DEMO_ADMIN);
    await visit(admin, `/payment/${projectId}`, async (p) => {
      await expect(p.getByRole("heading", { level: 1, name: "Pay for your selling package" })).toBeVisible();
      const policy = (await p.request.get(`/payment/${projectId}`)).headers()["content-security-policy"];
      expect(policy).toContain("https://js.stripe.com");
    });
    for (const path of [
      "/admin-propertylisting",
      "/admin/payments",
      "/admin/viewings",
      "/admin/valuations",
      "/admin/messages",
      "/admin/audit",
    ])
      await visit(admin, path);
    await admin.context().close();
    await vendor.context().close();
  });

  test("the account page offers the data download and closes an account after the password", async ({
    browser,
    baseURL,
  }) => {
    const who = newVendor("closing");
    await (await apiSession(baseURL!, who, { signUp: true })).dispose();
    const page = await signedInPage(browser, baseURL!, who);
    await page.goto("/");
    await waitForHydration(page, javaScriptOn());
    // The header's account menu (a <details>, so it opens without JavaScript too) leads to the account page.
    await page.locator("summary", { hasText: who.email }).click();
    await page.getByRole("link", { name: "My account and data" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "My account and data" })).toBeVisible();
    await expectAccessible(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^movewise-my-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(await (await import("node:fs/promises")).readFile((await file.path())!, "utf8"));
    expect(data.account).toMatchObject({ email: who.email, fullName: who.fullName });
    expect(JSON.stringify(data)).not.toContain("argon2");

    await page.getByLabel("Your password").fill("not my password");
    await page.getByLabel("I understand that closing my account cannot be undone.").check();
    await page.getByRole("button", { name: "Close my account" }).click();
    await expect(page.getByText("That password is not right.")).toBeVisible();

    await page.getByLabel("Your password").fill(who.password);
    await page.getByLabel("I understand that closing my account cannot be undone.").check();
    await page.getByRole("button", { name: "Close my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Your account is closed and your personal details have been removed.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" }).first()).toBeVisible();

    await page.goto("/login");
    await logInThroughForm(page, who);
    await expect(
      page.getByText(
        "Login failed: Invalid email or password. If you have just signed up, open the link we emailed you to confirm your address first.",
      ),
    ).toBeVisible();
    expect(await cspViolationsIn(page)).toEqual([]);
    await page.context().close();
  });

  test("no violation has been reported so far", () => {
    expect(loggedViolations()).toEqual([]);
  });
});
