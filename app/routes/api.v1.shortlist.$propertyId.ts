import { apiErrorResponse } from "../lib/error-replies.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { findSavedHome, removeSavedHome, saveHome, toSavedHomeJson } from "../modules/shortlist/shortlist.server";
import type { Route } from "./+types/api.v1.shortlist.$propertyId";

const ALLOWED = ["PUT", "DELETE"];

export const loader = () => methodNotAllowed(ALLOWED);

/** PUT saves a public home (201 the first time, 200 after: idempotent); DELETE takes it off (204). */
export async function action({ request, params }: Route.ActionArgs) {
  if (!ALLOWED.includes(request.method)) return methodNotAllowed(ALLOWED);
  try {
    const user = await requireApiUser(request);
    if (request.method === "DELETE") {
      await removeSavedHome(user.id, params.propertyId);
      return new Response(null, { status: 204 });
    }
    const { created, projectId } = await saveHome(user.id, params.propertyId);
    return Response.json(toSavedHomeJson(await findSavedHome(user.id, projectId)), {
      status: created ? 201 : 200,
      headers: { "Cache-Control": "private, no-store" },
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
