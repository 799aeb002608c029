import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { moveAsBuyer, toOfferJson } from "../modules/offers/offers.server";
import { BuyerMoveJsonSchema } from "../modules/offers/schemas";
import type { Route } from "./+types/api.v1.offers.$id";

export const loader = () => methodNotAllowed(["PUT"]);

/** PUT { action: "accept" | "raise" | "withdraw", amount? }: the buyer's move on their own offer. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    const user = await requireApiUser(request, "buyer");
    const id = parseId(params.id);
    if (!id) throw new ServiceError(404, "You have no offer with this id.");
    const move = await readJson(request, BuyerMoveJsonSchema);
    const offer = await moveAsBuyer(user, id, move, { ipAddress: context.clientIp });
    return Response.json({ offer: toOfferJson(offer) }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
