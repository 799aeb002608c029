import { apiError } from "../lib/http.server";
import { apiErrorFrom, methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { cancelJob, retryJob } from "../modules/jobs/admin-jobs.server";
import type { Route } from "./+types/api.v1.admin.jobs.$id.$action";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/v1/admin/jobs/{id}/retry or /cancel (the last segment is the action). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const actor = { userId: admin.id, ipAddress: context.clientIp };
    if (params.action === "retry") await retryJob(params.id, actor);
    else if (params.action === "cancel") await cancelJob(params.id, actor);
    else return apiError(404, "Use /retry or /cancel.");
    return new Response(null, { status: 204 });
  } catch (error) {
    return apiErrorFrom(error);
  }
}
