import { apiErrorResponse } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { toBookingJson } from "../modules/projects/booking-json.server";
import { deleteVendorProject, getVendorProject, projectNotFound } from "../modules/projects/projects.server";
import type { Route } from "./+types/api.v1.vendor.bookings.$id";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request, "vendor");
    const id = parseId(params.id);
    const project = id ? await getVendorProject(user.id, id) : null;
    if (!project) throw projectNotFound();
    return Response.json(toBookingJson(project), { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  try {
    const user = await requireApiUser(request, "vendor");
    const id = parseId(params.id);
    if (!id) throw projectNotFound();
    await deleteVendorProject(user.id, id, { ipAddress: context.clientIp });
    return Response.json({ message: "Property deleted.", id });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
