import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import {
  adminProjectNotFound,
  deleteAdminProject,
  getAdminProject,
  updateAdminProject,
} from "../modules/projects/admin-projects.server";
import { toAdminProjectJson } from "../modules/projects/booking-json.server";
import { AdminProjectDetailsSchema } from "../modules/projects/schemas";
import type { Route } from "./+types/api.v1.admin.projects.$id";

const privateJson = { "Cache-Control": "private, no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const id = parseId(params.id);
    const project = id ? await getAdminProject(id) : null;
    if (!project) throw adminProjectNotFound();
    return Response.json(toAdminProjectJson(project), { headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** PUT replaces the project's details; DELETE removes the project. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const actor = { id: admin.id, ipAddress: context.clientIp };
    const id = parseId(params.id);
    if (!id) throw adminProjectNotFound();
    if (request.method === "DELETE") {
      await deleteAdminProject({ actor, id });
      return Response.json({ message: "Project deleted.", id }, { headers: privateJson });
    }
    const input = await readJson(request, AdminProjectDetailsSchema);
    const { notes } = await updateAdminProject({ actor, id, input });
    return Response.json(
      { message: "Project updated successfully!", notes, ...toAdminProjectJson((await getAdminProject(id))!) },
      { headers: privateJson },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
