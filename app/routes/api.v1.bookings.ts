import { apiErrorResponse } from "../lib/error-replies.server";
import { pageQueryOf } from "../lib/pagination";
import { methodNotAllowed } from "../modules/api/errors.server";
import { BOOKINGS_PAGE_SIZE, listPublicBookings } from "../modules/listings/bookings.server";
import { parseListingQuery } from "../modules/listings/query";
import type { Route } from "./+types/api.v1.bookings";

/**
 * GET /api/v1/bookings[?q=…&sort=price-desc|price-asc&page=1&pageSize=100]: listed and sold homes as an
 * array (the spec's list shape), one page at a time; X-Total-Count and Link (rel="next") tell the rest.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q, sort } = parseListingQuery(url.searchParams);
  let window;
  try {
    window = pageQueryOf(url);
  } catch (error) {
    return apiErrorResponse(error);
  }
  if (!url.searchParams.has("pageSize")) window.pageSize = BOOKINGS_PAGE_SIZE;
  const found = await listPublicBookings({ q, sort }, window);
  const headers = new Headers({ "Cache-Control": "public, max-age=60", "X-Total-Count": String(found.total) });
  if (found.page < found.pageCount) {
    const next = new URL(url);
    next.searchParams.set("page", String(found.page + 1));
    next.searchParams.set("pageSize", String(found.pageSize));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return Response.json(found.items, { headers });
}

export const action = () => methodNotAllowed(["GET"]);
