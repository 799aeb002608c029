import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { getValuationRequest, toApiValuationRequest } from "../modules/valuations/valuations.server";
import type { Route } from "./+types/api.v1.valuation.request.$id";

/** Admins: one valuation request. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (id === null) return apiError(400, "The id must be a whole number, like 42.");
    const found = await getValuationRequest(id);
    if (!found) return apiError(404, `There is no valuation request ${id}.`);
    return Response.json(
      { success: true, data: toApiValuationRequest(found) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
