import { expect, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { DEMO_ADMIN, logInThroughForm } from "./support/accounts";
import { findBooking, tomorrow } from "./support/listings";

test("the admin confirms a viewing request from the inbox", async ({ page, request }) => {
  const home = await findBooking(request, (b) => b.status === "completed");
  const lastName = `Tester${Date.now()}`;
  const created = await request.post("/api/v1/viewings/request", {
    data: {
      propertyId: home.id,
      firstName: "Morgan",
      lastName,
      email: "morgan@example.org",
      phoneNumber: "07700 900888",
      preferredDate: tomorrow(),
      preferredTime: "11:30",
    },
  });
  expect(created.status()).toBe(201);

  await page.goto("/login?redirectTo=%2Fadmin%2Fviewings");
  await logInThroughForm(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/viewings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Viewing requests" })).toBeVisible();
  await page.getByLabel("Property").selectOption({ value: String(home.id) });
  await page.getByRole("button", { name: "Show requests" }).click();
  await expect(page).toHaveURL(new RegExp(`property=${home.id}`));
  const row = page.getByRole("row").filter({ hasText: lastName });
  await expect(row).toContainText("11:30 AM");
  await expect(row).toContainText("Pending");
  await expectAccessible(page);

  await row.getByRole("button", { name: /^Confirm/ }).click();
  await expect(page.getByText(`Viewing confirmed. We emailed Morgan ${lastName}.`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: lastName })).toContainText("Confirmed");
  await expect(page.getByRole("row").filter({ hasText: lastName }).getByRole("button")).toHaveCount(0);
});

test("the admin dashboard links to the viewings inbox", async ({ page }) => {
  await page.goto("/login");
  await logInThroughForm(page, DEMO_ADMIN);
  await page.getByRole("link", { name: "Viewing requests" }).click();
  await expect(page).toHaveURL(/\/admin\/viewings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Viewing requests" })).toBeVisible();
});
