// The payment-provider interface: Stripe and the offline sandbox answer the same calls, and the
// payments service records whatever they report the same way.
import type { PaymentStatus } from "../status";

/** What a provider reports about one payment intent. */
export type IntentState = {
  id: string;
  status: PaymentStatus;
  amountPence: number;
  currency: string;
  /** The booking (project) the intent was created for, from its metadata; null when it has none. */
  bookingId: number | null;
  chargeId?: string | null;
  failureMessage?: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
  checkoutSessionId?: string | null;
};

export type IntentWithSecret = { state: IntentState; clientSecret: string };

export type NewIntent = {
  bookingId: number;
  amountPence: number;
  currency: string;
  description: string;
  /** The same key returns the same intent: a retried request never makes a second one. */
  idempotencyKey: string;
};

/** A change a provider tells us about on its own (Stripe webhooks). */
export type ProviderEvent = {
  id: string;
  type: string;
  change:
    | { kind: "intent"; state: IntentState }
    | { kind: "refund"; paymentIntentId: string; refundId: string | null }
    | null;
};

export type RefundReason = "requested_by_customer" | "duplicate";

export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  createIntent(intent: NewIntent): Promise<IntentWithSecret>;
  /**
   * The provider's current view of an open intent and its client secret. The sandbox keeps no state
   * of its own (our record is the truth), so it reports `state: null`.
   */
  resumeIntent(id: string): Promise<{ state: IntentState | null; clientSecret: string }>;
  cancelIntent(id: string): Promise<void>;
  refund(providerPaymentId: string, reason: RefundReason): Promise<{ refundId: string }>;
}

export class ProviderError extends Error {
  override name = "ProviderError";
}
