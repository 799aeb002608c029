import { apiErrorResponse } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { portalHistory, portalHomeNotFound, portalPageQuery } from "../modules/portals/admin-portals.server";
import type { Route } from "./+types/api.v1.admin.portals.$projectId";

/** Admins: one home's state on each portal and every request sent for it, newest first (?page=1). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const id = parseId(params.projectId);
    if (!id) throw portalHomeNotFound();
    const { home, submissions } = await portalHistory(id, portalPageQuery(new URL(request.url)));
    const { items, ...page } = submissions;
    return Response.json({ home, data: items, ...page }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
