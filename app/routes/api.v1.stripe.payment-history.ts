import { methodNotAllowed } from "../modules/api/errors.server";
import { ok } from "../modules/api/wrapper.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { paymentApiError } from "../modules/payments/api-errors.server";
import { paymentHistory } from "../modules/payments/history.server";
import type { Route } from "./+types/api.v1.stripe.payment-history";

/** A vendor's payments for their own projects; every payment for an admin. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request);
    return ok(await paymentHistory(user), {}, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return paymentApiError(error, "Failed to fetch payment history");
  }
}

export const action = () => methodNotAllowed(["GET"]);
