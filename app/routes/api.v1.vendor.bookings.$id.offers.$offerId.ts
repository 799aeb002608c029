import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { moveAsSeller, toSellerOfferJson } from "../modules/offers/offers.server";
import { SellerMoveJsonSchema } from "../modules/offers/schemas";
import { findSellerHome, sellerActor } from "../modules/projects/seller-access.server";
import type { Route } from "./+types/api.v1.vendor.bookings.$id.offers.$offerId";

export const loader = () => methodNotAllowed(["PUT"]);

/** PUT { action: "accept" | "reject" | "counter", amount? }: the seller's (or the agency's) answer to an offer. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    const user = await requireApiUser(request);
    if (user.role === "buyer") throw new ServiceError(403, "This is for the home's seller and the agency only.");
    const move = await readJson(request, SellerMoveJsonSchema);
    const home = await findSellerHome(user, parseId(params.id));
    const offerId = parseId(params.offerId);
    if (!offerId) throw new ServiceError(404, "This home has no offer with this id.");
    const offer = await moveAsSeller(home, offerId, move, sellerActor(user, context.clientIp));
    return Response.json(
      { offer: toSellerOfferJson(offer, user) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
