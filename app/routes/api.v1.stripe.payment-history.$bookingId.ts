import { methodNotAllowed } from "../modules/api/errors.server";
import { fail, ok } from "../modules/api/wrapper.server";
import { getUser } from "../modules/auth/identity.server";
import { findProjectForPayment } from "../modules/payments/access.server";
import { paymentApiError } from "../modules/payments/api-errors.server";
import { projectPaymentHistory } from "../modules/payments/history.server";
import type { Route } from "./+types/api.v1.stripe.payment-history.$bookingId";

/** One booking's payments, for its owner, an admin or the holder of its payment link (?token=). `paid` is the spec's "Paid" test. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const user = await getUser(request);
    const token = new URL(request.url).searchParams.get("token");
    if (!user && !token) return fail(401, "Sign in to continue.");
    const project = await findProjectForPayment(params.bookingId, { user, token });
    const payments = await projectPaymentHistory(project.id);
    return ok(
      payments,
      { paid: payments.some((p) => p.status === "completed") },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return paymentApiError(error, "Failed to fetch payment history");
  }
}

export const action = () => methodNotAllowed(["GET"]);
