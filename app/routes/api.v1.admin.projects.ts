import { apiErrorResponse } from "../lib/error-replies.server";
import { pageQueryOf } from "../lib/pagination";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { listAdminProjects } from "../modules/projects/admin-projects.server";
import { toAdminProjectRowJson } from "../modules/projects/booking-json.server";
import type { Route } from "./+types/api.v1.admin.projects";

/** Admins: every project, newest first, a page at a time (?q=&page=1&pageSize=25). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const url = new URL(request.url);
    const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
    const { items, ...page } = await listAdminProjects({ q, ...pageQueryOf(url) });
    return Response.json(
      { data: items.map(toAdminProjectRowJson), ...page },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
