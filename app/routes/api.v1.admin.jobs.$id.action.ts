import { apiErrorResponse } from "../lib/error-replies.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { cancelJob, retryJob } from "../modules/jobs/admin-jobs.server";
import type { Route } from "./+types/api.v1.admin.jobs.$id.action";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/v1/admin/jobs/{id}/retry and …/cancel (app/routes.ts maps both here; the last segment is the action). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const actor = { userId: admin.id, ipAddress: context.clientIp };
    const retry = new URL(request.url).pathname.endsWith("/retry");
    await (retry ? retryJob(params.id, actor) : cancelJob(params.id, actor));
    return Response.json({ message: retry ? "The job will run again in a moment." : "The job was cancelled." });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
