import { apiError, readBodyText } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { handleStripeWebhook } from "../modules/payments/payments.server";
import { isStripeConfigured } from "../modules/payments/providers/index.server";
import { WebhookSignatureError } from "../modules/payments/providers/stripe.server";
import type { Route } from "./+types/api.v1.stripe.webhook";

export const loader = () => methodNotAllowed(["POST"]);

const MAX_EVENT_BYTES = 512 * 1024;

/**
 * Stripe's webhook endpoint (point the dashboard at {PUBLIC_URL}/api/v1/stripe/webhook). The signature
 * covers the exact bytes sent, so the body is read raw and parsed only after it is verified. A failure
 * while applying the event answers 500, and Stripe delivers it again later.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!isStripeConfigured()) return apiError(404, "Stripe is not configured on this server.");
  let body: string;
  try {
    body = await readBodyText(request, MAX_EVENT_BYTES);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  try {
    const { duplicate } = await handleStripeWebhook(body, request.headers.get("Stripe-Signature"));
    return Response.json({ received: true, duplicate });
  } catch (error) {
    if (error instanceof WebhookSignatureError) return apiError(400, "The webhook signature is not valid.");
    throw error;
  }
}
