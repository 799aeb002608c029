import { apiErrorResponse } from "../lib/error-replies.server";
import { readQuery } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { suggestPostcodes } from "../modules/geo/locate.server";
import { SuggestionQuerySchema } from "../modules/geo/schemas";
import type { Route } from "./+types/api.v1.address.search-postcode";

export async function loader({ request }: Route.LoaderArgs) {
  let query;
  try {
    query = readQuery(request, SuggestionQuerySchema).query;
  } catch (error) {
    return apiErrorResponse(error);
  }
  const suggestions = await suggestPostcodes(query);
  return Response.json({ suggestions }, { headers: { "Cache-Control": "public, max-age=86400" } });
}

export const action = () => methodNotAllowed(["GET"]);
