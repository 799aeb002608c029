import { Link } from "react-router";
import { ProjectTable } from "../components/project-table";
import { requireUser } from "../modules/auth/guards.server";
import { listAllProjects } from "../modules/projects/projects.server";
import type { Route } from "./+types/admin-propertylisting";

export const meta: Route.MetaFunction = () => [{ title: "Projects | MoveWise admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return { projects: await listAllProjects() };
}

export default function AdminPropertyListing({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Property projects</h1>
        <nav aria-label="Inboxes" className="flex flex-wrap gap-2 text-sm font-semibold">
          <Link to="/admin/valuations" className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">Valuation requests</Link>
          <Link to="/admin/viewings" className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">Viewing requests</Link>
          <Link to="/admin/messages" className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">Messages</Link>
          <Link to="/admin/payments" className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">Payments</Link>
          <Link to="/admin/audit" className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">Audit log</Link>
        </nav>
      </div>
      <p className="mt-1 text-slate-600">
        {projects.length} {projects.length === 1 ? "project" : "projects"}, newest first.
      </p>
      <div className="mt-6">
        {projects.length ? (
          <ProjectTable rows={projects} showCustomer caption="All property projects" />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">No projects yet.</p>
        )}
      </div>
    </section>
  );
}
