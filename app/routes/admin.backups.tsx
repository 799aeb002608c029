import { Form, Link } from "react-router";

import { adminCell, AdminTable } from "../components/admin/admin-table";
import { buttonClass } from "../components/ui/button";
import { formatDateTime } from "../lib/format";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { backupOverview, requestBackup } from "../modules/backups/backups.server";
import { describeAge, describeSize } from "../modules/backups/describe";
import type { Route } from "./+types/admin.backups";

export const meta: Route.MetaFunction = () => [{ title: "Backups | MoveWise admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return { overview: await backupOverview() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  await requestBackup({ userId: admin.id, ipAddress: context.clientIp });
  return toasts().redirectWithSuccess(
    "/admin/backups",
    "A backup has started: it appears here when it is written (reload in a minute).",
  );
}

const linkClass =
  "font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

export default function AdminBackups({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/admin-propertylisting" className={`${linkClass} text-sm`}>
        <span aria-hidden="true">← </span>Dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Backups</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Each backup holds the whole database and every uploaded file.{" "}
        {overview.schedule === "off"
          ? "Scheduled backups are off (BACKUP_SCHEDULE)."
          : `They are made on the schedule “${overview.schedule}” (London time), kept 7 daily, 4 weekly and 12 monthly by default.`}{" "}
        Restoring one is done on the server with <code>npm run restore</code> (see docs/operations.md).
      </p>
      {overview.encrypted ? null : (
        <p role="status" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Backups are not encrypted: set BACKUP_RECIPIENTS to the agency’s age public key so that a copied backup cannot
          be read.
        </p>
      )}
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Last good backup</dt>
          <dd className="mt-1 text-2xl font-bold">
            {overview.lastSuccess ? describeAge(overview.lastSuccess.ageSeconds ?? 0) : "never"}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Last failure</dt>
          <dd className="mt-1">
            {overview.lastFailure ? (
              <>
                <span className="block font-semibold text-red-800">{formatDateTime(overview.lastFailure.at)}</span>
                <span className="block text-sm break-words text-slate-700">{overview.lastFailure.error}</span>
              </>
            ) : (
              <span className="text-2xl font-bold">none</span>
            )}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Now</dt>
          <dd className="mt-1">
            <Form method="post">
              <button type="submit" className={buttonClass({ size: "sm" })} disabled={overview.running}>
                {overview.running ? "A backup is running" : "Back up now"}
              </button>
            </Form>
          </dd>
        </div>
      </dl>
      {overview.files.length === 0 ? (
        <p className="mt-8 text-slate-700">No backups yet in {overview.destination}.</p>
      ) : (
        <AdminTable
          caption={`Backups in ${overview.destination}, newest first`}
          columns={["Backup", "Made", "Size", "Encrypted", { hidden: "Download" }]}
          className="mt-6"
        >
          {overview.files.map((file) => (
            <tr key={file.fileName}>
              <td className={`${adminCell} font-mono text-sm`}>{file.fileName}</td>
              <td className={adminCell}>
                {formatDateTime(file.createdAt)} ({describeAge(file.ageSeconds ?? 0)})
              </td>
              <td className={adminCell}>{describeSize(file.byteSize)}</td>
              <td className={adminCell}>{file.encrypted ? "Yes (age)" : "No"}</td>
              <td className={adminCell}>
                <a href={`/admin/backups/${file.fileName}`} className={linkClass} download>
                  Download<span className="sr-only"> {file.fileName}</span>
                </a>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
