import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { toBookingJson } from "../modules/projects/booking-json.server";
import { createProject, getVendorProject, listVendorProjectDetails } from "../modules/projects/projects.server";
import { ProjectSchema } from "../modules/projects/schemas";
import type { Route } from "./+types/api.v1.vendor.bookings";

const privateJson = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request, "vendor");
  const projects = await listVendorProjectDetails(user.id);
  return Response.json(projects.map(toBookingJson), { headers: privateJson });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  try {
    const user = await requireApiUser(request, "vendor");
    const input = await readJson(request, ProjectSchema);
    const { id, notes } = await createProject({ owner: user, input });
    const project = (await getVendorProject(user.id, id))!;
    return Response.json(
      { message: "Project created.", notes, ...toBookingJson(project) },
      { status: 201, headers: { ...privateJson, Location: `/api/v1/vendor/bookings/${id}` } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
