// Offers end to end, with JavaScript on and off: a buyer offers from the property page (with proof of funds),
// the seller counters on the Offers tab, the buyer accepts the counter on My offers; emails go to both sides.
import { expect, type Page, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { apiSession, DEMO_ADMIN, logInThroughForm, newBuyer, newVendor, signedInPage } from "./support/accounts";
import { MAIL_WAIT_MS, mailedLink, subjectsTo } from "./support/mail";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const toast = (page: Page, text: string) => expect(page.getByRole("status").getByText(text)).toBeVisible();

test("a buyer offers with proof of funds, the seller counters, the buyer accepts the counter", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.use.javaScriptEnabled ?? true;
  const stamp = `${Date.now() % 1_000_000}`;
  const address = `${stamp} Offer Close, Leicester`;

  // A vendor's home, listed by the agency.
  const seller = newVendor("offers-seller");
  const sellerApi = await apiSession(baseURL!, seller, { signUp: true });
  const created = await sellerApi.post("/api/v1/vendor/bookings", {
    data: { address, postcode: "LE1 6EJ", price: 300000, property_type: "Terraced" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  expect((await admin.put(`/api/v1/admin/projects/${id}/mark-completed`)).status()).toBe(200);

  // A buyer who has confirmed their address.
  const buyer = { ...newBuyer("offers-buyer"), fullName: "Olive Offerer" };
  const buyerApi = await apiSession(baseURL!, buyer, { signUp: true });
  await expect.poll(() => mailedLink(buyer.email, "/verify-email"), { timeout: MAIL_WAIT_MS }).not.toBeNull();
  const token = new URL(mailedLink(buyer.email, "/verify-email")!, baseURL).searchParams.get("token");
  expect((await buyerApi.post("/api/v1/auth/verify-email", { data: { token } })).status()).toBe(200);

  try {
    // Signed out, "Make an offer" asks to log in, then comes back to the form.
    await page.goto(`/view-properties/${id}`);
    await page.getByRole("link", { name: "Make an offer" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await logInThroughForm(page, buyer);
    await expect(page).toHaveURL(new RegExp(`/view-properties/${id}/offer$`));
    await expect(page.getByRole("heading", { level: 1, name: "Make an offer" })).toBeVisible();
    await expectAccessible(page);

    // A mistake first: field errors by the fields, nothing sent.
    await page.getByLabel("Offer amount (£)").fill("12");
    await page.getByRole("button", { name: "Send offer" }).click();
    await expect(page.getByText("Enter your offer between £1,000 and £100,000,000.")).toBeVisible();
    await expect(page.getByText("Choose your position from the list.")).toBeVisible();

    await page.getByLabel("Offer amount (£)").fill("295,000");
    await page.getByLabel("First-time buyer").check();
    await page.getByRole("group", { name: "Mortgage agreed in principle" }).getByLabel("Yes").check();
    await page.getByLabel("Proof of funds (PDF, JPEG or PNG)").setInputFiles({
      name: "statement.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await page.getByRole("button", { name: "Send offer" }).click();
    await expect(page).toHaveURL(/\/my-offers$/);
    await toast(page, "Your offer has been sent to the seller.");
    await expect(page.getByRole("heading", { level: 1, name: "My offers" })).toBeVisible();
    const mine = page.getByRole("article", { name: address });
    await expect(mine.getByText("Waiting for the seller")).toBeVisible();
    await expect(mine.getByText("£295,000", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Passed on at once to the seller and the agency.
    await expect
      .poll(() => subjectsTo(seller.email), { timeout: MAIL_WAIT_MS })
      .toContain(`New offer of £295,000 on ${address}`);

    // The seller sees it on the Offers tab, with the proof of funds, and counters.
    const sellerPage = await signedInPage(browser, baseURL!, js, seller);
    await sellerPage.goto(`/view-a-property/${id}/offers`);
    await expect(sellerPage.getByRole("heading", { level: 1, name: "Offers" })).toBeVisible();
    const offer = sellerPage.getByRole("article", { name: "£295,000 from Olive Offerer" });
    await expect(offer.getByText("First-time buyer", { exact: true })).toBeVisible();
    const proof = await sellerPage.request.get(
      (await offer.getByRole("link", { name: "Download proof of funds" }).getAttribute("href"))!,
    );
    expect(proof.status()).toBe(200);
    expect(proof.headers()["content-disposition"]).toMatch(/^attachment/);
    expect(Buffer.from(await proof.body()).equals(PDF)).toBe(true);
    await expectAccessible(sellerPage);
    await offer.getByLabel("Counter-offer amount (£)").fill("310000");
    await offer.getByRole("button", { name: "Send counter-offer" }).click();
    await toast(sellerPage, "Counter-offer sent to the buyer.");
    await expect(
      sellerPage.getByRole("article", { name: "£295,000 from Olive Offerer" }).getByText("Counter-offer made"),
    ).toBeVisible();

    // The buyer accepts the counter.
    await page.goto("/my-offers");
    await expect(mine.getByText("The seller has countered with £310,000")).toBeVisible();
    await mine.getByRole("button", { name: "Accept £310,000" }).click();
    await toast(page, "You have accepted the seller's counter-offer. The home is now under offer to you.");
    await expect(mine.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(mine.getByRole("link", { name: "Track your purchase" })).toHaveAttribute(
      "href",
      /\/my-offers\/\d+\/progress$/,
    );

    // The seller's tab and the API agree: accepted at the counter, the home under offer.
    await sellerPage.reload();
    await expect(
      sellerPage.getByRole("article", { name: "£310,000 from Olive Offerer" }).getByText("Accepted", { exact: true }),
    ).toBeVisible();
    await expect(sellerPage.getByText("Under offer", { exact: true })).toBeVisible();
    const offers = (await (await buyerApi.get("/api/v1/offers")).json()) as {
      offers: { status: string; amount: number }[];
    };
    expect(offers.offers).toMatchObject([{ status: "accepted", amount: 310000 }]);
    await expect
      .poll(() => subjectsTo(seller.email), { timeout: MAIL_WAIT_MS })
      .toContain(`Counter-offer accepted: £310,000 on ${address}`);
    await sellerPage.context().close();
  } finally {
    await admin.delete(`/api/v1/admin/projects/${id}`);
    await Promise.all([admin, sellerApi, buyerApi].map((c) => c.dispose()));
  }
});
