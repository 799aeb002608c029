import { Form, Link, redirect } from "react-router";

import { adminCell, AdminTable } from "../components/admin/admin-table";
import { inputClass } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { pageHref, Pagination } from "../components/ui/pagination";
import { formatDateTime } from "../lib/format";
import { formDataOf } from "../lib/http.server";
import { pageQueryOrRedirect } from "../lib/pagination";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { backupOverview } from "../modules/backups/backups.server";
import { describeAge } from "../modules/backups/describe";
import { cancelJob, listJobs, queueHealth, retryJob } from "../modules/jobs/admin-jobs.server";
import { JobActionSchema, JobFilterSchema } from "../modules/jobs/schemas";
import { JOB_STATE_LABELS, JOB_STATES } from "../modules/jobs/states";
import type { Route } from "./+types/admin.jobs";

export const meta: Route.MetaFunction = () => [{ title: "Background jobs | MoveWise admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const url = new URL(request.url);
  const filter = JobFilterSchema.safeParse({ state: url.searchParams.get("state") || undefined });
  if (!filter.success) throw redirect(url.pathname);
  const [page, health, backups] = await Promise.all([
    listJobs(filter.data, pageQueryOrRedirect(url)),
    queueHealth(),
    backupOverview(),
  ]);
  return {
    page,
    health,
    state: filter.data.state ?? "",
    lastBackup: backups.lastSuccess,
    backupFailure: backups.lastFailure,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const parsed = JobActionSchema.safeParse(Object.fromEntries(await formDataOf(request)));
  const back = new URL(request.url).pathname + new URL(request.url).search;
  if (!parsed.success) return toasts().redirectWithError(back, parsed.error.issues[0]!.message);
  const actor = { userId: admin.id, ipAddress: context.clientIp };
  try {
    if (parsed.data.intent === "retry") await retryJob(parsed.data.jobId, actor);
    else await cancelJob(parsed.data.jobId, actor);
  } catch (error) {
    if (error instanceof ServiceError) return toasts().redirectWithError(back, error.message);
    throw error;
  }
  return toasts().redirectWithSuccess(
    back,
    parsed.data.intent === "retry" ? "The job will run again in a moment." : "The job was cancelled.",
  );
}

const linkClass =
  "font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";
const stateClass: Record<string, string> = {
  failed: "bg-red-50 text-red-800 ring-red-200",
  retry: "bg-amber-50 text-amber-900 ring-amber-200",
  active: "bg-sky-50 text-sky-900 ring-sky-200",
  completed: "bg-emerald-50 text-emerald-900 ring-emerald-200",
};

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { page, health, state, lastBackup, backupFailure } = loaderData;
  const hrefFor = (n: number) => pageHref("/admin/jobs", { state }, n);
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/admin-propertylisting" className={`${linkClass} text-sm`}>
        <span aria-hidden="true">← </span>Dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Background jobs</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Every email the site sends, and the daily retention purge, runs here. A job that fails is tried again with
        growing pauses for about a day, then kept here as failed for 30 days.
      </p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-5">
        {[
          ["Waiting", health.waiting],
          [
            "Oldest waiting",
            health.oldestWaitingSeconds === null ? "none" : `${Math.round(health.oldestWaitingSeconds / 60)} min`,
          ],
          ["Running", health.running],
          ["Failed", health.failed],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value}</dd>
          </div>
        ))}
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Last good backup</dt>
          <dd className="mt-1">
            <Link to="/admin/backups" className={`${linkClass} text-2xl`}>
              {lastBackup ? describeAge(lastBackup.ageSeconds ?? 0) : "never"}
            </Link>
            {backupFailure && (!lastBackup || backupFailure.at > lastBackup.at) ? (
              <span className="mt-1 block text-sm font-semibold text-red-800">The last backup failed</span>
            ) : null}
          </dd>
        </div>
      </dl>
      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <label className="block text-sm font-medium text-slate-800">
          State
          <select name="state" defaultValue={state} className={`${inputClass} mt-1 min-w-56`}>
            <option value="">All states</option>
            {JOB_STATES.map((s) => (
              <option key={s} value={s}>
                {JOB_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Show
        </button>
      </Form>
      {page.items.length === 0 ? (
        <p className="mt-8 text-slate-700">No jobs{state ? ` in this state` : ""}.</p>
      ) : (
        <AdminTable
          caption="Background jobs, newest first"
          columns={["Job", "State", "Attempts", "Queued", "Last error", { hidden: "Actions" }]}
          className="mt-6"
        >
          {page.items.map((job) => (
            <tr key={job.id}>
              <td className={adminCell}>
                <p className="font-semibold">{job.summary}</p>
                {job.recipient ? <p className="text-slate-600">To {job.recipient}</p> : null}
              </td>
              <td className={adminCell}>
                <span
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${stateClass[job.state] ?? "bg-slate-50 text-slate-800 ring-slate-200"}`}
                >
                  {JOB_STATE_LABELS[job.state]}
                </span>
                {job.state === "retry" || job.state === "created" ? (
                  <p className="mt-1 text-slate-600">Next: {formatDateTime(new Date(job.runAfter))}</p>
                ) : null}
              </td>
              <td className={adminCell}>
                {job.attempts} of {job.maxAttempts}
              </td>
              <td className={adminCell}>{formatDateTime(new Date(job.createdAt))}</td>
              <td className={`${adminCell} max-w-md break-words text-slate-700`}>{job.lastError ?? "—"}</td>
              <td className={adminCell}>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="jobId" value={job.id} />
                  {job.state === "failed" || job.state === "cancelled" || job.state === "retry" ? (
                    <button
                      type="submit"
                      name="intent"
                      value="retry"
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                    >
                      {job.state === "retry" ? "Retry now" : "Retry"}
                    </button>
                  ) : null}
                  {job.state === "created" || job.state === "retry" || job.state === "active" ? (
                    <button
                      type="submit"
                      name="intent"
                      value="cancel"
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                    >
                      Cancel
                    </button>
                  ) : null}
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} label="Job pages" />
    </section>
  );
}
