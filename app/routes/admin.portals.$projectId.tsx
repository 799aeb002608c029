import { Link, redirect } from "react-router";

import { adminCell, AdminTable } from "../components/admin/admin-table";
import { PortalStateBadge } from "../components/admin/portal-state";
import { pageHref, Pagination } from "../components/ui/pagination";
import { errorPage } from "../lib/error-replies.server";
import { formatDateTime } from "../lib/format";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { requireUser } from "../modules/auth/guards.server";
import { lastToldText, ourStatusText, PORTAL_NAMES } from "../modules/portals/admin-labels";
import { portalHistory, portalHomeNotFound, portalPageQuery } from "../modules/portals/admin-portals.server";
import type { Route } from "./+types/admin.portals.$projectId";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Portal history: ${data?.home.address ?? "home"} | MoveWise admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const url = new URL(request.url);
  const id = parseId(params.projectId);
  if (!id) throw errorPage(portalHomeNotFound());
  try {
    return await portalHistory(id, portalPageQuery(url));
  } catch (error) {
    if (error instanceof ServiceError && error.status === 400) throw redirect(url.pathname);
    if (error instanceof ServiceError) throw errorPage(error);
    throw error;
  }
}

const linkClass =
  "font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";
const outcomeClass: Record<string, string> = {
  accepted: "text-emerald-800",
  rejected: "text-red-800",
  failed: "text-amber-900",
};
const OUTCOME_LABELS: Record<string, string> = { accepted: "Accepted", rejected: "Rejected", failed: "Failed" };
const ACTION_LABELS: Record<string, string> = { send: "Send", remove: "Remove" };

const pretty = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

export default function AdminPortalHistory({ loaderData }: Route.ComponentProps) {
  const { home, submissions } = loaderData;
  const hrefFor = (n: number) => pageHref(`/admin/portals/${home.projectId}`, {}, n);
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/admin/portals" className={`${linkClass} text-sm`}>
        <span aria-hidden="true">← </span>Portals
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Portal history: {home.address}</h1>
      <p className="mt-1 text-slate-700">
        Our status: {ourStatusText(home)}.{" "}
        {home.exists ? (
          <Link to={`/admin-property-details/${home.projectId}`} className={linkClass}>
            Open the property
          </Link>
        ) : null}
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {home.portals.map((listing) => (
          <li key={listing.portal} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              {PORTAL_NAMES[listing.portal]} <PortalStateBadge state={listing.state} />
            </h2>
            <p className="mt-1 text-slate-700">
              {lastToldText(listing)}
              {listing.lastAttemptAt ? `, ${formatDateTime(listing.lastAttemptAt)}` : ""}
            </p>
            {listing.listingRef ? <p className="text-slate-600">Our reference {listing.listingRef}</p> : null}
            {listing.portalUrl ? (
              <a href={listing.portalUrl} className={linkClass} rel="noreferrer noopener">
                See it on {PORTAL_NAMES[listing.portal]}
              </a>
            ) : null}
          </li>
        ))}
      </ul>

      <h2 className="mt-8 text-lg font-semibold">Every request, newest first</h2>
      {submissions.items.length === 0 ? (
        <p className="mt-2 text-slate-700">Nothing has been sent to a portal for this home yet.</p>
      ) : (
        <AdminTable
          caption="Requests sent to the portals for this home, newest first"
          columns={["When", "Portal", "Action", "Why", "Outcome", "HTTP status", "Error", "Payload and answer"]}
          className="mt-3"
        >
          {submissions.items.map((entry) => (
            <tr key={entry.id}>
              <td className={`${adminCell} whitespace-nowrap`}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className={adminCell}>{PORTAL_NAMES[entry.portal]}</td>
              <td className={adminCell}>{ACTION_LABELS[entry.action]}</td>
              <td className={adminCell}>{entry.reason}</td>
              <td className={`${adminCell} font-semibold ${outcomeClass[entry.outcome] ?? ""}`}>
                {OUTCOME_LABELS[entry.outcome]}
              </td>
              <td className={adminCell}>{entry.httpStatus ?? "—"}</td>
              <td className={`${adminCell} max-w-xs break-words`}>{entry.error ?? "—"}</td>
              <td className={`${adminCell} min-w-64`}>
                <details>
                  <summary className="cursor-pointer font-semibold text-emerald-800">Payload</summary>
                  <pre className="mt-2 max-h-96 max-w-xl overflow-auto rounded bg-slate-50 p-2 text-xs">
                    {pretty(entry.payload)}
                  </pre>
                </details>
                <details className="mt-2">
                  <summary className="cursor-pointer font-semibold text-emerald-800">Answer</summary>
                  <pre className="mt-2 max-h-96 max-w-xl overflow-auto rounded bg-slate-50 p-2 text-xs">
                    {entry.answer === null || entry.answer === undefined ? "No answer" : pretty(entry.answer)}
                  </pre>
                </details>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <div className="mt-6">
        <Pagination page={submissions.page} pageCount={submissions.pageCount} hrefFor={hrefFor} label="History pages" />
      </div>
    </section>
  );
}
