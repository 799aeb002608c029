// The offline sandbox (the default when no Stripe keys are set): it behaves like Stripe in test mode
// with its documented test cards, but nothing leaves this server and no money moves. Intent ids and
// client secrets are signed with SESSION_SECRET, so they cannot be guessed or forged, and the same
// idempotency key always gives the same intent, as it does at Stripe.
import { randomBytes } from "node:crypto";

import { hasValidSignature, sign } from "../../../lib/signing.server";
import {
  AUTHENTICATION_FAILED,
  BRAND_NAMES,
  brandOf,
  chargedAfterAuthentication,
  type SandboxCard,
  sandboxOutcome,
} from "../sandbox-cards";
import type { IntentState, PaymentProvider } from "./types";

const clientSecretFor = (id: string) => `${id}_secret_${sign("sandbox-secret", id)}`;
const SECRET_FORMAT = /^(sbx_pi_[\w-]{24})_secret_([\w-]{32})$/;

/** What a charge attempt did, in the terms of our payment records. */
export type ChargeResult = Pick<IntentState, "status" | "failureMessage" | "cardBrand" | "cardLast4" | "chargeId">;

export type SandboxProvider = PaymentProvider & {
  name: "sandbox";
  /** The intent a client secret belongs to, or null when the secret is not one this sandbox issued. */
  intentIdFrom(clientSecret: string): string | null;
  /** Charges a card as Stripe's test mode would. Only the brand and the last four digits come back. */
  charge(card: SandboxCard): ChargeResult;
  /** The simulated 3-D Secure step for a card that asked for it. */
  authenticate(cardLast4: string, approved: boolean): ChargeResult;
};

const chargeId = () => `sbx_ch_${randomBytes(12).toString("base64url")}`;

export function createSandboxProvider(): SandboxProvider {
  return {
    name: "sandbox",
    async createIntent({ bookingId, amountPence, currency, idempotencyKey }) {
      const id = `sbx_pi_${sign("sandbox-intent", idempotencyKey).slice(0, 24)}`;
      return { state: { id, status: "pending", amountPence, currency, bookingId }, clientSecret: clientSecretFor(id) };
    },
    async resumeIntent(id) {
      return { state: null, clientSecret: clientSecretFor(id) };
    },
    async cancelIntent() {},
    async refund() {
      return { refundId: `sbx_re_${randomBytes(12).toString("base64url")}` };
    },
    intentIdFrom(clientSecret) {
      const [, id, signature] = SECRET_FORMAT.exec(clientSecret) ?? [];
      return id && hasValidSignature("sandbox-secret", id, signature) ? id : null;
    },
    charge(card) {
      const outcome = sandboxOutcome(card.cardNumber);
      const cardFacts = { cardBrand: BRAND_NAMES[brandOf(card.cardNumber)], cardLast4: card.cardNumber.slice(-4) };
      if (outcome.kind === "succeeds")
        return { status: "completed", failureMessage: null, chargeId: chargeId(), ...cardFacts };
      if (outcome.kind === "declines")
        return { status: "failed", failureMessage: outcome.message, chargeId: null, ...cardFacts };
      return { status: "processing", failureMessage: null, chargeId: null, ...cardFacts };
    },
    authenticate(cardLast4, approved) {
      if (!approved) return { status: "failed", failureMessage: AUTHENTICATION_FAILED, chargeId: null };
      if (!chargedAfterAuthentication(cardLast4))
        return { status: "failed", failureMessage: "Your card was declined.", chargeId: chargeId() };
      return { status: "completed", failureMessage: null, chargeId: chargeId() };
    },
  };
}
