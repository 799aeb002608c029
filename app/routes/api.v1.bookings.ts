import { methodNotAllowed } from "../modules/api/errors.server";
import { listPublicBookings } from "../modules/listings/bookings.server";
import { parseListingQuery } from "../modules/listings/query";
import type { Route } from "./+types/api.v1.bookings";

/** GET /api/v1/bookings[?q=…&sort=price-desc|price-asc]: every listed or sold home, as an array. */
export async function loader({ request }: Route.LoaderArgs) {
  const { q, sort } = parseListingQuery(new URL(request.url).searchParams);
  return Response.json(await listPublicBookings({ q, sort }), { headers: { "Cache-Control": "public, max-age=60" } });
}

export const action = () => methodNotAllowed(["GET"]);
