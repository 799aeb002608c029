import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { viewingFeedbackSchema } from "../modules/viewings/schemas";
import { recordAgencyFeedback } from "../modules/viewings/seller-viewings.server";
import type { Route } from "./+types/api.v1.admin.viewings.$id.feedback";

export const loader = () => methodNotAllowed(["PUT"]);

/** PUT /api/v1/admin/viewings/{id}/feedback: the agency's feedback on a viewing that has started (saving again replaces it). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (id === null) throw new ServiceError(404, "We could not find that viewing.");
    const input = await readJson(request, viewingFeedbackSchema);
    const viewing = await recordAgencyFeedback(id, input, { userId: admin.id, ipAddress: context.clientIp });
    return Response.json(viewing);
  } catch (error) {
    return apiErrorResponse(error);
  }
}
