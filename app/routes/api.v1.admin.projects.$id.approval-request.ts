import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { requestListingApproval } from "../modules/listings/approval.server";
import type { Route } from "./+types/api.v1.admin.projects.$id.approval-request";

export const loader = () => methodNotAllowed(["POST"]);

/** POST: email the seller to approve the listing as it is now. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (id === null) return apiError(400, "The id must be a whole number, like 42.");
    const approval = await requestListingApproval({
      actor: { id: admin.id, ipAddress: context.clientIp },
      projectId: id,
    });
    return Response.json(approval, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
