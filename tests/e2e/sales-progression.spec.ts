// Sales progression in the browser, as far as the demo data reaches without an accepted offer (the journey from
// an accepted offer to Sold is the lead's, once offers land): the Sale progress tab for the seller and for the
// agency before any sale, the buyer's purchase page refusing others' offers, and the public sale status on the
// property page and the public API. Runs with JavaScript on and off.
import { expect, test } from "@playwright/test";

import { apiSession, DEMO_ADMIN, DEMO_BUYER, DEMO_VENDOR, logInThroughForm } from "./support/accounts";

type Booking = { id: number; status: string; sale_status: string };

test("the seller's Sale progress tab says there is no sale until an offer is accepted; the agency sees it too, with no forms", async ({
  page,
  baseURL,
}) => {
  const vendor = await apiSession(baseURL!, DEMO_VENDOR);
  const created = await vendor.post("/api/v1/vendor/bookings", {
    data: { address: "4 Tracker Lane, Leicester", postcode: "LE1 6EJ", price: 225000, property_type: "Terraced" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto("/login");
  await logInThroughForm(page, DEMO_VENDOR);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/view-a-property/${id}/sale`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sale progress");
  await expect(page.getByRole("link", { name: "Sale progress" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "No sale yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save solicitors" })).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto("/login");
  await logInThroughForm(page, DEMO_ADMIN);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/view-a-property/${id}/sale`);
  await expect(page.getByText("acting for the seller")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No sale yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Issue memorandum of sale" })).toHaveCount(0);

  // The demo vendor's listings stay as they were for the tests that follow.
  expect((await vendor.delete(`/api/v1/vendor/bookings/${id}`)).status()).toBe(200);
  await vendor.dispose();
});

test("a buyer's purchase page is theirs alone: another offer number is not found", async ({ page }) => {
  await page.goto("/login");
  await logInThroughForm(page, DEMO_BUYER);
  await expect(page).not.toHaveURL(/\/login/);
  const response = await page.goto("/my-offers/999999/progress");
  expect(response?.status()).toBe(404);
});

test("the public sale status: a sold home is badged Sold on its page and sold in the API; a home for sale has no badge", async ({
  page,
  request,
}) => {
  const bookings = (await (await request.get("/api/v1/bookings")).json()) as Booking[];
  const sold = bookings.find((b) => b.status === "sold")!;
  const forSale = bookings.find((b) => b.status === "completed")!;
  expect(sold.sale_status).toBe("sold");
  expect(forSale.sale_status).toBe("for-sale");
  const property = (await (await request.get(`/api/v1/properties/${sold.id}`)).json()) as {
    data: { saleStatus: string };
  };
  expect(property.data.saleStatus).toBe("sold");

  await page.goto(`/view-properties/${sold.id}`);
  await expect(page.locator("main [data-sale-status]").first()).toHaveText("Sold");
  await page.goto(`/view-properties/${forSale.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("header [data-sale-status]")).toHaveCount(0);
});
