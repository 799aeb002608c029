import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { DEMO_ADMIN, apiSession, logInThroughForm, newVendor, sessionCookie, signUpThroughForm } from "./support/accounts";

test.describe("accounts", () => {
  test("sign up, log in, use the menu, reach the dashboard and log out", async ({ page }) => {
    const vendor = newVendor();
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome! Let's set up your account." })).toBeVisible();
    await expectAccessible(page);
    await signUpThroughForm(page, vendor);

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your account is ready. Log in to continue.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    await expectAccessible(page);
    await logInThroughForm(page, vendor);

    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
    await expect(page.getByRole("heading", { level: 1, name: "My properties" })).toBeVisible();
    // Without "Remember for 30 days" the cookie ends with the browser session.
    expect((await sessionCookie(page))?.expires).toBe(-1);
    expect((await sessionCookie(page))?.httpOnly).toBe(true);

    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary:visible").filter({ hasText: vendor.email }).click();
    await expect(nav.getByText("Vendor", { exact: true }).first()).toBeVisible();
    await nav.getByRole("link", { name: "My Dashboard" }).first().click();
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);

    await nav.locator("summary:visible").filter({ hasText: vendor.email }).click();
    await nav.getByRole("button", { name: "Logout" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    expect(await sessionCookie(page)).toBeUndefined();
  });

  test("an admin lands on the admin dashboard; remember me keeps the cookie for 30 days", async ({ page }) => {
    await page.goto("/login");
    await logInThroughForm(page, DEMO_ADMIN, { remember: true });
    await expect(page).toHaveURL(/\/admin-propertylisting$/);
    await expect(page.getByRole("heading", { level: 1, name: "Property projects" })).toBeVisible();
    await expect(page.getByRole("table", { name: "All property projects" })).toBeVisible();
    await expectAccessible(page);
    const days = ((await sessionCookie(page))!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  test("a signed-out visitor is sent to log in and then back to the page", async ({ page }) => {
    const vendor = newVendor();
    await (await apiSession(test.info().project.use.baseURL!, vendor, { signUp: true })).dispose();
    await page.goto("/vendor-propertylisting");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fvendor-propertylisting$/);
    await logInThroughForm(page, vendor);
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
  });

  test("a vendor gets the 403 page on admin pages", async ({ page }) => {
    const vendor = newVendor();
    await (await apiSession(test.info().project.use.baseURL!, vendor, { signUp: true })).dispose();
    await page.goto("/login");
    await logInThroughForm(page, vendor);
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
    const response = await page.goto("/admin-propertylisting");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "This page isn't available to your account" })).toBeVisible();
  });

  test("a session deleted on the server is treated as signed out", async ({ page }) => {
    const vendor = newVendor();
    await (await apiSession(test.info().project.use.baseURL!, vendor, { signUp: true })).dispose();
    await page.goto("/login");
    await logInThroughForm(page, vendor);
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
    // Log the same session out from elsewhere, as an admin revoking it would.
    const cookie = (await sessionCookie(page))!;
    const other = await page.context().request.post("/api/v1/auth/logout", { headers: { Cookie: `__session=${cookie.value}` } });
    expect(other.status()).toBe(200);
    await page.context().addCookies([{ ...cookie }]);
    await page.goto("/vendor-propertylisting");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("bad input gets clear messages and keeps what was typed", async ({ page }) => {
    const vendor = newVendor();
    await page.goto("/signup");
    await page.getByLabel("Full name").fill(vendor.fullName);
    await page.getByLabel("Email").fill(vendor.email);
    await page.getByLabel("Phone number").fill(vendor.phoneNumber);
    await page.getByLabel("Password", { exact: true }).fill(vendor.password);
    await page.getByLabel("Repeat password").fill("something else entirely");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue(vendor.fullName);
    await expect(page.getByLabel("Email")).toHaveValue(vendor.email);

    await (await apiSession(test.info().project.use.baseURL!, vendor, { signUp: true })).dispose();
    await page.getByLabel("Password", { exact: true }).fill(vendor.password);
    await page.getByLabel("Repeat password").fill(vendor.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("An account with this email already exists. Log in instead.")).toBeVisible();

    await page.goto("/login");
    await logInThroughForm(page, { email: vendor.email, password: "not the password" });
    await expect(page.getByRole("alert")).toHaveText("Login failed: Invalid email or password.");
    await expect(page.getByLabel("Email")).toHaveValue(vendor.email);
    await expectAccessible(page);
  });

  test("too many failed logins show a readable message on the page", async ({ page, request }) => {
    const vendor = newVendor("page-lock");
    expect((await request.post("/api/v1/auth/signup", { data: vendor })).status()).toBe(201);
    for (let i = 0; i < 10; i++) {
      await request.post("/api/v1/auth/signin", { data: { email: vendor.email, password: "wrong password" } });
    }
    await page.goto("/login");
    const response = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/login"));
    await logInThroughForm(page, vendor);
    expect((await response).status()).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(/^Login failed: Too many failed sign-ins for this account\. Try again in \d+ minutes\.$/);
  });
});
