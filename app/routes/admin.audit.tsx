import { Form, Link } from "react-router";

import { AdminTable } from "../components/admin/admin-table";
import { inputClass } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { pageHref, Pagination } from "../components/ui/pagination";
import { formatDateTime } from "../lib/format";
import { pageQueryOrRedirect } from "../lib/pagination";
import { auditFilterChoices, listAuditEvents } from "../modules/audit/audit.server";
import { requireUser } from "../modules/auth/guards.server";
import type { Route } from "./+types/admin.audit";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | MoveWise admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const url = new URL(request.url);
  const filter = { action: url.searchParams.get("action") ?? "", entity: url.searchParams.get("entity") ?? "" };
  const [page, choices] = await Promise.all([listAuditEvents(filter, pageQueryOrRedirect(url)), auditFilterChoices()]);
  return { page, choices, filter };
}

const linkClass =
  "font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

/** "before"/"after" first, as "pending → completed"; the rest as name: value lines. */
function Detail({ detail }: { detail: unknown }) {
  if (detail === null || typeof detail !== "object")
    return detail === null || detail === undefined ? null : <span>{String(detail)}</span>;
  const { before, after, ...rest } = detail as Record<string, unknown>;
  return (
    <div className="space-y-1">
      {before !== undefined || after !== undefined ? (
        <p>
          <span className="font-semibold">{before === undefined ? "—" : String(before)}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> changed to </span>
          <span className="font-semibold">{after === undefined ? "—" : String(after)}</span>
        </p>
      ) : null}
      {Object.entries(rest).map(([key, value]) => (
        <p key={key} className="break-all">
          <span className="text-slate-600">{key}:</span>{" "}
          {typeof value === "object" ? JSON.stringify(value) : String(value)}
        </p>
      ))}
    </div>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { page, choices, filter } = loaderData;
  const hrefFor = (n: number) => pageHref("/admin/audit", filter, n);
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/admin-propertylisting" className={`${linkClass} text-sm`}>
        <span aria-hidden="true">← </span>Dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Audit log</h1>
      <p className="mt-1 text-slate-600">
        Who did what and when: sign-ins, deletions, signatures, status changes and payments. {page.total}{" "}
        {page.total === 1 ? "event" : "events"}, newest first.
      </p>
      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <label className="block text-sm font-medium text-slate-800">
          Action
          <select name="action" defaultValue={filter.action} className={`${inputClass} mt-1 min-w-56`}>
            <option value="">All actions</option>
            {choices.actions.map((action) => (
              <option key={action}>{action}</option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Record
          <select name="entity" defaultValue={filter.entity} className={`${inputClass} mt-1 min-w-40`}>
            <option value="">All records</option>
            {choices.entities.map((entity) => (
              <option key={entity}>{entity}</option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Filter
        </button>
        {filter.action || filter.entity ? (
          <Link to="/admin/audit" className={`${linkClass} text-sm`}>
            Clear filters
          </Link>
        ) : null}
      </Form>
      {page.items.length ? (
        <AdminTable
          caption="Audit events"
          columns={["When", "Who", "Action", "Record", "Detail", "IP address"]}
          className="mt-6"
        >
          {page.items.map((event) => (
            <tr key={event.id}>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateTime(event.createdAt)}</td>
              <td className="px-4 py-3">
                {event.actor ? (
                  <>
                    <span className="font-medium">{event.actor.fullName}</span>
                    <span className="block text-slate-600">{event.actor.email}</span>
                  </>
                ) : (
                  <span className="text-slate-600">
                    {event.actorId === null ? "System or visitor" : "Closed account"}
                  </span>
                )}
              </td>
              <th scope="row" className="px-4 py-3 font-mono text-xs font-medium whitespace-nowrap">
                {event.action}
              </th>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {event.entity ? `${event.entity} #${event.entityId}` : "—"}
              </td>
              <td className="max-w-md px-4 py-3 text-slate-700">
                <Detail detail={event.detail} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{event.ipAddress ?? "—"}</td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No events match.
        </p>
      )}
      <div className="mt-6">
        <Pagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} label="Audit log pages" />
      </div>
    </section>
  );
}
