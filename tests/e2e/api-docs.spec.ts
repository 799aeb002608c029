import { expect, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { DEMO_ADMIN, logInThroughForm } from "./support/accounts";

test("the API reference lists every operation, grouped, from the served document", async ({ page, request }) => {
  // axe takes a while over a page this long, more so on a busy machine.
  test.setTimeout(90_000);
  const document = (await (await request.get("/api/v1/openapi.json")).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
  };
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: "MoveWise API reference" })).toBeVisible();
  for (const tag of [
    "Accounts",
    "Listings",
    "Search",
    "Saved homes",
    "Saved searches",
    "Vendor projects",
    "Offers",
    "Sales progression",
    "Payments",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: tag, exact: true })).toBeVisible();
  }
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method}/api/v1${path}`),
  );
  await expect(page.getByRole("article")).toHaveCount(operations.length);
  const signIn = page.locator("article#signIn");
  await expect(signIn).toContainText("/api/v1/auth/signin");
  await expect(signIn).toContainText("rememberMe");
  await expect(signIn.getByText("Example request body")).toBeVisible();
  await expect(page.locator("article#listValuationRequests")).toContainText("Who may call: Admins");
  const getBooking = page.locator("article#getBooking");
  await getBooking.getByText("Response body").click();
  await getBooking.getByRole("link", { name: "Booking" }).click();
  await expect(page).toHaveURL(/#schema-Booking$/);
  await expectAccessible(page);
});

test("an admin creates an API token, sees it once, and revokes it", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Fadmin%2Fapi-tokens");
  await logInThroughForm(page, DEMO_ADMIN);
  await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible();
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText("Name the token")).toBeVisible();
  await expectAccessible(page);

  const name = `Feed ${Date.now()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();
  const token = await page.getByLabel("Your new token").inputValue();
  expect(token).toMatch(/^mw_[\w-]{43}$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(token.slice(0, 9));
  await expectAccessible(page);

  await page.goto("/admin/api-tokens");
  await expect(page.getByLabel("Your new token")).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByText("Token revoked.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Revoked");
});
