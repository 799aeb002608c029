// The Stripe provider against a local fake of api.stripe.com: the requests the `stripe` library sends
// (amount, currency, metadata, idempotency keys), what is recorded from Stripe's answers, and the
// webhook (signature on the raw body, stale and forged deliveries, repeated events).
import { afterEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { paymentLinkToken } from "../../app/modules/payments/payment-link.server";
import { action as adminAction } from "../../app/routes/admin.payments";
import { action as confirmPayment } from "../../app/routes/api.v1.stripe.confirm-payment";
import { action as createIntent } from "../../app/routes/api.v1.stripe.create-payment-intent";
import { action as webhook } from "../../app/routes/api.v1.stripe.webhook";
import { action as pay, loader as paymentPage } from "../../app/routes/payment.$projectId";
import { loader as successPage } from "../../app/routes/payment.success";
import { setupTestDatabase } from "../support/database";
import { setupFakeStripe, signedWebhook } from "../support/fake-stripe";
import { account, projectOf, request, routeArgs, settle } from "../support/payments";
import { sendQueuedMail, setupSmtpServer } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();
const stripe = setupFakeStripe();

afterEach(() => resetLimiters());

type Page = {
  intent: { id: string; clientSecret: string; status: string } | null;
  paid: unknown;
  problem: string | null;
  provider: string;
  publishableKey: string | null;
};

async function openPage(projectId: number, cookie: string) {
  const page = await settle(() =>
    paymentPage(routeArgs(request(`/payment/${projectId}`, { cookie }), { projectId: String(projectId) })),
  );
  expect(page.status).toBe(200);
  return page.data as Page;
}

function deliver(type: string, object: unknown, options?: Parameters<typeof signedWebhook>[2], signature?: string) {
  const event = signedWebhook(type, object, options);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Stripe-Signature": signature ?? event.signature,
  };
  return webhook(
    routeArgs(new Request("http://localhost/api/v1/stripe/webhook", { method: "POST", headers, body: event.payload })),
  );
}

const paymentsOf = (projectId: number) => prisma.payment.findMany({ where: { projectId }, orderBy: { id: "asc" } });

describe("creating the payment intent", () => {
  test("the page creates a PaymentIntent for 179400 pence in gbp with the booking id and an idempotency key, and reuses it", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const page = await openPage(project.id, ann.cookie);
    expect(page).toMatchObject({
      provider: "stripe",
      publishableKey: "pk_test_fake_publishable_key",
      problem: null,
      intent: { id: "pi_fake_1", clientSecret: "pi_fake_1_secret_fake", status: "pending" },
    });

    const [create] = stripe.requests;
    expect(create).toMatchObject({ method: "POST", path: "/v1/payment_intents" });
    expect(create!.form).toMatchObject({
      amount: "179400",
      currency: "gbp",
      "metadata[bookingId]": String(project.id),
      "allowed_payment_method_types[0]": "card",
      description: expect.stringContaining("42 Welford Road"),
    });
    expect(create!.headers["idempotency-key"]).toBe(`booking-${project.id}-payment-1`);
    expect(create!.headers.authorization).toBe("Bearer sk_test_fake_secret_key");

    const again = await openPage(project.id, ann.cookie);
    expect(again.intent).toEqual(page.intent);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/payment_intents",
      "GET /v1/payment_intents/pi_fake_1",
    ]);
    expect(await paymentsOf(project.id)).toMatchObject([
      { provider: "stripe", providerPaymentId: "pi_fake_1", amountPence: 179_400, status: "pending" },
    ]);
  });

  test("the API ignores a tampered amount: Stripe is asked for the package price", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const response = await createIntent(
      routeArgs(
        request("/api/v1/stripe/create-payment-intent", {
          cookie: ann.cookie,
          json: { amount: 0.5, bookingId: project.id, currency: "gbp" },
        }),
      ),
    );
    expect(await response.json()).toMatchObject({
      success: true,
      data: {
        name: "Ann Seller",
        email: ann.email,
        clientSecret: "pi_fake_1_secret_fake",
        amountPence: 179_400,
        provider: "stripe",
        publishableKey: "pk_test_fake_publishable_key",
      },
    });
    expect(stripe.requests[0]!.form.amount).toBe("179400");
  });

  test("when Stripe fails, the API says 'Failed to create payment intent' (502) and the page 'Failed to initialize payment'", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    stripe.failAllRequests(500);
    const response = await createIntent(
      routeArgs(
        request("/api/v1/stripe/create-payment-intent", { cookie: ann.cookie, json: { bookingId: project.id } }),
      ),
    );
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ success: false, error: "Failed to create payment intent" });
    expect((await openPage(project.id, ann.cookie)).problem).toBe("Failed to initialize payment");
    expect(await paymentsOf(project.id)).toEqual([]);
  });
});

describe("confirm-payment", () => {
  test("asks Stripe and records the payment when status, amount, currency and booking match", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await openPage(project.id, ann.cookie);
    stripe.succeed(intent!.id, { brand: "visa", last4: "4242" });
    const response = await confirmPayment(
      routeArgs(
        request("/api/v1/stripe/confirm-payment", {
          cookie: ann.cookie,
          json: { paymentIntentId: intent!.id, stripeChargeId: "ch_whatever" },
        }),
      ),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      data: { status: "completed", receiptNumber: "MW-000001" },
    });
    expect(stripe.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/payment_intents/${intent!.id}` });
    expect(await paymentsOf(project.id)).toMatchObject([
      { status: "completed", cardBrand: "Visa", cardLast4: "4242", chargeId: expect.stringMatching(/^ch_fake_/) },
    ]);
    await sendQueuedMail();
    expect(inbox.map((m) => m.to).sort()).toEqual([[ann.email], ["office@movewise.example"]].sort());
  });

  test("refuses an intent whose amount or booking at Stripe differs from what we created", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await openPage(project.id, ann.cookie);
    Object.assign(stripe.succeed(intent!.id), { amount: 50 });
    const response = await confirmPayment(
      routeArgs(
        request("/api/v1/stripe/confirm-payment", { cookie: ann.cookie, json: { paymentIntentId: intent!.id } }),
      ),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ success: false, error: "Failed to confirm payment" });
    expect((await paymentsOf(project.id))[0]!.status).toBe("pending");
    expect(await prisma.auditEvent.findFirst({ where: { action: "payment.mismatch" } })).toMatchObject({
      detail: { reported: { amountPence: 50 }, expected: { amountPence: 179_400 } },
    });
  });

  test("a declined card comes back as 402 with Stripe's message", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await openPage(project.id, ann.cookie);
    stripe.decline(intent!.id, "Your card has insufficient funds.");
    const response = await confirmPayment(
      routeArgs(
        request("/api/v1/stripe/confirm-payment", { cookie: ann.cookie, json: { paymentIntentId: intent!.id } }),
      ),
    );
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ success: false, error: "Your card has insufficient funds." });
  });
});

describe("the webhook", () => {
  test("a signed payment_intent.succeeded completes the payment; the same event again changes nothing", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await openPage(project.id, ann.cookie);
    const succeeded = stripe.succeed(intent!.id);

    const first = await deliver("payment_intent.succeeded", succeeded, { id: "evt_once" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const [payment] = await paymentsOf(project.id);
    expect(payment).toMatchObject({ status: "completed", receiptNumber: 1 });
    await sendQueuedMail();
    expect(inbox).toHaveLength(2);

    const repeat = await deliver("payment_intent.succeeded", succeeded, { id: "evt_once" });
    expect(await repeat.json()).toEqual({ received: true, duplicate: true });
    expect(await paymentsOf(project.id)).toEqual([payment]);
    await sendQueuedMail();
    expect(inbox).toHaveLength(2);
    expect(await prisma.processedWebhookEvent.findMany()).toMatchObject([
      { id: "evt_once", type: "payment_intent.succeeded" },
    ]);
  });

  test("a correctly signed succeeded event for another amount, currency or booking is recorded as a mismatch and never marks the booking paid", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const other = await projectOf(ann, "5 Other Road");
    const { intent } = await openPage(project.id, ann.cookie);
    const succeeded = stripe.succeed(intent!.id);
    const lies = [{ amount: 1 }, { currency: "usd" }, { metadata: { bookingId: String(other.id) } }];
    for (const [n, lie] of lies.entries()) {
      const response = await deliver("payment_intent.succeeded", { ...succeeded, ...lie }, { id: `evt_lie_${n}` });
      expect(response.status).toBe(200);
    }
    expect(await paymentsOf(project.id)).toMatchObject([
      { status: "pending", receiptNumber: null, amountPence: 179_400 },
    ]);
    expect(await paymentsOf(other.id)).toEqual([]);
    expect(inbox).toEqual([]);
    const mismatches = await prisma.auditEvent.findMany({
      where: { action: "payment.mismatch" },
      orderBy: { id: "asc" },
    });
    expect(mismatches.map((m) => m.detail)).toMatchObject([
      {
        eventId: "evt_lie_0",
        providerPaymentId: intent!.id,
        reported: { amountPence: 1 },
        expected: { amountPence: 179_400, currency: "gbp", projectId: project.id },
      },
      { eventId: "evt_lie_1", reported: { currency: "usd" } },
      { eventId: "evt_lie_2", reported: { bookingId: other.id } },
    ]);

    // A Checkout payment the app has not seen must be for the package price too.
    const { location } = await settle(() =>
      pay(
        routeArgs(request(`/payment/${other.id}`, { cookie: ann.cookie, form: { intent: "checkout" } }), {
          projectId: String(other.id),
        }),
      ),
    );
    const session = stripe.payCheckoutSession(location!.split("/").at(-1)!);
    await deliver("checkout.session.completed", { ...session, amount_total: 100 }, { id: "evt_cheap_session" });
    expect(await paymentsOf(other.id)).toEqual([]);
    expect(await prisma.auditEvent.count({ where: { action: "payment.mismatch" } })).toBe(4);

    // The real event still completes the payment.
    await deliver("payment_intent.succeeded", succeeded, { id: "evt_true" });
    expect(await paymentsOf(project.id)).toMatchObject([{ status: "completed", receiptNumber: 1 }]);
  });

  test("forged, stale and unsigned deliveries are refused with 400 and change nothing", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await openPage(project.id, ann.cookie);
    const succeeded = stripe.succeed(intent!.id);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    for (const response of [
      await deliver("payment_intent.succeeded", succeeded, { secret: "whsec_someone_else" }),
      await deliver("payment_intent.succeeded", succeeded, { timestamp: tenMinutesAgo }),
      await deliver("payment_intent.succeeded", succeeded, {}, "t=1,v1=deadbeef"),
      await deliver("payment_intent.succeeded", succeeded, {}, ""),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "The webhook signature is not valid." });
    }
    // A body changed after signing fails too: the signature covers the raw bytes.
    const event = signedWebhook("payment_intent.succeeded", succeeded);
    const tampered = await webhook(
      routeArgs(
        new Request("http://localhost/api/v1/stripe/webhook", {
          method: "POST",
          headers: { "Stripe-Signature": event.signature },
          body: event.payload.replace("179400", "50"),
        }),
      ),
    );
    expect(tampered.status).toBe(400);
    expect((await paymentsOf(project.id))[0]!.status).toBe("pending");
    expect(await prisma.processedWebhookEvent.count()).toBe(0);
  });

  test("payment_failed records the reason; a late failure never undoes a completed payment", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await openPage(project.id, ann.cookie);
    const declined = JSON.parse(JSON.stringify(stripe.decline(intent!.id, "Your card was declined.")));
    await deliver("payment_intent.payment_failed", declined);
    expect((await paymentsOf(project.id))[0]).toMatchObject({
      status: "failed",
      failureMessage: "Your card was declined.",
    });

    // The customer tries again on the same intent and it succeeds; then the old failure arrives late.
    await deliver("payment_intent.succeeded", stripe.succeed(intent!.id));
    await deliver("payment_intent.payment_failed", declined);
    expect((await paymentsOf(project.id))[0]).toMatchObject({ status: "completed", failureMessage: null });
  });

  test("charge.refunded marks the payment refunded; events about unknown bookings or of other types are acknowledged", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await openPage(project.id, ann.cookie);
    await deliver("payment_intent.succeeded", stripe.succeed(intent!.id));
    const refund = await deliver("charge.refunded", {
      id: "ch_1",
      object: "charge",
      refunded: true,
      payment_intent: intent!.id,
      refunds: { object: "list", data: [{ id: "re_dash_1" }] },
    });
    expect(refund.status).toBe(200);
    expect((await paymentsOf(project.id))[0]).toMatchObject({ status: "refunded", refundId: "re_dash_1" });
    // A late success does not bring a refunded payment back.
    await deliver("payment_intent.succeeded", stripe.intents.get(intent!.id));
    expect((await paymentsOf(project.id))[0]!.status).toBe("refunded");

    expect((await deliver("customer.created", { id: "cus_1", object: "customer" })).status).toBe(200);
    expect(
      (
        await deliver("payment_intent.succeeded", {
          ...stripe.intents.get(intent!.id),
          id: "pi_other",
          metadata: { bookingId: "999999" },
        })
      ).status,
    ).toBe(200);
    expect(await prisma.payment.count()).toBe(1);
  });

  test("a second successful payment for a paid booking is refunded automatically", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await openPage(project.id, ann.cookie);
    await deliver("payment_intent.succeeded", stripe.succeed(intent!.id));
    // An old intent (e.g. from a tab left open) also goes through.
    await prisma.payment.create({
      data: {
        projectId: project.id,
        provider: "stripe",
        providerPaymentId: "pi_old_tab",
        amountPence: 179_400,
        status: "pending",
      },
    });
    stripe.intents.set("pi_old_tab", { ...stripe.intents.get(intent!.id), id: "pi_old_tab" });
    await deliver("payment_intent.succeeded", stripe.intents.get("pi_old_tab"));

    const refundCall = stripe.requests.find((r) => r.path === "/v1/refunds");
    expect(refundCall?.form).toEqual({ payment_intent: "pi_old_tab", reason: "duplicate" });
    expect((await paymentsOf(project.id)).map((p) => [p.providerPaymentId, p.status])).toEqual([
      [intent!.id, "completed"],
      ["pi_old_tab", "refunded"],
    ]);
  });
});

describe("refunds, and paying without JavaScript", () => {
  test("an admin's refund goes to Stripe with an idempotency key and marks the payment refunded", async () => {
    const ann = await account("vendor");
    const admin = await account("admin");
    const project = await projectOf(ann);
    const { intent } = await openPage(project.id, ann.cookie);
    await deliver("payment_intent.succeeded", stripe.succeed(intent!.id));
    const [payment] = await paymentsOf(project.id);
    const result = await settle(() =>
      adminAction(
        routeArgs(request("/admin/payments", { cookie: admin.cookie, form: { paymentId: String(payment!.id) } })),
      ),
    );
    expect(result.status).toBe(302);
    const refundCall = stripe.requests.find((r) => r.path === "/v1/refunds")!;
    expect(refundCall.form).toEqual({ payment_intent: intent!.id, reason: "requested_by_customer" });
    expect(refundCall.headers["idempotency-key"]).toBe(`refund-${intent!.id}`);
    expect((await paymentsOf(project.id))[0]).toMatchObject({
      status: "refunded",
      refundId: expect.stringMatching(/^re_fake_/),
    });
  });

  test("the pay button posts to the server, which redirects to a Checkout Session; its return and webhook record the payment", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const result = await settle(() =>
      pay(
        routeArgs(request(`/payment/${project.id}`, { cookie: ann.cookie, form: { intent: "checkout" } }), {
          projectId: String(project.id),
        }),
      ),
    );
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_\d+$/);
    const create = stripe.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(create.form).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "179400",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][quantity]": "1",
      "metadata[bookingId]": String(project.id),
      "payment_intent_data[metadata][bookingId]": String(project.id),
      customer_email: ann.email,
      success_url: `http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}&token=${paymentLinkToken(project)}`,
      cancel_url: `http://localhost:3000/payment/${project.id}?token=${paymentLinkToken(project)}`,
    });

    const session = stripe.payCheckoutSession(result.location!.split("/").at(-1)!);
    const back = await settle(() =>
      successPage(routeArgs(request(`/payment/success?session_id=${session.id}&token=${paymentLinkToken(project)}`))),
    );
    expect(back.data).toMatchObject({
      receipt: { number: "MW-000001", amount: "£1,794.00", card: "Mastercard ending 4444" },
    });
    // The session id alone records the payment but shows no receipt.
    expect(
      (await settle(() => successPage(routeArgs(request(`/payment/success?session_id=${session.id}`))))).data,
    ).toEqual({ receipt: null, processing: false });
    expect(await paymentsOf(project.id)).toMatchObject([
      { providerPaymentId: session.payment_intent, checkoutSessionId: session.id, status: "completed" },
    ]);

    // The webhook for the same payment arrives afterwards and changes nothing.
    const completed = await deliver("checkout.session.completed", { ...session, object: "checkout.session" });
    expect(completed.status).toBe(200);
    expect(await paymentsOf(project.id)).toHaveLength(1);
    await sendQueuedMail();
    expect(inbox.filter((m) => m.to.includes(ann.email))).toHaveLength(1);
  });

  test("checkout.session.completed alone records a payment the app has not seen before", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { location } = await settle(() =>
      pay(
        routeArgs(request(`/payment/${project.id}`, { cookie: ann.cookie, form: { intent: "checkout" } }), {
          projectId: String(project.id),
        }),
      ),
    );
    const session = stripe.payCheckoutSession(location!.split("/").at(-1)!);
    await deliver("checkout.session.completed", session);
    expect(await paymentsOf(project.id)).toMatchObject([
      { providerPaymentId: session.payment_intent, status: "completed", amountPence: 179_400 },
    ]);
  });
});
