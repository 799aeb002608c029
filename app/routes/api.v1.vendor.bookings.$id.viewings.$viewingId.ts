import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { findSellerHome, sellerActor } from "../modules/projects/seller-access.server";
import { viewingDecisionSchema } from "../modules/viewings/schemas";
import { decideViewing } from "../modules/viewings/seller-viewings.server";
import type { Route } from "./+types/api.v1.vendor.bookings.$id.viewings.$viewingId";

export const loader = () => methodNotAllowed(["PUT"]);

/** PUT /api/v1/vendor/bookings/{id}/viewings/{viewingId}: { action: confirm | decline | propose | cancel, date?, time? }. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    const user = await requireApiUser(request);
    // The body is checked first, as on every JSON endpoint: a malformed one is a 400 whatever it is sent to.
    const input = await readJson(request, viewingDecisionSchema());
    const home = await findSellerHome(user, parseId(params.id));
    const viewingId = parseId(params.viewingId);
    if (viewingId === null) throw new ServiceError(404, "We could not find that viewing.");
    const viewing = await decideViewing(home, viewingId, input, sellerActor(user, context.clientIp));
    return Response.json(viewing);
  } catch (error) {
    return apiErrorResponse(error);
  }
}
