import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { makeOffer, toOfferJson } from "../modules/offers/offers.server";
import { MakeOfferJsonSchema } from "../modules/offers/schemas";
import type { Route } from "./+types/api.v1.properties.$id.offers";

export const loader = () => methodNotAllowed(["POST"]);

/** POST: a buyer's offer on a listed home; passed on at once to the seller and the agency. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const user = await requireApiUser(request, "buyer");
    const id = parseId(params.id);
    if (!id) throw new ServiceError(404, "No listed property has this id.");
    const input = await readJson(request, MakeOfferJsonSchema);
    const offer = await makeOffer(user, id, input, { ipAddress: context.clientIp });
    return Response.json(
      { offer: toOfferJson(offer) },
      { status: 201, headers: { "Cache-Control": "private, no-store", Location: `/api/v1/offers/${offer.id}` } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
