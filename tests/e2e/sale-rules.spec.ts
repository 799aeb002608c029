// The sale's rules in the browser, with JavaScript on and off: a buyer's second offer on the same home is
// refused on the amount field; once an offer has ended, the seller's Offers tab no longer names its buyer nor
// offers their proof of funds; once contracts are exchanged, My offers has no withdraw button and says why.
import { expect, test } from "@playwright/test";

import { CONTRACTS_EXCHANGED } from "../../app/modules/sales/milestones";
import { expectAccessible } from "./support/a11y";
import { apiSession, DEMO_ADMIN, newBuyer, newVendor, signedInPage } from "./support/accounts";
import { fillOfferForm } from "./support/listings";
import { MAIL_WAIT_MS, mailedLink } from "./support/mail";

test("one open offer per buyer; an ended offer's buyer is hidden from the seller; no withdrawing after exchange", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const js = test.info().project.use.javaScriptEnabled ?? true;
  const stamp = `${Date.now() % 1_000_000}`;
  const vendor = newVendor("rules-seller");
  const vendorApi = await apiSession(baseURL!, vendor, { signUp: true });
  const created = await vendorApi.post("/api/v1/vendor/bookings", {
    data: {
      address: `${stamp} Rules Row, Leicester LE1 6EJ`,
      postcode: "LE1 6EJ",
      price: 250_000,
      property_type: "Terraced",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  expect((await admin.put(`/api/v1/admin/projects/${id}/mark-completed`)).status()).toBe(200);

  /** A buyer who has signed up and confirmed the address. */
  const confirmedBuyer = async (name: string) => {
    const buyer = { ...newBuyer("rules-buyer"), fullName: `${name} ${stamp}` };
    const api = await apiSession(baseURL!, buyer, { signUp: true });
    await expect.poll(() => mailedLink(buyer.email, "/verify-email"), { timeout: MAIL_WAIT_MS }).not.toBeNull();
    expect((await api.get(mailedLink(buyer.email, "/verify-email")!)).status()).toBe(200);
    return { buyer, api };
  };

  try {
    const kept = await confirmedBuyer("Kay Kept");
    const ended = await confirmedBuyer("Ed Ended");

    // The offer form sent a second time: refused on the amount field, what was typed kept.
    const buyerPage = await signedInPage(browser, baseURL!, js, kept.buyer);
    const offer = async () => {
      await buyerPage.goto(`/view-properties/${id}/offer`);
      await fillOfferForm(buyerPage, "240000");
      await buyerPage.getByRole("button", { name: "Send offer" }).click();
    };
    await offer();
    await expect(buyerPage).toHaveURL(/\/my-offers$/);
    await offer();
    await expect(buyerPage.getByText("You already have an offer on this home").first()).toBeVisible();
    await expect(buyerPage.getByLabel("Offer amount (£)")).toHaveAttribute("aria-invalid", "true");
    await expect(buyerPage.getByLabel("Offer amount (£)")).toHaveValue("240000");
    await expectAccessible(buyerPage);

    // The other buyer's offer is rejected, this one accepted.
    const endedOffer = await ended.api.post(`/api/v1/properties/${id}/offers`, {
      data: { amount: 245_000, position: "cash", mortgageInPrinciple: false },
    });
    expect(endedOffer.status(), await endedOffer.text()).toBe(201);
    const endedId = ((await endedOffer.json()) as { offer: { id: number } }).offer.id;
    const offers = (await (await vendorApi.get(`/api/v1/vendor/bookings/${id}/offers`)).json()) as {
      offers: { id: number; buyerName: string | null }[];
    };
    const keptId = offers.offers.find((o) => o.buyerName === kept.buyer.fullName)!.id;
    const answer = (offerId: number, action: string) =>
      vendorApi.put(`/api/v1/vendor/bookings/${id}/offers/${offerId}`, { data: { action } });
    expect((await answer(endedId, "reject")).status()).toBe(200);
    expect((await answer(keptId, "accept")).status()).toBe(200);

    const sellerPage = await signedInPage(browser, baseURL!, js, vendor);
    await sellerPage.goto(`/view-a-property/${id}/offers`);
    await expect(sellerPage.getByRole("heading", { level: 1, name: "Offers" })).toBeVisible();
    await expect(sellerPage.getByRole("main")).toContainText(kept.buyer.fullName);
    await expect(sellerPage.getByRole("main")).not.toContainText(ended.buyer.fullName);
    await expect(sellerPage.getByRole("main")).toContainText("Not shown: this offer has ended");
    await expectAccessible(sellerPage);

    // Before exchange the buyer may still withdraw; after it, only the agency ends the sale.
    await buyerPage.goto("/my-offers");
    await expect(buyerPage.getByRole("button", { name: "Withdraw from this purchase" })).toBeVisible();
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
    const exchanged = await admin.put(`/api/v1/admin/projects/${id}/progression`, {
      data: { milestones: [{ key: "exchange", date: today }] },
    });
    expect(exchanged.status(), await exchanged.text()).toBe(200);
    await buyerPage.goto("/my-offers");
    await expect(buyerPage.getByText(CONTRACTS_EXCHANGED)).toBeVisible();
    await expect(buyerPage.getByRole("button", { name: "Withdraw from this purchase" })).toHaveCount(0);
    await expectAccessible(buyerPage);
    const withdraw = await kept.api.put(`/api/v1/offers/${keptId}`, { data: { action: "withdraw" } });
    expect(withdraw.status()).toBe(409);

    await Promise.all([kept.api.dispose(), ended.api.dispose()]);
  } finally {
    // The home leaves the demo listings as it found them (other tests count them).
    await admin.delete(`/api/v1/admin/projects/${id}`);
    await Promise.all([vendorApi.dispose(), admin.dispose()]);
  }
});
