import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { listComplaints, recordComplaint } from "../modules/complaints/complaints.server";
import { ComplaintSchema } from "../modules/complaints/schemas";
import type { Route } from "./+types/api.v1.admin.complaints";

const privateJson = { "Cache-Control": "private, no-store" };

/** GET: the complaints log, with each complaint's eight-week clock. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    return Response.json(await listComplaints(), { headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** POST: record a complaint. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const input = await readJson(request, ComplaintSchema);
    const complaint = await recordComplaint({ actor: { id: admin.id, ipAddress: context.clientIp }, input });
    return Response.json(complaint, { status: 201, headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
