import { apiErrorResponse } from "../lib/error-replies.server";
import { readQuery } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { listPublicBookings } from "../modules/listings/bookings.server";
import { BookingsQuerySchema } from "../modules/listings/schemas";
import type { Route } from "./+types/api.v1.bookings";

/**
 * GET /api/v1/bookings[?q=…&sort=price-desc|price-asc&page=1&pageSize=100]: listed and sold homes as an
 * array (the spec's list shape), one page at a time; X-Total-Count and Link (rel="next") tell the rest.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  let query;
  try {
    query = readQuery(request, BookingsQuerySchema);
  } catch (error) {
    return apiErrorResponse(error);
  }
  const { q = "", sort, page, pageSize } = query;
  const found = await listPublicBookings({ q: q.replace(/\s+/g, " ").trim(), sort }, { page, pageSize });
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
