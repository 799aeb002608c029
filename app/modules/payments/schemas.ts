// The /api/v1/stripe payloads (spec §3: payment intent request, confirm payload) and the admin's refund form.
import { z } from "zod";

import { NOT_BLANK } from "../../lib/fields";

const bookingId = z.union(
  [
    z.number().int().positive().max(999_999_999),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ],
  { error: "bookingId must be the number of a booking." },
);

/** The token of a shared payment link, for a payer who is not signed in. */
const linkToken = z.string().max(100).optional();

export const CreatePaymentIntentSchema = z.object({
  bookingId,
  /** Accepted for the spec's client, and ignored: the server charges the package price. */
  amount: z.number({ error: "amount must be a number." }).optional(),
  currency: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.literal("gbp", { error: "Payments are taken in pounds sterling: currency must be gbp." }).default("gbp"),
  ),
  token: linkToken,
});

export const ConfirmPaymentSchema = z.object({
  paymentIntentId: z
    .string({ error: "paymentIntentId is required." })
    .trim()
    .min(1, { error: "paymentIntentId is required." })
    .max(255)
    .meta(NOT_BLANK),
  /** Sent by the spec's client; the charge is read from the provider instead. */
  stripeChargeId: z.string().max(255).nullish(),
  /** Without a signed-in owner or admin, the payment link's token shows whose payment it is. */
  token: linkToken,
});

export const RefundFormSchema = z.object({
  // At most the largest id the database can hold: a bigger number would fail the lookup with a 500.
  paymentId: z.coerce
    .number({ error: "Choose a payment to refund." })
    .int()
    .positive({ error: "Choose a payment to refund." })
    .max(2_147_483_647, { error: "Choose a payment to refund." }),
});
