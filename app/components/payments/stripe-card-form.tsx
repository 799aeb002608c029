// Card entry with Stripe Elements, loaded only in the browser and only when Stripe is configured: the
// card number goes from Stripe's field straight to Stripe. Stripe.js must come from js.stripe.com
// (PCI DSS), so it is fetched when this component first renders, never bundled.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";

import { FormAlert } from "../form-basics";
import { PROCESSING } from "./sandbox-card-form";

const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
};

/** `linkToken` goes with the confirmation and to the success page, which show the payment only to those who may see it. */
type Props = {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  linkToken: string;
  onUnavailable: () => void;
};

export default function StripeCardForm({ publishableKey, clientSecret, payLabel, linkToken, onUnavailable }: Props) {
  const stripe = stripeFor(publishableKey);
  // Offline, or Stripe.js blocked: the page falls back to Stripe's hosted Checkout.
  useEffect(() => {
    stripe.then((s) => s ?? onUnavailable(), onUnavailable);
  }, [stripe, onUnavailable]);
  return (
    <Elements stripe={stripe}>
      <CardForm clientSecret={clientSecret} payLabel={payLabel} linkToken={linkToken} />
    </Elements>
  );
}

type ConfirmResponse = { success: boolean; error?: string; data?: { status: string } };

function CardForm({
  clientSecret,
  payLabel,
  linkToken,
}: {
  clientSecret: string;
  payLabel: string;
  linkToken: string;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    // Spec §5: nothing happens without the library, the card field or the client secret.
    const card = elements?.getElement(CardElement);
    if (!stripe || !clientSecret) return;
    if (!card) return setError("Card element not found");
    setSubmitting(true);
    setError(null);
    try {
      const returnUrl = `${window.location.origin}/payment/success?${new URLSearchParams({ token: linkToken })}`;
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card }, return_url: returnUrl });
      if (result.error) {
        setError(
          result.error.type === "card_error" || result.error.type === "validation_error"
            ? (result.error.message ?? "Payment failed")
            : "An unexpected error occurred.",
        );
        return;
      }
      const response = await fetch("/api/v1/stripe/confirm-payment", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "include",
        body: JSON.stringify({ paymentIntentId: result.paymentIntent.id, token: linkToken }),
      });
      const body = (await response.json().catch(() => ({ success: false }))) as ConfirmResponse;
      if (!body.success) return setError(body.error ?? "Payment failed");
      await navigate(
        `/payment/success?${new URLSearchParams({ payment_intent: result.paymentIntent.id, token: linkToken })}`,
      );
    } catch {
      setError("Payment failed");
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={pay} className="space-y-5">
      <FormAlert id="stripe-card-error" errors={error ? [error] : null} />
      <div>
        <label htmlFor="stripe-card" className="block text-sm font-semibold text-slate-900">
          Credit or debit card
        </label>
        <div className="mt-2 rounded-md border border-slate-300 bg-white px-3 py-3 shadow-sm focus-within:outline-2 focus-within:outline-emerald-700">
          <CardElement
            id="stripe-card"
            onReady={() => setReady(true)}
            onChange={(event) => setError(event.error?.message ?? null)}
            options={{
              hidePostalCode: false,
              style: { base: { fontSize: "16px", color: "#0f172a", "::placeholder": { color: "#64748b" } } },
            }}
          />
        </div>
      </div>
      <button
        type="submit"
        disabled={!stripe || !elements || !ready || submitting}
        className="w-full rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-70"
      >
        {submitting ? PROCESSING : payLabel}
      </button>
    </form>
  );
}
