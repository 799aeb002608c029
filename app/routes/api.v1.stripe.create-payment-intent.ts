import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { ok } from "../modules/api/wrapper.server";
import { getUser } from "../modules/auth/identity.server";
import { ensureMayPay, findProjectForPayment, payerEmail } from "../modules/payments/access.server";
import { paymentApiError } from "../modules/payments/api-errors.server";
import { paymentLink } from "../modules/payments/payment-link.server";
import { openIntent } from "../modules/payments/payments.server";
import { activeProvider } from "../modules/payments/providers/index.server";
import { CreatePaymentIntentSchema } from "../modules/payments/schemas";
import type { Route } from "./+types/api.v1.stripe.create-payment-intent";

export const loader = () => methodNotAllowed(["POST"]);

/** Spec §3 and §7: { amount, bookingId, currency } → { success, data: { name, email, clientSecret } }. The amount is the server's. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const input = await readJson(request, CreatePaymentIntentSchema);
    const user = await getUser(request);
    const project = await findProjectForPayment(input.bookingId, { user, token: input.token });
    ensureMayPay(user);
    const { payment, clientSecret } = await openIntent(project, user?.id ?? null);
    const provider = activeProvider();
    return ok({
      name: project.vendorName,
      email: payerEmail(project),
      clientSecret,
      paymentIntentId: payment.providerPaymentId,
      amount: payment.amountPence / 100,
      amountPence: payment.amountPence,
      currency: payment.currency,
      provider: provider.name,
      publishableKey: provider.name === "stripe" ? provider.publishableKey : null,
      paymentLink: paymentLink(project),
    });
  } catch (error) {
    return paymentApiError(error, "Failed to create payment intent");
  }
}
