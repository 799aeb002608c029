import { apiErrorResponse } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { listHomeOffers, toSellerOfferJson } from "../modules/offers/offers.server";
import { findSellerHome } from "../modules/projects/seller-access.server";
import type { Route } from "./+types/api.v1.vendor.bookings.$id.offers";

/** GET: every offer on the home, for its seller or an admin (others' homes 404, buyers 403). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request);
    const home = await findSellerHome(user, parseId(params.id));
    const offers = await listHomeOffers(home.id);
    return Response.json(
      { offers: offers.map((offer) => toSellerOfferJson(offer, user)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
