import { apiErrorResponse } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { adminProjectNotFound, changeProjectStatus, getAdminProject } from "../modules/projects/admin-projects.server";
import { toAdminProjectJson } from "../modules/projects/booking-json.server";
import type { Route } from "./+types/api.v1.admin.projects.$id.mark";

const STATUS_CHANGED = {
  completed: "Property marked as completed: it is now listed.",
  sold: "Property marked as sold.",
} as const;

async function markProject({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (!id) throw adminProjectNotFound();
    const to = new URL(request.url).pathname.endsWith("/mark-sold") ? "sold" : "completed";
    const { unmetGates } = await changeProjectStatus({ actor: { id: admin.id, ipAddress: context.clientIp }, id, to });
    const extra = to === "completed" ? { missingChecks: unmetGates.map((gate) => gate.missing ?? gate.key) } : {};
    return Response.json(
      { message: STATUS_CHANGED[to], ...extra, ...toAdminProjectJson((await getAdminProject(id))!) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/**
 * PUT /api/v1/admin/projects/{id}/mark-completed and …/mark-sold (app/routes.ts maps both here; the last
 * segment is the new status). A GET answers 405 as any other method does.
 */
export const loader = markProject;
export const action = markProject;
