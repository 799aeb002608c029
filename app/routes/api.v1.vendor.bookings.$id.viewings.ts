import { apiErrorResponse } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { findSellerHome } from "../modules/projects/seller-access.server";
import { listHomeViewings } from "../modules/viewings/seller-viewings.server";
import type { Route } from "./+types/api.v1.vendor.bookings.$id.viewings";

/** GET /api/v1/vendor/bookings/{id}/viewings: the home's viewings, upcoming first (contact details for admins). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request);
    const home = await findSellerHome(user, parseId(params.id));
    const { upcoming, past } = await listHomeViewings(home, { withContact: user.role === "admin" });
    return Response.json({ viewings: [...upcoming, ...past] }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
