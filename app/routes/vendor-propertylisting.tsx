import { ProjectTable } from "../components/project-table";
import { requireUser } from "../modules/auth/guards.server";
import { listVendorProjects } from "../modules/projects/projects.server";
import type { Route } from "./+types/vendor-propertylisting";

export const meta: Route.MetaFunction = () => [{ title: "My properties | MoveWise" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "vendor");
  return { fullName: user.fullName, projects: await listVendorProjects(user.id) };
}

export default function VendorPropertyListing({ loaderData }: Route.ComponentProps) {
  const { fullName, projects } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">My properties</h1>
      <p className="mt-1 text-slate-600">Signed in as {fullName}.</p>
      <div className="mt-6">
        {projects.length ? (
          <ProjectTable rows={projects} showCustomer={false} caption="Your property projects" />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            You have no property projects yet.
          </p>
        )}
      </div>
    </section>
  );
}
