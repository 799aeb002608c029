import { apiErrorResponse } from "../lib/error-replies.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { listBuyerOffers, toOfferJson } from "../modules/offers/offers.server";
import type { Route } from "./+types/api.v1.offers";

/** GET: the buyer's own offers, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request, "buyer");
    const offers = await listBuyerOffers(user.id);
    return Response.json({ offers: offers.map(toOfferJson) }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
