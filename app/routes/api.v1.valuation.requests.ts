import { apiErrorResponse } from "../lib/error-replies.server";
import { pageQueryOf } from "../lib/pagination";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { listValuationRequests, toApiValuationRequest } from "../modules/valuations/valuations.server";
import type { Route } from "./+types/api.v1.valuation.requests";

/** Admins: valuation requests, newest first, a page at a time (?page=1&pageSize=25). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const { items, ...page } = await listValuationRequests(pageQueryOf(new URL(request.url)));
    return Response.json(
      { success: true, data: items.map(toApiValuationRequest), ...page },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
