import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError, readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import {
  deleteSavedSearch,
  getSavedSearch,
  toSavedSearchJson,
  updateSavedSearch,
} from "../modules/saved-searches/saved-searches.server";
import { SavedSearchJsonSchema } from "../modules/saved-searches/schemas";
import type { Route } from "./+types/api.v1.saved-searches.$id";

const privateJson = { "Cache-Control": "private, no-store" };
const badId = () => apiError(400, "The id must be a whole number, like 42.");

/** One of the account's saved searches; others' ids answer 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request);
    const id = parseId(params.id);
    if (id === null) return badId();
    return Response.json(toSavedSearchJson(await getSavedSearch(user.id, id)), { headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** PUT replaces the name, filters and frequency; DELETE removes the search and stops its alerts. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  try {
    const user = await requireApiUser(request);
    const id = parseId(params.id);
    if (id === null) return badId();
    if (request.method === "DELETE") {
      await deleteSavedSearch(user.id, id);
      return Response.json({ message: "Saved search deleted.", id }, { headers: privateJson });
    }
    const input = await readJson(request, SavedSearchJsonSchema);
    return Response.json(toSavedSearchJson(await updateSavedSearch(user.id, id, input)), { headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
