import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { listSavedSearches, saveSearch, toSavedSearchJson } from "../modules/saved-searches/saved-searches.server";
import { SavedSearchJsonSchema } from "../modules/saved-searches/schemas";
import type { Route } from "./+types/api.v1.saved-searches";

const privateJson = { "Cache-Control": "private, no-store" };

/** Any signed-in account: its saved searches, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const searches = await listSavedSearches(user.id);
  return Response.json(searches.map(toSavedSearchJson), { headers: privateJson });
}

/** Saves a search (the same filters again update the saved one: 200 instead of 201). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  try {
    const user = await requireApiUser(request);
    const input = await readJson(request, SavedSearchJsonSchema);
    const { search, created } = await saveSearch(user.id, input);
    return Response.json(toSavedSearchJson(search), {
      status: created ? 201 : 200,
      headers: { ...privateJson, Location: `/api/v1/saved-searches/${search.id}` },
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
