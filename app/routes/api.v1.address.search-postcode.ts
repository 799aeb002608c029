import { apiError, fieldErrors } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { suggestPostcodes } from "../modules/geo/locate.server";
import { SuggestionQuerySchema } from "../modules/geo/schemas";
import type { Route } from "./+types/api.v1.address.search-postcode";

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = SuggestionQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return apiError(400, parsed.error.issues[0]!.message, { errors: fieldErrors(parsed.error) });
  const suggestions = await suggestPostcodes(parsed.data.query);
  return Response.json({ suggestions }, { headers: { "Cache-Control": "public, max-age=86400" } });
}

export const action = () => methodNotAllowed(["GET"]);
