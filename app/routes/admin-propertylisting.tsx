import { Link, redirect } from "react-router";

import { DashboardCharts } from "../components/admin/dashboard-charts";
import { DeleteAdminProject } from "../components/admin/delete-admin-project";
import { ProjectSearchBox } from "../components/project-search-box";
import { ProjectTable } from "../components/project-table";
import { buttonClass } from "../components/ui/button";
import { Pagination } from "../components/ui/pagination";
import { type PageQuery, pageQueryOf } from "../lib/pagination";
import { ServiceError } from "../lib/service-error";
import { requireUser } from "../modules/auth/guards.server";
import { queueHealth } from "../modules/jobs/admin-jobs.server";
import { dashboardStats, listAdminProjects } from "../modules/projects/admin-projects.server";
import type { Route } from "./+types/admin-propertylisting";

export const meta: Route.MetaFunction = () => [{ title: "Projects | MoveWise admin" }];

const INBOXES = [
  { to: "/admin/viewings", label: "Viewing requests" },
  { to: "/admin/calendar", label: "Calendar" },
  { to: "/admin/valuations", label: "Valuation requests" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/payments", label: "Payments" },
  { to: "/admin/api-tokens", label: "API tokens" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/complaints", label: "Complaints" },
  { to: "/admin/jobs", label: "Background jobs" },
  { to: "/admin/backups", label: "Backups" },
  { to: "/admin/portals", label: "Portals" },
];

const listUrl = (q: string, page = 1) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin-propertylisting${search ? `?${search}` : ""}`;
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  let pageQuery: PageQuery;
  try {
    pageQuery = pageQueryOf(url);
  } catch (error) {
    if (error instanceof ServiceError) throw redirect(listUrl(q));
    throw error;
  }
  const [projects, stats, queue] = await Promise.all([
    listAdminProjects({ q, ...pageQuery }),
    dashboardStats(),
    queueHealth(),
  ]);
  // A page past the end (after deletions, or a stale link) shows the last one.
  if (projects.page > projects.pageCount) throw redirect(listUrl(q, projects.pageCount));
  return { q, projects, stats, mailFailing: queue.mailFailing };
}

export default function AdminPropertyListing({ loaderData }: Route.ComponentProps) {
  const { q, projects, stats, mailFailing } = loaderData;
  const { items, total, page, pageCount } = projects;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Property projects</h1>
          <nav aria-label="Inboxes" className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
            {INBOXES.map((inbox) => (
              <Link
                key={inbox.to}
                to={inbox.to}
                className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-slate-800 hover:bg-slate-50"
              >
                {inbox.label}
              </Link>
            ))}
          </nav>
        </div>
        <Link to="/admin-create-property" className={buttonClass()}>
          + Create Property
        </Link>
      </div>

      {mailFailing > 0 ? (
        <div role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">
            {mailFailing} {mailFailing === 1 ? "email has" : "emails have"} not been sent: the mail server refused or
            did not answer.
          </p>
          <p className="mt-1 text-sm">
            Nothing is lost: a message waiting to retry is sent as soon as the mail server answers, and one that gave up
            after a day of tries can be retried from the list.{" "}
            <Link to="/admin/jobs" className="font-semibold underline underline-offset-2">
              See the background jobs
            </Link>
          </p>
        </div>
      ) : null}

      <div className="mt-6">
        <DashboardCharts stats={stats} />
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <ProjectSearchBox q={q} />
        <p role="status" className="text-sm text-slate-600">
          {q
            ? `${total} ${total === 1 ? "project matches" : "projects match"} “${q}”.`
            : `${total} ${total === 1 ? "project" : "projects"}, newest first.`}
        </p>
      </div>
      <div className="mt-4">
        {items.length ? (
          <ProjectTable
            rows={items}
            showCustomer
            caption={q ? `Property projects matching "${q}"` : "All property projects"}
            rowLink={(id) => `/admin-property-details/${id}`}
            actions={(row) => (
              <>
                <Link
                  to={`/admin-property-details/${row.id}`}
                  className={buttonClass({ variant: "secondary", size: "sm" })}
                >
                  Edit Details<span className="sr-only"> of {row.address}</span>
                </Link>
                <DeleteAdminProject project={row} />
              </>
            )}
          />
        ) : q ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No projects match &ldquo;{q}&rdquo;.{" "}
            <Link to="/admin-propertylisting" className="font-semibold text-emerald-800 underline underline-offset-2">
              Show all projects
            </Link>
          </p>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No projects yet.
          </p>
        )}
      </div>
      <div className="mt-6">
        <Pagination page={page} pageCount={pageCount} hrefFor={(p) => listUrl(q, p)} label="Project pages" />
      </div>
    </section>
  );
}
