import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError, readQuery } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { locate } from "../modules/geo/locate.server";
import { AddressIdSchema } from "../modules/geo/schemas";
import type { Route } from "./+types/api.v1.address.get-address";

export async function loader({ request }: Route.LoaderArgs) {
  let id;
  try {
    ({ id } = readQuery(request, AddressIdSchema));
  } catch (error) {
    return apiErrorResponse(error);
  }
  const place = await locate(id);
  if (!place || place.kind === "area") return apiError(404, `We have no postcode "${id}".`);
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
