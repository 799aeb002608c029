// Stripe, when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set. Card details go from the browser
// to Stripe (Elements, or the hosted Checkout page without JavaScript) and never reach this server.
// The webhook, verified with STRIPE_WEBHOOK_SECRET, is the source of truth for every outcome.
import Stripe from "stripe";

import type { Env } from "../../../lib/env.server";
import type { PaymentStatus } from "../status";
import { type IntentState, type PaymentProvider, ProviderError, type ProviderEvent } from "./types";

export type CheckoutRequest = {
  bookingId: number;
  amountPence: number;
  currency: string;
  productName: string;
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
};

export type StripeProvider = PaymentProvider & {
  name: "stripe";
  publishableKey: string;
  /** Stripe's current view of an intent (the card's brand and last four digits included once charged). */
  retrieveIntent(id: string): Promise<IntentState>;
  /** A hosted payment page for browsers without JavaScript; returns its address. */
  createCheckoutSession(request: CheckoutRequest): Promise<string>;
  /** The intent a Checkout Session paid, or null while it is unpaid. */
  retrieveCheckoutSession(id: string): Promise<IntentState | null>;
  /** Verifies the signature of a webhook body (throws WebhookSignatureError) and says what it changes. */
  parseWebhook(rawBody: string, signature: string | null): ProviderEvent;
};

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** STRIPE_API_BASE (tests only) points the library at a local fake server instead of api.stripe.com. */
export function stripeApiBase(base: string | undefined) {
  if (!base) return {};
  const url = new URL(base);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port || (url.protocol === "https:" ? 443 : 80),
    protocol: url.protocol.replace(":", "") as "http" | "https",
  };
}

function statusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case "succeeded":
      return "completed";
    case "processing":
    case "requires_action":
    case "requires_capture":
      return "processing";
    case "canceled":
      return "cancelled";
    case "requires_payment_method":
      // After a decline Stripe puts the intent back here, with the reason in last_payment_error.
      return intent.last_payment_error ? "failed" : "pending";
    default:
      return "pending";
  }
}

const bookingIdOf = (metadata: Stripe.Metadata | null | undefined) => {
  const id = Number(metadata?.bookingId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

function stateOf(intent: Stripe.PaymentIntent, checkoutSessionId: string | null = null): IntentState {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    id: intent.id,
    status: statusOf(intent),
    amountPence: intent.amount,
    currency: intent.currency,
    bookingId: bookingIdOf(intent.metadata),
    chargeId: idOf(intent.latest_charge),
    failureMessage: intent.last_payment_error?.message ?? null,
    cardBrand: card?.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : null,
    cardLast4: card?.last4 ?? null,
    checkoutSessionId,
  };
}

/** Stripe's own errors (declines, network, bad keys) become one kind the service can answer with a 502. */
async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new ProviderError(`Stripe could not ${what}: ${error.message}`, { cause: error });
    throw error;
  }
}

export function createStripeProvider(env: Env): StripeProvider {
  const stripe = new Stripe(env.STRIPE_SECRET_KEY!, {
    ...stripeApiBase(env.STRIPE_API_BASE),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "MoveWise" },
  });
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET!;

  const withSecret = (intent: Stripe.PaymentIntent) => {
    if (!intent.client_secret)
      throw new ProviderError(`Stripe returned payment intent ${intent.id} without a client secret`);
    return { state: stateOf(intent), clientSecret: intent.client_secret };
  };

  return {
    name: "stripe",
    publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
    async createIntent({ bookingId, amountPence, currency, description, idempotencyKey }) {
      const intent = await call("create a payment intent", () =>
        stripe.paymentIntents.create(
          {
            amount: amountPence,
            currency,
            description,
            metadata: { bookingId: String(bookingId) },
            allowed_payment_method_types: ["card"],
          },
          { idempotencyKey },
        ),
      );
      return withSecret(intent);
    },
    async resumeIntent(id) {
      return withSecret(
        await call("retrieve a payment intent", () =>
          stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] }),
        ),
      );
    },
    async retrieveIntent(id) {
      return stateOf(
        await call("retrieve a payment intent", () =>
          stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] }),
        ),
      );
    },
    async cancelIntent(id) {
      await call("cancel a payment intent", () => stripe.paymentIntents.cancel(id));
    },
    async refund(paymentIntentId, reason) {
      const refund = await call("refund the payment", () =>
        stripe.refunds.create(
          { payment_intent: paymentIntentId, reason },
          { idempotencyKey: `refund-${paymentIntentId}` },
        ),
      );
      if (refund.status === "failed" || refund.status === "canceled")
        throw new ProviderError(`Stripe refused the refund (${refund.status})`);
      return { refundId: refund.id };
    },
    async createCheckoutSession({
      bookingId,
      amountPence,
      currency,
      productName,
      description,
      customerEmail,
      successUrl,
      cancelUrl,
    }) {
      const session = await call("start a checkout session", () =>
        stripe.checkout.sessions.create({
          mode: "payment",
          allowed_payment_method_types: ["card"],
          line_items: [
            {
              quantity: 1,
              price_data: { currency, unit_amount: amountPence, product_data: { name: productName, description } },
            },
          ],
          client_reference_id: String(bookingId),
          metadata: { bookingId: String(bookingId) },
          payment_intent_data: { description, metadata: { bookingId: String(bookingId) } },
          ...(customerEmail ? { customer_email: customerEmail } : {}),
          success_url: successUrl,
          cancel_url: cancelUrl,
        }),
      );
      if (!session.url) throw new ProviderError(`Stripe returned checkout session ${session.id} without a URL`);
      return session.url;
    },
    async retrieveCheckoutSession(id) {
      const session = await call("retrieve a checkout session", () =>
        stripe.checkout.sessions.retrieve(id, { expand: ["payment_intent.latest_charge"] }),
      );
      if (typeof session.payment_intent !== "object" || !session.payment_intent) return null;
      return {
        ...stateOf(session.payment_intent, session.id),
        bookingId: bookingIdOf(session.payment_intent.metadata) ?? bookingIdOf(session.metadata),
      };
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
      }
      return { id: event.id, type: event.type, change: changeOf(event) };
    },
  };
}

function changeOf(event: Stripe.Event): ProviderEvent["change"] {
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "payment_intent.processing":
    case "payment_intent.requires_action":
    case "payment_intent.canceled":
      return { kind: "intent", state: stateOf(event.data.object) };
    case "checkout.session.completed": {
      const session = event.data.object;
      const paymentIntentId = idOf(session.payment_intent);
      if (session.payment_status !== "paid" || !paymentIntentId) return null;
      return {
        kind: "intent",
        state: {
          id: paymentIntentId,
          status: "completed",
          amountPence: session.amount_total ?? 0,
          currency: session.currency ?? "",
          bookingId: bookingIdOf(session.metadata),
          checkoutSessionId: session.id,
        },
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      // A partial refund leaves the package paid for.
      if (!charge.refunded || !paymentIntentId) return null;
      return { kind: "refund", paymentIntentId, refundId: charge.refunds?.data[0]?.id ?? null };
    }
    default:
      return null;
  }
}
