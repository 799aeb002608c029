import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { fail, ok } from "../modules/api/wrapper.server";
import { getUser } from "../modules/auth/identity.server";
import { paymentApiError } from "../modules/payments/api-errors.server";
import { toApiPaymentStatus } from "../modules/payments/history.server";
import { confirmReportedPayment, findPaymentForViewer } from "../modules/payments/payments.server";
import { ConfirmPaymentSchema } from "../modules/payments/schemas";
import type { Route } from "./+types/api.v1.stripe.confirm-payment";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * Spec §7: { paymentIntentId, stripeChargeId } after the card is confirmed. The provider is asked; the body
 * is not trusted. Only the booking's owner, an admin or the payment link's holder (`token`) may ask.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const { paymentIntentId, token } = await readJson(request, ConfirmPaymentSchema);
    const payment = await confirmReportedPayment(
      await findPaymentForViewer(paymentIntentId, { user: await getUser(request), token }),
    );
    switch (payment.status) {
      case "completed":
      case "refunded":
        return ok(toApiPaymentStatus(payment), { message: "Payment confirmed." });
      case "processing":
        return ok(toApiPaymentStatus(payment), { message: "The payment is being processed." }, { status: 202 });
      case "pending":
        return fail(409, "This payment has not been confirmed yet.");
      default:
        return fail(402, payment.failureMessage ?? "Payment failed");
    }
  } catch (error) {
    return paymentApiError(error, "Failed to confirm payment");
  }
}
