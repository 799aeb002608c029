import { apiErrorResponse } from "../lib/error-replies.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { listSavedHomes, toSavedHomeJson } from "../modules/shortlist/shortlist.server";
import type { Route } from "./+types/api.v1.shortlist";

/** GET /api/v1/shortlist: the signed-in account's saved homes, newest first, with what changed since saving. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request);
    const homes = await listSavedHomes(user.id);
    return Response.json(homes.map(toSavedHomeJson), { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
