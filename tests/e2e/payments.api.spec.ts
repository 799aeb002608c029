// The /api/v1/stripe endpoints over HTTP (sandbox provider), and the promise that no card number or
// security code is ever logged or stored: after a payment, the server's log and every file of its
// database are searched for the card number.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { DEMO_ADMIN, apiSession } from "./support/accounts";
import { SERVER_DATA_DIR, SERVER_LOG } from "./support/server";

test.describe.configure({ mode: "serial" });

const CARD = { cardNumber: "5555 5555 5555 4444", expiry: "12 / 34", cvc: "123", postcode: "LE1 6EJ" };
let paymentIntentId = "";

test("a tampered amount is ignored: a guest with the payment link pays the package price, once", async ({ baseURL }) => {
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  const featured = (await (await admin.get("/api/v1/properties/featured")).json()) as { data: { id: number; address: string }[] };
  const bookingId = featured.data[1]!.id;
  // The link an admin sends the vendor, from the payment page's order summary.
  const path = /\/payment\/\d+\?token=([\w-]+)/.exec(await (await admin.get(`/payment/${bookingId}`)).text())!;
  const guest = await playwrightRequest.newContext({ baseURL });

  const created = await guest.post("/api/v1/stripe/create-payment-intent", { data: { amount: 0.5, bookingId, currency: "gbp", token: path[1] } });
  expect(created.status()).toBe(200);
  const { data } = await created.json();
  expect(data).toMatchObject({ name: expect.any(String), email: expect.stringContaining("@"), clientSecret: expect.stringMatching(/^sbx_pi_/), amount: 1794, amountPence: 179_400, currency: "gbp", provider: "sandbox" });
  expect(data.paymentLink).toBe(`${baseURL}${path[0]}`);
  paymentIntentId = data.paymentIntentId;

  // The sandbox's confirm step is the payment form, which understands the client secret.
  const paid = await guest.post(path[0], { form: { intent: "pay", clientSecret: data.clientSecret, ...CARD, amount: "0.5" }, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  expect(paid.headers().location).toBe(`/payment/success?payment_intent=${paymentIntentId}`);

  const confirmed = await guest.post("/api/v1/stripe/confirm-payment", { data: { paymentIntentId, stripeChargeId: null } });
  expect(confirmed.status()).toBe(200);
  expect(await confirmed.json()).toMatchObject({ success: true, data: { status: "completed", bookingId, amountPence: 179_400 } });

  const history = await (await admin.get(`/api/v1/stripe/payment-history/${bookingId}`)).json();
  expect(history).toMatchObject({ success: true, paid: true });
  expect(history.data.filter((p: { status: string }) => p.status === "completed")).toEqual([
    expect.objectContaining({ paymentIntentId, amount: 1794, amountPence: 179_400, currency: "gbp", cardBrand: "Mastercard", cardLast4: "4444", receiptNumber: expect.stringMatching(/^MW-\d{6}$/) }),
  ]);
  const all = await (await admin.get("/api/v1/stripe/payment-history")).json();
  expect(all.data).toContainEqual(expect.objectContaining({ paymentIntentId, status: "completed" }));

  const again = await guest.post("/api/v1/stripe/create-payment-intent", { data: { amount: 1794, bookingId, currency: "gbp", token: path[1] } });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ success: false, error: "This booking has already been paid." });
  await Promise.all([admin.dispose(), guest.dispose()]);
});

/** Every file under `dir`, read as bytes (as latin1 text so that ASCII digits can be searched for). */
function filesUnder(dir: string): { file: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [{ file, text: readFileSync(file).toString("latin1") }];
  });
}

test("no card number or security code is logged or stored", async () => {
  expect(paymentIntentId, "runs after the payment above").not.toBe("");
  const numbers = [/5555 ?5555 ?5555 ?4444/, /5555-5555-5555-4444/];
  await expect
    .poll(() => readFileSync(SERVER_LOG, "utf8"), { message: "the payment's request is in the log" })
    .toMatch(/"method":"POST","path":"\/payment\/\d+"/);
  const log = readFileSync(SERVER_LOG, "utf8");
  for (const pattern of [...numbers, /cardNumber/i, /"cvc"/i, /sbx_pi_[\w-]+_secret_/]) expect(log).not.toMatch(pattern);

  // The payment itself is on disk (so the search below looks at written data), and no card number is.
  const files = [...filesUnder(path.join(SERVER_DATA_DIR, "pglite")), ...filesUnder(path.join(SERVER_DATA_DIR, "mail"))];
  expect(files.some(({ text }) => text.includes(paymentIntentId)), "the payment is in the database files").toBe(true);
  const leaks = files.filter(({ text }) => numbers.some((pattern) => pattern.test(text))).map(({ file }) => file);
  expect(leaks).toEqual([]);
});
