import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError } from "../lib/http.server";
import { pageQueryOf } from "../lib/pagination";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { listJobs, queueHealth } from "../modules/jobs/admin-jobs.server";
import { JobFilterSchema } from "../modules/jobs/schemas";
import type { Route } from "./+types/api.v1.admin.jobs";

/** Admins: background jobs, newest first (?state=failed&page=1&pageSize=25), with the queue's health. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const url = new URL(request.url);
    const filter = JobFilterSchema.safeParse({ state: url.searchParams.get("state") || undefined });
    if (!filter.success) return apiError(400, filter.error.issues[0]!.message);
    const [{ items, ...page }, health] = await Promise.all([listJobs(filter.data, pageQueryOf(url)), queueHealth()]);
    return Response.json({ data: items, ...page, health }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
