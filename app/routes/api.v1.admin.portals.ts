import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import {
  listPortalHomes,
  portalPageQuery,
  portalSettingsSummary,
  recentFeedExports,
} from "../modules/portals/admin-portals.server";
import { PortalHomesFilterSchema } from "../modules/portals/schemas";
import type { Route } from "./+types/api.v1.admin.portals";

/** Admins: the portal settings, the BLM files written, and every home's state on each portal (?problems=1&page=1). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const url = new URL(request.url);
    const filter = PortalHomesFilterSchema.safeParse({ problems: url.searchParams.get("problems") || undefined });
    if (!filter.success) return apiError(400, filter.error.issues[0]!.message);
    const [{ items, ...page }, exports] = await Promise.all([
      listPortalHomes({ problems: filter.data.problems === "1" }, portalPageQuery(url)),
      recentFeedExports(),
    ]);
    return Response.json(
      { settings: portalSettingsSummary(), exports, data: items, ...page },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
