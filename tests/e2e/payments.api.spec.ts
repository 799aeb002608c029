// The /api/v1/stripe endpoints over HTTP (sandbox provider), and the promise that no card number or
// security code is ever logged or stored: after a declined and a successful payment, the server's log,
// its outbox and every file of its database are searched for the card number and the security code.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { type APIRequestContext, expect, test } from "@playwright/test";

import { apiContext, apiSession, DEMO_ADMIN, newVendor } from "./support/accounts";
import { signOverHttp } from "./support/contract";
import { serverDataDir, serverLog } from "./support/server";

test.describe.configure({ mode: "serial" });

// A security code no other test uses, so finding it anywhere means this test's card leaked.
const CVC = "958";
const PAID_WITH = { cardNumber: "5555 5555 5555 4444", expiry: "12 / 34", cvc: CVC, postcode: "LE1 6EJ" };
const DECLINED_WITH = { ...PAID_WITH, cardNumber: "4000 0000 0000 0002" };
const PANS = ["5555555555554444", "4000000000000002"];
let paymentIntentId = "";

/** A card number however it was typed: in groups of four with spaces or dashes, or not grouped. */
const panPattern = (pan: string) => new RegExp(pan.match(/.{1,4}/g)!.join("[ -]?"));
/** The security code as a value on its own (not digits inside an id, a token or a timestamp). */
const CVC_ON_ITS_OWN = new RegExp(`(?<![\\w.:+/-])${CVC}(?![\\w.:+/-])`);

/** A new vendor's new project, with its contract signed (paying needs it), and its payment link. */
async function signedProject(baseURL: string) {
  const vendor = newVendor("api-payer");
  const owner = await apiSession(baseURL, vendor, { signUp: true });
  const created = await owner.post("/api/v1/vendor/bookings", {
    data: { address: "3 Tampered Lane, Leicester", postcode: "LE1 6EJ", price: 180000, property_type: "Detached" },
  });
  const { id: bookingId } = (await created.json()) as { id: number };
  const unsigned = await owner.post("/api/v1/stripe/create-payment-intent", {
    data: { amount: 1794, bookingId, currency: "gbp" },
  });
  expect(unsigned.status()).toBe(409);
  expect(await unsigned.json()).toMatchObject({
    success: false,
    error: "Please sign the contract for this property before you pay.",
  });
  await signOverHttp(owner, bookingId, vendor.fullName);
  // The link the vendor shares, from the payment page's order summary.
  const link = /\/payment\/\d+\?token=([\w-]+)/.exec(await (await owner.get(`/payment/${bookingId}`)).text())!;
  return { owner, bookingId, pagePath: link[0], token: link[1]! };
}

async function createIntent(client: APIRequestContext, body: Record<string, unknown>) {
  const created = await client.post("/api/v1/stripe/create-payment-intent", { data: body });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()).data;
}

test("a tampered amount is ignored: a guest with the payment link is declined, then pays the package price, once", async ({
  baseURL,
}) => {
  const { owner, bookingId, pagePath, token } = await signedProject(baseURL!);
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  const guest = await apiContext(baseURL!);

  const data = await createIntent(guest, { amount: 0.5, bookingId, currency: "gbp", token });
  expect(data).toMatchObject({
    name: "Test api-payer",
    email: expect.stringContaining("@"),
    clientSecret: expect.stringMatching(/^sbx_pi_/),
    amount: 1794,
    amountPence: 179_400,
    currency: "gbp",
    provider: "sandbox",
  });
  expect(data.paymentLink).toBe(`${baseURL}${pagePath}`);

  // The sandbox's confirm step is the payment form, which understands the client secret.
  const declined = await guest.post(pagePath, {
    form: { intent: "pay", clientSecret: data.clientSecret, ...DECLINED_WITH, amount: "0.5" },
    maxRedirects: 0,
  });
  expect(declined.status()).toBe(402);
  const declinedPage = await declined.text();
  expect(declinedPage).toContain("Your card was declined.");
  // The form comes back with the expiry and postcode kept, never the card number or security code.
  for (const field of ["cardNumber", "cvc"])
    expect(new RegExp(`<input[^>]*name="${field}"[^>]*>`).exec(declinedPage)?.[0]).not.toContain("value=");
  expect(declinedPage).toMatch(/<input[^>]*name="expiry" value="12 \/ 34"/);
  expect(declinedPage).not.toMatch(CVC_ON_ITS_OWN);

  const retry = await createIntent(guest, { amount: 1, bookingId, currency: "gbp", token });
  expect(retry.paymentIntentId).not.toBe(data.paymentIntentId);
  paymentIntentId = retry.paymentIntentId;
  const paid = await guest.post(pagePath, {
    form: { intent: "pay", clientSecret: retry.clientSecret, ...PAID_WITH, amount: "0.5", amountPence: "50" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(302);
  // The success page gets the link's token, so the guest who holds the link sees the receipt there.
  expect(paid.headers().location).toBe(`/payment/success?payment_intent=${paymentIntentId}&token=${token}`);

  // An intent id alone confirms nothing; with the link's token it does.
  expect(
    (await guest.post("/api/v1/stripe/confirm-payment", { data: { paymentIntentId, stripeChargeId: null } })).status(),
  ).toBe(404);
  const confirmed = await guest.post("/api/v1/stripe/confirm-payment", {
    data: { paymentIntentId, stripeChargeId: null, token },
  });
  expect(confirmed.status()).toBe(200);
  expect(await confirmed.json()).toMatchObject({
    success: true,
    data: { status: "completed", bookingId, amountPence: 179_400 },
  });

  const history = await (await owner.get(`/api/v1/stripe/payment-history/${bookingId}`)).json();
  expect(history).toMatchObject({ success: true, paid: true });
  expect(history.data).toEqual([
    expect.objectContaining({
      paymentIntentId,
      status: "completed",
      amount: 1794,
      amountPence: 179_400,
      currency: "gbp",
      cardBrand: "Mastercard",
      cardLast4: "4444",
      receiptNumber: expect.stringMatching(/^MW-\d{6}$/),
    }),
    expect.objectContaining({
      paymentIntentId: data.paymentIntentId,
      status: "failed",
      failureMessage: "Your card was declined.",
      cardLast4: "0002",
      receiptNumber: null,
    }),
  ]);
  const own = await (await owner.get("/api/v1/stripe/payment-history")).json();
  expect(own.data.map((p: { bookingId: number }) => p.bookingId)).toEqual([bookingId, bookingId]);
  const all = await (await admin.get("/api/v1/stripe/payment-history")).json();
  expect(all.data).toContainEqual(expect.objectContaining({ paymentIntentId, status: "completed" }));

  const again = await guest.post("/api/v1/stripe/create-payment-intent", {
    data: { amount: 1794, bookingId, currency: "gbp", token },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ success: false, error: "This booking has already been paid." });
  await Promise.all([owner.dispose(), admin.dispose(), guest.dispose()]);
});

/** Every file under `dir`, read as bytes (as latin1 text so that ASCII digits can be searched for). */
function filesUnder(dir: string): { file: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [{ file, text: readFileSync(file).toString("latin1") }];
  });
}

test("no card number or security code is logged or stored", async () => {
  expect(paymentIntentId, "runs after the payments above").not.toBe("");
  await expect
    .poll(() => readFileSync(serverLog(), "utf8"), { message: "the payment's request is in the log" })
    .toMatch(/"method":"POST","path":"\/payment\/\d+"/);
  const log = readFileSync(serverLog(), "utf8");
  for (const pattern of [
    ...PANS.map(panPattern),
    CVC_ON_ITS_OWN,
    /cardNumber/i,
    /"cvc"/i,
    /cvc=/i,
    /sbx_pi_[\w-]+_secret_/,
  ])
    expect(log).not.toMatch(pattern);

  // The emails (the VAT receipt among them, once the workers have sent it) show the last four digits at most.
  await expect
    .poll(() => filesUnder(path.join(serverDataDir(), "mail")).some(({ text }) => text.includes(paymentIntentId)), {
      message: "the receipt is in the outbox",
    })
    .toBe(true);
  const mails = filesUnder(path.join(serverDataDir(), "mail"));
  expect(
    mails
      .filter(({ text }) => [...PANS.map(panPattern), CVC_ON_ITS_OWN].some((pattern) => pattern.test(text)))
      .map(({ file }) => file),
  ).toEqual([]);

  // The payment itself is on disk (so the search looks at written data), and no card number is. (Three
  // digits turn up by chance in binary files, so the database's columns are searched for the security
  // code by the integration test instead: tests/integration/payments.test.ts.)
  const files = filesUnder(path.join(serverDataDir(), "pglite"));
  expect(
    files.some(({ text }) => text.includes(paymentIntentId)),
    "the payment is in the database files",
  ).toBe(true);
  expect(
    files.filter(({ text }) => PANS.map(panPattern).some((pattern) => pattern.test(text))).map(({ file }) => file),
  ).toEqual([]);
});
