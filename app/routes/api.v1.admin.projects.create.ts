import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { createAdminProject, getAdminProject } from "../modules/projects/admin-projects.server";
import { toAdminProjectJson } from "../modules/projects/booking-json.server";
import { AdminCreateProjectSchema } from "../modules/projects/schemas";
import type { Route } from "./+types/api.v1.admin.projects.create";

export const loader = () => methodNotAllowed(["POST"]);

/** Admins: a project for a customer (the project body plus vendor_name and vendor_email). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const input = await readJson(request, AdminCreateProjectSchema);
    const { id, notes } = await createAdminProject({ actor: { id: admin.id, ipAddress: context.clientIp }, input });
    const project = (await getAdminProject(id))!;
    return Response.json(
      { message: "Property created successfully!", notes, ...toAdminProjectJson(project) },
      { status: 201, headers: { "Cache-Control": "private, no-store", Location: `/api/v1/admin/projects/${id}` } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
