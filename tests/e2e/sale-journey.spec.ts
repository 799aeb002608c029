// A home from listed to sold, with JavaScript on and off, as its three people see it: a buyer books a viewing,
// the seller confirms it (the buyer gets a calendar invitation), the agency records feedback, the buyer
// offers, the seller counters, the buyer accepts the counter; the listing shows Under offer, then Sold STC
// once the memorandum is issued; the agency ticks the tracker to completion and the listing shows Sold.
// Every step's email is checked in the outbox.
import { type Browser, expect, type Page, test } from "@playwright/test";

import { formatPrice } from "../../app/lib/format";
import { expectAccessible } from "./support/a11y";
import { apiSession, DEMO_ADMIN, newBuyer, newVendor, signedInPage } from "./support/accounts";
import { fillOfferForm, tomorrow } from "./support/listings";
import { MAIL_WAIT_MS, mailedLink, outboxFor, subjectsTo } from "./support/mail";

/** The agency's inbox in the e2e server (AGENCY_EMAIL's default). */
const AGENCY = "office@movewise.example";

const MILESTONES = [
  "Seller's solicitor instructed",
  "Buyer's solicitor instructed",
  "ID and anti-money-laundering checks done",
  "Searches ordered",
  "Searches received",
  "Mortgage valuation",
  "Mortgage offer",
  "Enquiries answered",
  "Exchange of contracts",
  "Completion",
];

async function expectMail(to: string, subject: RegExp) {
  await expect
    .poll(() => subjectsTo(to).some((s) => subject.test(s)), { timeout: MAIL_WAIT_MS, message: `${subject} to ${to}` })
    .toBe(true);
}

const signedIn = (browser: Browser, baseURL: string, who: { email: string; password: string }) =>
  signedInPage(browser, baseURL, test.info().project.use.javaScriptEnabled ?? true, who);

const publicStatus = async (page: Page, id: number, label: string) => {
  await page.goto(`/view-properties/${id}`);
  await expect(page.getByRole("main").getByText(label, { exact: true }).first()).toBeVisible();
};

test("a home goes from listed to sold: viewing, feedback, offer, counter, memorandum, tracker, completion", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now() % 1_000_000}`;
  const address = `${stamp} Journey Road, Leicester LE1 6EJ`;

  // The seller lists a home through the agency.
  const vendor = newVendor("seller");
  const vendorApi = await apiSession(baseURL!, vendor, { signUp: true });
  const created = await vendorApi.post("/api/v1/vendor/bookings", {
    data: { address, postcode: "LE1 6EJ", price: 250_000, property_type: "Terraced" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  expect((await admin.put(`/api/v1/admin/projects/${id}/mark-completed`)).status()).toBe(200);

  try {
    // A buyer signs up and confirms the address.
    const buyer = newBuyer("offerer");
    await (await apiSession(baseURL!, buyer, { signUp: true })).dispose();
    await expect.poll(() => mailedLink(buyer.email, "/verify-email"), { timeout: MAIL_WAIT_MS }).not.toBeNull();
    const buyerPage = await signedIn(browser, baseURL!, buyer);
    await buyerPage.goto(mailedLink(buyer.email, "/verify-email")!);
    await expect(
      buyerPage.getByRole("heading", { level: 1, name: /your email address is (already )?confirmed/i }),
    ).toBeVisible();

    // 1. The buyer books a viewing.
    await buyerPage.goto(`/view-properties/${id}/request-viewing`);
    await buyerPage.getByLabel("First name").fill("Olive");
    await buyerPage.getByLabel("Last name").fill("Offerer");
    await buyerPage.getByLabel("Email").fill(buyer.email);
    await buyerPage.getByLabel("Phone number").fill("07700 900456");
    await buyerPage.getByLabel("Preferred date").fill(tomorrow());
    await buyerPage.getByLabel("Preferred time").selectOption({ label: "11:00 AM" });
    await buyerPage.getByRole("button", { name: "Request Now" }).click();
    await expect(buyerPage.getByText("Viewing request submitted successfully!")).toBeVisible();

    // 2. The seller confirms it on the Viewings tab, seeing the buyer's name but not their contact details.
    const sellerPage = await signedIn(browser, baseURL!, vendor);
    await sellerPage.goto(`/view-a-property/${id}/viewings`);
    await expect(sellerPage.getByRole("heading", { level: 1, name: "Viewings" })).toBeVisible();
    await expect(sellerPage.getByRole("main")).toContainText("Olive Offerer");
    await expect(sellerPage.getByRole("main")).not.toContainText(buyer.email);
    await expect(sellerPage.getByRole("main")).not.toContainText("07700 900456");
    await expectAccessible(sellerPage);
    await sellerPage.getByRole("button", { name: "Confirm viewing" }).click();
    await expect(sellerPage.getByRole("main").getByText("Confirmed", { exact: true }).first()).toBeVisible();
    await expectMail(buyer.email, /^Viewing confirmed:/);
    const invitation = outboxFor(buyer.email).find((raw) => /^Subject: Viewing confirmed:/m.test(raw))!;
    expect(invitation).toMatch(/Content-Type: text\/calendar/i);

    // 3. The agency records feedback (the viewing was brought forward: the page warns it is before the booked slot);
    // the seller sees it.
    const adminPage = await signedIn(browser, baseURL!, DEMO_ADMIN);
    await adminPage.goto(`/admin/viewings?property=${id}`);
    await adminPage.getByRole("link", { name: "Record feedback" }).first().click();
    await expect(adminPage.getByRole("heading", { level: 1, name: "Viewing feedback" })).toBeVisible();
    await adminPage.getByLabel("Attended", { exact: true }).check();
    await adminPage.getByLabel("Interested", { exact: true }).check();
    await adminPage.getByLabel("Comment").fill(`Loved the garden ${stamp}`);
    await adminPage.getByRole("button", { name: "Save feedback" }).click();
    await expect(adminPage.getByText(/feedback/i).first()).toBeVisible();
    await sellerPage.goto(`/view-a-property/${id}/viewings`);
    await expect(sellerPage.getByRole("main")).toContainText(`Loved the garden ${stamp}`);

    // 4. The buyer makes an offer from the property page; the seller and the agency are told at once.
    await buyerPage.goto(`/view-properties/${id}`);
    await buyerPage.getByRole("link", { name: "Make an offer" }).click();
    await expect(buyerPage.getByRole("heading", { level: 1, name: "Make an offer" })).toBeVisible();
    await fillOfferForm(buyerPage, "240000");
    await expectAccessible(buyerPage);
    await buyerPage.getByRole("button", { name: "Send offer" }).click();
    await expect(buyerPage).toHaveURL(/\/my-offers$/);
    await expect(buyerPage.getByText("Your offer has been sent to the seller.")).toBeVisible();
    const offerSubject = new RegExp(`^New offer of £240,000 on ${stamp} Journey Road`);
    await expectMail(vendor.email, offerSubject);
    await expectMail(AGENCY, offerSubject);

    // 5. The seller counters.
    await sellerPage.goto(`/view-a-property/${id}/offers`);
    await expect(sellerPage.getByRole("heading", { level: 1, name: "Offers" })).toBeVisible();
    await expect(sellerPage.getByRole("main")).toContainText("£240,000");
    await expect(sellerPage.getByRole("main")).toContainText("First-time buyer");
    await sellerPage.getByLabel("Counter-offer amount (£)").fill("245000");
    await sellerPage.getByRole("button", { name: "Send counter-offer" }).click();
    await expect(sellerPage.getByRole("main")).toContainText("£245,000");

    // 6. The buyer accepts the counter; the home is Under offer for everyone.
    await buyerPage.goto("/my-offers");
    await expect(buyerPage.getByText("The seller has countered with £245,000")).toBeVisible();
    await buyerPage.getByRole("button", { name: `Accept ${formatPrice(245_000)}` }).click();
    await expect(buyerPage.getByRole("link", { name: "Track your purchase" })).toBeVisible();
    const anonymous = await browser.newPage({ baseURL });
    await publicStatus(anonymous, id, "Under offer");
    const listing = (await (await anonymous.request.get(`/api/v1/bookings/${id}`)).json()) as { sale_status: string };
    expect(listing.sale_status).toBe("under-offer");

    // 7. The agency issues the memorandum of sale: Sold STC.
    await adminPage.goto(`/view-a-property/${id}/sale`);
    await expect(adminPage.getByRole("heading", { level: 1, name: "Sale progress" })).toBeVisible();
    await adminPage.getByLabel("Seller's solicitor firm").fill("Granby Law LLP");
    await adminPage.getByLabel("Seller's solicitor email").fill(`seller-law-${stamp}@example.com`);
    await adminPage.getByLabel("Buyer's solicitor firm").fill("Clock Tower Conveyancing");
    await adminPage.getByLabel("Buyer's solicitor email").fill(`buyer-law-${stamp}@example.com`);
    await adminPage.getByRole("button", { name: "Save solicitors" }).click();
    await expect(adminPage.getByLabel("Buyer's solicitor firm")).toHaveValue("Clock Tower Conveyancing");
    await adminPage.getByRole("button", { name: "Issue memorandum of sale" }).click();
    await expectMail(`buyer-law-${stamp}@example.com`, /memorandum of sale/i);
    const memo = outboxFor(`buyer-law-${stamp}@example.com`).at(-1)!;
    expect(memo).toMatch(/Content-Type: application\/pdf/i);
    await publicStatus(anonymous, id, "Sold STC");

    // 8. The tracker, ticked to completion; the seller and the buyer see it; the home is Sold.
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
    for (const milestone of MILESTONES) {
      await adminPage.getByLabel(`${milestone} date`).fill(today);
      await adminPage.getByRole("button", { name: `Save ${milestone}` }).click();
      await expect(adminPage.getByLabel(`${milestone} date`)).toHaveValue(today);
    }
    await expectMail(buyer.email, /./);
    await publicStatus(anonymous, id, "Sold");

    await sellerPage.goto(`/view-a-property/${id}/sale`);
    await expect(sellerPage.getByRole("main")).toContainText("Completion");
    await expect(sellerPage.getByRole("button", { name: "Issue memorandum of sale" })).toHaveCount(0);
    await expectAccessible(sellerPage);
    await buyerPage.goto("/my-offers");
    await buyerPage.getByRole("link", { name: "Track your purchase" }).click();
    await expect(buyerPage.getByRole("heading", { level: 1, name: "Your purchase" })).toBeVisible();
    await expect(buyerPage.getByRole("main")).toContainText("Exchange of contracts");
    await expectAccessible(buyerPage);

    // Every step was written down for the people it concerns.
    const buyerSubjects = subjectsTo(buyer.email);
    for (const subject of [/^Viewing confirmed:/, /offer/i, /memorandum of sale/i])
      expect(
        buyerSubjects.some((s) => subject.test(s)),
        `${subject} to the buyer`,
      ).toBe(true);
    const sellerSubjects = subjectsTo(vendor.email);
    for (const subject of [/^Viewing request/i, offerSubject, /memorandum of sale/i])
      expect(
        sellerSubjects.some((s) => subject.test(s)),
        `${subject} to the seller`,
      ).toBe(true);

    await anonymous.close();
  } finally {
    // The home leaves the demo listings as it found them (other tests count them).
    await admin.delete(`/api/v1/admin/projects/${id}`);
    await Promise.all([vendorApi.dispose(), admin.dispose()]);
  }
});
