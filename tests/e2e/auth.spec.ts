import { expect, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import {
  apiSession,
  confirmAddressInBrowser,
  DEMO_ADMIN,
  logInThroughForm,
  newVendor,
  sessionCookie,
  signUpThroughForm,
} from "./support/accounts";
import { holdNextSubmit, waitForHydration } from "./support/hydration";
import { MAIL_WAIT_MS, outboxFor } from "./support/mail";

test.describe("accounts", () => {
  test("sign up, log in, use the menu, reach the dashboard and log out", async ({ page }) => {
    const vendor = newVendor();
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome! Let's set up your account." })).toBeVisible();
    await expectAccessible(page);
    await signUpThroughForm(page, vendor);

    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText(
        "Thanks for signing up. Check your email: open the link we have sent you to confirm your address, then log in.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    await expectAccessible(page);
    await confirmAddressInBrowser(page, vendor.email);
    await page.goto("/login");
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
    await expect(
      page.getByRole("heading", { level: 1, name: "This page isn't available to your account" }),
    ).toBeVisible();
  });

  test("a session deleted on the server is treated as signed out", async ({ page }) => {
    const vendor = newVendor();
    await (await apiSession(test.info().project.use.baseURL!, vendor, { signUp: true })).dispose();
    await page.goto("/login");
    await logInThroughForm(page, vendor);
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
    // Log the same session out from elsewhere, as an admin revoking it would.
    const cookie = (await sessionCookie(page))!;
    const other = await page
      .context()
      .request.post("/api/v1/auth/logout", { headers: { Cookie: `__session=${cookie.value}` } });
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

    // A taken address gets the answer a new one gets (its owner is emailed instead), so the page tells nobody who has an account.
    await (await apiSession(test.info().project.use.baseURL!, vendor, { signUp: true })).dispose();
    await page.getByLabel("Password", { exact: true }).fill("a stranger's password");
    await page.getByLabel("Repeat password").fill("a stranger's password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText(
        "Thanks for signing up. Check your email: open the link we have sent you to confirm your address, then log in.",
      ),
    ).toBeVisible();
    await expect
      .poll(
        () =>
          outboxFor(vendor.email).filter((mail) => mail.includes("Subject: Someone tried to create a MoveWise account"))
            .length,
        { timeout: MAIL_WAIT_MS },
      )
      .toBe(1);

    await logInThroughForm(page, { email: vendor.email, password: "not the password" });
    await expect(page.getByRole("alert")).toHaveText(
      "Login failed: Invalid email or password. If you have just signed up, open the link we emailed you to confirm your address first.",
    );
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
    await expect(page.getByRole("alert")).toHaveText(
      /^Login failed: Too many failed sign-ins for this account\. Try again in \d+ minutes\.$/,
    );
  });
});

// The account pages are sent without React; app/browser does what React did on them.
test.describe("accounts with JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "without JavaScript fields are checked when the form is sent (tested above)",
  );

  test("sign-up fields are checked as they are left and as they change, in the schema's words", async ({ page }) => {
    await page.goto("/signup");
    await waitForHydration(page, true);
    const email = page.getByLabel("Email");
    await email.fill("not an email");
    // Nothing is said while the field is being typed in for the first time…
    await expect(page.getByText("Enter a valid email address, like name@example.co.uk.")).toHaveCount(0);
    await email.blur();
    // …and once it is left, the message the server would give, tied to the field.
    await expect(page.getByText("Enter a valid email address, like name@example.co.uk.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Enter a valid email address, like name@example.co.uk.");
    await expectAccessible(page);
    await email.fill("someone@example.com");
    await expect(page.getByText("Enter a valid email address, like name@example.co.uk.")).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Full name").focus();
    await page.getByLabel("Full name").blur();
    await expect(page.getByText("Enter your full name.")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("a long test password");
    await page.getByLabel("Repeat password").fill("a long test passwor");
    await page.getByLabel("Repeat password").blur();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    // Changing the first password checks the repeat again.
    await page.getByLabel("Password", { exact: true }).fill("a long test passwor");
    await expect(page.getByText("Passwords do not match")).toHaveCount(0);
  });

  test("a password can be shown and hidden; the submit button says it is logging in", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page, true);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret words");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(page.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");

    await page.getByLabel("Email").fill(DEMO_ADMIN.email);
    await holdNextSubmit(page);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("button", { name: "Logging in…" })).toBeDisabled();
  });

  test("after the server refuses a form, the first field with an error has the focus and is checked as it changes", async ({
    page,
  }) => {
    await page.goto("/signup");
    await waitForHydration(page, true);
    await page.getByLabel("Full name").fill("Pat Example");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Enter your email address.")).toBeVisible();
    await waitForHydration(page, true);
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.getByLabel("Email").fill("pat@example.com");
    await expect(page.getByText("Enter your email address.")).toHaveCount(0);
    await expect(page.getByText("Enter your phone number.")).toBeVisible();
  });
});
