import { z } from "zod";

import type { toApiPayment, toApiPaymentStatus } from "../../../payments/history.server";
import { ConfirmPaymentSchema, CreatePaymentIntentSchema } from "../../../payments/schemas";
import { type ApiOperation, documents, idParam, isoDateTime, wrapped } from "../registry";

const paymentStatus = z.enum(["completed", "pending", "processing", "failed", "cancelled", "refunded"]);

const PaymentStatusSchema = documents<ReturnType<typeof toApiPaymentStatus>>()(
  z
    .object({
      bookingId: z.number().int(),
      paymentIntentId: z.string(),
      status: paymentStatus,
      amount: z.number().meta({ description: "Pounds, e.g. 1794" }),
      amountPence: z.number().int(),
      currency: z.string().meta({ example: "gbp" }),
      cardBrand: z.string().nullable(),
      cardLast4: z.string().nullable(),
      receiptNumber: z.string().nullable().meta({ example: "MW-000001" }),
    })
    .meta({ id: "PaymentStatus" }),
);

const PaymentSchema = documents<ReturnType<typeof toApiPayment>>()(
  PaymentStatusSchema.extend({
    id: z.number().int(),
    address: z.string(),
    provider: z.enum(["stripe", "sandbox"]),
    chargeId: z.string().nullable(),
    failureMessage: z.string().nullable(),
    createdAt: isoDateTime,
    completedAt: isoDateTime.nullable(),
    refundedAt: isoDateTime.nullable(),
  }).meta({ id: "Payment" }),
);

export const paymentOperations: ApiOperation[] = [
  {
    operationId: "createPaymentIntent",
    method: "post",
    path: "/stripe/create-payment-intent",
    tag: "Payments",
    summary: "Open a card payment for a booking",
    description:
      "For the booking's vendor, or anyone with its payment link (`token`). The amount is always the selling package's price worked out on the server; `amount` is accepted and ignored. With Stripe, confirm the card with Stripe.js and `clientSecret`; in the sandbox, use the payment page.",
    access: "owner-or-link",
    errorShape: "wrapper",
    body: { schema: CreatePaymentIntentSchema, example: { bookingId: 1, amount: 1794, currency: "gbp" } },
    responses: {
      200: {
        description: "The payment intent.",
        schema: wrapped(
          z.object({
            name: z.string(),
            email: z.string(),
            clientSecret: z.string(),
            paymentIntentId: z.string(),
            amount: z.number(),
            amountPence: z.number().int(),
            currency: z.string(),
            provider: z.enum(["stripe", "sandbox"]),
            publishableKey: z.string().nullable(),
            paymentLink: z.string(),
          }),
        ),
      },
    },
    errors: {
      400: "bookingId is missing or currency is not gbp.",
      401: "Signed out and no payment link token.",
      403: "Admins do not pay.",
      404: "No booking of yours has this id, or the link token is wrong.",
      409: "Already paid, or the contract is not signed yet.",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
      429: "Too many attempts; wait for Retry-After seconds.",
    },
  },
  {
    operationId: "confirmPayment",
    method: "post",
    path: "/stripe/confirm-payment",
    tag: "Payments",
    summary: "Record a confirmed card payment",
    description:
      "For the booking's vendor, an admin, or the holder of its payment link (`token`, as in the link's `?token=`): a payment intent id alone is not enough. The provider is asked for the payment's state, which is recorded only if its booking, amount and currency are those of the charge; the body is not trusted. The webhook remains the source of truth.",
    access: "public",
    errorShape: "wrapper",
    body: { schema: ConfirmPaymentSchema, example: { paymentIntentId: "pi_3Nc…", stripeChargeId: "ch_3Nc…" } },
    responses: {
      200: { description: "Completed (or refunded).", schema: wrapped(PaymentStatusSchema) },
      202: { description: "Still processing.", schema: wrapped(PaymentStatusSchema) },
    },
    errors: {
      400: "paymentIntentId is missing.",
      402: "The card was declined (the provider's message).",
      404: "No payment has this id, or it is not yours and no valid payment link token was sent.",
      409: "The payment has not been confirmed yet, or the provider reports a different booking, amount or currency.",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
    },
  },
  {
    operationId: "paymentHistory",
    method: "get",
    path: "/stripe/payment-history",
    tag: "Payments",
    summary: "My payments (every payment for an admin)",
    access: "vendor-or-admin",
    errorShape: "wrapper",
    responses: { 200: { description: "Newest first, at most 500.", schema: wrapped(z.array(PaymentSchema)) } },
    errors: { 401: "Signed out.", 403: "A buyer's account: buyers have no payments." },
  },
  {
    operationId: "bookingPaymentHistory",
    method: "get",
    path: "/stripe/payment-history/{bookingId}",
    tag: "Payments",
    summary: "One booking's payments",
    description:
      "For the booking's vendor, an admin, or the holder of its payment link (`?token=`). `paid` is true once any payment completed.",
    access: "owner-or-link",
    errorShape: "wrapper",
    params: {
      path: idParam("bookingId", "The booking's id."),
      query: z.object({ token: z.string().optional().meta({ description: "The payment link's token." }) }),
    },
    responses: {
      200: { description: "Newest first.", schema: wrapped(z.array(PaymentSchema), { paid: z.boolean() }) },
    },
    errors: { 401: "Signed out and no token.", 404: "No booking of yours has this id, or the token is wrong." },
  },
  {
    operationId: "stripeWebhook",
    method: "post",
    path: "/stripe/webhook",
    tag: "Payments",
    summary: "Stripe's webhook (for Stripe only)",
    description:
      "Point the Stripe dashboard at {PUBLIC_URL}/api/v1/stripe/webhook. The Stripe-Signature header must verify with STRIPE_WEBHOOK_SECRET.",
    access: "public",
    body: {
      schema: z
        .object({ id: z.string(), type: z.string() })
        .meta({ description: "A Stripe event, exactly as Stripe sent it." }),
      example: { id: "evt_1", type: "payment_intent.succeeded" },
    },
    responses: {
      200: {
        description: "Applied (or already seen).",
        schema: z.object({ received: z.literal(true), duplicate: z.boolean() }),
      },
    },
    errors: {
      400: "The signature does not verify.",
      404: "Stripe is not configured on this server (sandbox payments).",
      413: "The event is over 512 KB.",
    },
  },
];
