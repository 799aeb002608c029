import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { getListingApproval, reviewListing } from "../modules/listings/approval.server";
import { ListingReviewSchema } from "../modules/listings/approval-schemas";
import { findSellerHome } from "../modules/projects/seller-access.server";
import type { Route } from "./+types/api.v1.vendor.bookings.$id.approval";

const privateJson = { "Cache-Control": "private, no-store" };

/** GET: where the seller's approval of the listing stands, for the seller or an admin. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request);
    const home = await findSellerHome(user, parseId(params.id));
    return Response.json(await getListingApproval(home.id), { headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** POST: the seller approves the listing they looked at, or asks for changes to some sections. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  try {
    const user = await requireApiUser(request, "vendor");
    // The body first, as every endpoint does: a bad body is a 400/413/415 whichever home it names.
    const input = await readJson(request, ListingReviewSchema);
    const home = await findSellerHome(user, parseId(params.id));
    const approval = await reviewListing({ user, projectId: home.id, input, ipAddress: context.clientIp });
    return Response.json(approval, { headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
