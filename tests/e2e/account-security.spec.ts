// Confirming an email address, forgotten and changed passwords, and links that no longer work: the pages
// behind the emailed links, with JavaScript on and off (the links come from the e2e server's outbox).
import { expect, type Page, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { apiSession, logInThroughForm, newVendor, signUpThroughForm } from "./support/accounts";
import { MAIL_WAIT_MS, mailedLink } from "./support/mail";

/** Waits for the newest link to `pagePath` mailed to `to` that is not one of `seen` (the queue's workers send it within seconds). */
async function nextMailedLink(to: string, pagePath: string, seen: string[] = []) {
  await expect
    .poll(() => mailedLink(to, pagePath) ?? seen[0], {
      message: `a new ${pagePath} link mailed to ${to}`,
      timeout: MAIL_WAIT_MS,
    })
    .not.toBe(seen[0]);
  return mailedLink(to, pagePath)!;
}

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await logInThroughForm(page, who);
  await expect(page).toHaveURL(/\/vendor-propertylisting$/);
}

test.describe("accounts: emailed links", () => {
  test("a new account signs in once the emailed link has confirmed its address; /account shows the state", async ({
    page,
  }) => {
    const vendor = newVendor("confirm");
    await page.goto("/signup");
    await signUpThroughForm(page, vendor);
    await expect(page).toHaveURL(/\/login$/);
    const link = await nextMailedLink(vendor.email, "/verify-email");
    // Not before: the right password gets a wrong one's answer, so signing in tells nobody whether the
    // sign-up made an account or the address already had one.
    await logInThroughForm(page, vendor);
    await expect(page.getByRole("alert")).toHaveText(
      "Login failed: Invalid email or password. If you have just signed up, open the link we emailed you to confirm your address first.",
    );

    await page.goto(link);
    await expect(
      page.getByRole("heading", { level: 1, name: "Thank you: your email address is confirmed." }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.goto("/login");
    await logInThroughForm(page, vendor);
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
    await page.goto("/account");
    await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend verification email" })).toHaveCount(0);

    // The link has done its work.
    const spent = await page.goto(link);
    expect(spent?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your email address is already confirmed." }),
    ).toBeVisible();
  });

  test("forgot password: the emailed link sets a new password, and only the new one logs in", async ({
    page,
    baseURL,
  }) => {
    const vendor = newVendor("forgot");
    await (await apiSession(baseURL!, vendor, { signUp: true })).dispose();
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByText("Enter a valid email address, like name@example.co.uk.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("not an email");
    await page.getByLabel("Email").fill(vendor.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText("If an account uses that email address, we have sent it a link to choose a new password."),
    ).toBeVisible();

    await page.goto(await nextMailedLink(vendor.email, "/reset-password"));
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("Repeat new password").fill("not the same at all");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("Repeat new password").fill("a brand new password");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText("Your password has been changed and you have been signed out everywhere."),
    ).toBeVisible();
    await expectAccessible(page);

    await logInThroughForm(page, vendor);
    await expect(page.getByRole("alert")).toHaveText(
      "Login failed: Invalid email or password. If you have just signed up, open the link we emailed you to confirm your address first.",
    );
    await logInThroughForm(page, { email: vendor.email, password: "a brand new password" });
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
  });

  test("the password is changed on /account with the current one; other sessions end", async ({ page, baseURL }) => {
    const vendor = newVendor("change");
    const elsewhere = await apiSession(baseURL!, vendor, { signUp: true });
    await logIn(page, vendor);
    await page.goto("/account");
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("a changed password");
    await page.getByLabel("Repeat new password").fill("a changed password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("That password is not right.")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Current password").fill(vendor.password);
    await page.getByLabel("New password", { exact: true }).fill("a changed password");
    await page.getByLabel("Repeat new password").fill("a changed password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(
      page.getByText(
        "Your password has been changed, and you have been signed out everywhere else (API tokens included).",
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    expect((await elsewhere.get("/api/v1/auth/me")).status()).toBe(401);
    await elsewhere.dispose();
  });

  test("a link that does not work says so and points the way on", async ({ page }) => {
    const bogus = "x".repeat(43);
    for (const [path, next] of [
      ["/reset-password", "Ask for a new link"],
      ["/unlock-account", "Choose a new password"],
    ] as const) {
      await page.goto(`${path}?token=${bogus}`);
      await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
      await expectAccessible(page);
      await expect(page.getByRole("link", { name: next })).toHaveAttribute("href", "/forgot-password");
    }
    const response = await page.goto(`/verify-email?token=${bogus}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await expectAccessible(page);
  });
});
