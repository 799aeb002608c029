import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError, readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { recordFinalResponse } from "../modules/complaints/complaints.server";
import { FinalResponseSchema } from "../modules/complaints/schemas";
import type { Route } from "./+types/api.v1.admin.complaints.$id";

export const loader = () => methodNotAllowed(["PUT"]);

/** PUT: record the final response sent to the complainant (the clock stops). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (id === null) return apiError(400, "The id must be a whole number, like 42.");
    const input = await readJson(request, FinalResponseSchema);
    const complaint = await recordFinalResponse({ actor: { id: admin.id, ipAddress: context.clientIp }, id, input });
    return Response.json(complaint, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
