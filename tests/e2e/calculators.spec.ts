import { expect, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";

test("the stamp duty and mortgage calculators work, with the working shown", async ({ page }) => {
  await page.goto("/calculators");
  await expect(page.getByRole("heading", { level: 1, name: "Buying costs calculators" })).toBeVisible();
  await expectAccessible(page);

  const duty = page.getByRole("region", { name: "Stamp Duty calculator" });
  await duty.getByLabel("Property price").fill("295000");
  await duty.getByRole("button", { name: "Calculate stamp duty" }).click();
  await expect(duty.getByText("£4,750", { exact: true })).toBeVisible();
  await expect(duty.getByRole("table", { name: /band by band/ }).getByRole("row")).toHaveCount(4);

  await duty.getByLabel("First-time buyer").check();
  await duty.getByRole("button", { name: "Calculate stamp duty" }).click();
  await expect(duty.getByText("£0", { exact: true })).toBeVisible();

  const mortgage = page.getByRole("region", { name: "Mortgage calculator" });
  await mortgage.getByLabel("Property price").fill("250000");
  await mortgage.getByLabel("Deposit").fill("50000");
  await mortgage.getByLabel("Interest rate").fill("5");
  await mortgage.getByLabel("Term").fill("25");
  await mortgage.getByRole("button", { name: "Calculate repayments" }).click();
  await expect(mortgage.getByText("£1,169.18")).toBeVisible();
  // Working one calculator keeps the other's result.
  await expect(duty.getByText("£0", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/price=295000/);
  await expectAccessible(page);
});

test("bad calculator input gets a message, not an error page", async ({ page }) => {
  const response = await page.goto("/calculators?mPrice=200000&deposit=300000&rate=5&term=25&price=-3");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("The deposit must be less than the price.")).toBeVisible();
  await expect(page.getByText("The price can't be negative.")).toBeVisible();
});
