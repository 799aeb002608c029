import { apiError } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { findPublicBooking } from "../modules/listings/bookings.server";
import type { Route } from "./+types/api.v1.bookings.$id";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const booking = id ? await findPublicBooking(id) : null;
  if (!booking) return apiError(404, "No listed property has this id.");
  return Response.json(booking, { headers: { "Cache-Control": "public, max-age=60" } });
}

export const action = () => methodNotAllowed(["GET"]);
