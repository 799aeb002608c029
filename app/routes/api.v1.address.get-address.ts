import { apiError, fieldErrors } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { locate } from "../modules/geo/locate.server";
import { AddressIdSchema } from "../modules/geo/schemas";
import type { Route } from "./+types/api.v1.address.get-address";

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = AddressIdSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return apiError(400, parsed.error.issues[0]!.message, { errors: fieldErrors(parsed.error) });
  const place = await locate(parsed.data.id);
  if (!place || place.kind === "area") return apiError(404, `We have no postcode "${parsed.data.id}".`);
  return Response.json(
    {
      id: place.code,
      address: place.label,
      postcode: place.kind === "postcode" ? place.code : null,
      outcode: place.outcode,
      town: place.town,
      latitude: place.latitude,
      longitude: place.longitude,
    },
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
}

export const action = () => methodNotAllowed(["GET"]);
