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
      <h1 className="text-2xl font-bold tracking-tight">Property projects</h1>
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
