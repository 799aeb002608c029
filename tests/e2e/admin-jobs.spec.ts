import { expect, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { DEMO_ADMIN, logInThroughForm } from "./support/accounts";

test("a contact message's email shows in the admin's background jobs, sent; the list filters by state", async ({
  page,
  request,
}) => {
  const lastName = `Jobs${Date.now()}`;
  const sent = await request.post("/api/v1/contact-us", {
    data: {
      first_name: "Jo",
      last_name: lastName,
      email: "jo.jobs@example.org",
      message: "Is the flat still for sale?",
    },
  });
  expect(sent.status()).toBe(201);

  await page.goto("/login");
  await logInThroughForm(page, DEMO_ADMIN);
  await page.getByRole("link", { name: "Background jobs" }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Background jobs" })).toBeVisible();
  // The workers send it within a few seconds of the message being saved.
  const row = page.getByRole("row").filter({ hasText: `New message from Jo ${lastName}` });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Done", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText("To office@movewise.example");
  await expect(row).toContainText("1 of 13");
  await expectAccessible(page);

  await page.getByLabel("State").selectOption({ label: "Failed" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/state=failed/);
  await expect(page.getByText("No jobs in this state.")).toBeVisible();
});
