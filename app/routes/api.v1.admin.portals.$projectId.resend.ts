import { apiErrorResponse } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { portalList } from "../modules/portals/admin-labels";
import { portalHomeNotFound, resendToPortals } from "../modules/portals/admin-portals.server";
import type { Route } from "./+types/api.v1.admin.portals.$projectId.resend";

export const loader = () => methodNotAllowed(["POST"]);

/** POST: sends the home to every portal that is on now, even when nothing changed (202: the workers send it). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.projectId);
    if (!id) throw portalHomeNotFound();
    const { queued } = await resendToPortals({ actor: { id: admin.id, ipAddress: context.clientIp }, projectId: id });
    return Response.json(
      { message: `Sent again to ${portalList(queued)}.`, queued },
      { status: 202, headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
