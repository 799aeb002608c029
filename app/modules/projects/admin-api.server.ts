// PUT /api/v1/admin/projects/{id}/mark-completed and …/mark-sold: one handler, two routes.
import { apiErrorFrom, methodNotAllowed } from "../api/errors.server";
import { requireApiUser } from "../auth/guards.server";
import { adminProjectNotFound, changeProjectStatus, getAdminProject } from "./admin-projects.server";
import { toAdminProjectJson } from "./booking-json.server";
import { parseProjectId } from "./projects.server";

const STATUS_CHANGED = {
  completed: "Property marked as completed: it is now listed.",
  sold: "Property marked as sold.",
} as const;

export async function markProjectThroughApi(
  request: Request,
  idParam: string | undefined,
  ipAddress: string,
  to: "completed" | "sold",
) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseProjectId(idParam);
    if (!id) throw adminProjectNotFound();
    await changeProjectStatus({ actor: { id: admin.id, ipAddress }, id, to });
    return Response.json(
      { message: STATUS_CHANGED[to], ...toAdminProjectJson((await getAdminProject(id))!) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return apiErrorFrom(error);
  }
}
