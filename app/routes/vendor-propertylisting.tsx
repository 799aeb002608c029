import { Link } from "react-router";

import { ProjectPaymentAction } from "../components/payments/project-payment-action";
import { ProjectSearchBox } from "../components/project-search-box";
import { ProjectTable } from "../components/project-table";
import { DeleteVendorProject } from "../components/projects/delete-vendor-project";
import { buttonClass } from "../components/ui/button";
import { requireUser } from "../modules/auth/guards.server";
import { listVendorProjects } from "../modules/projects/projects.server";
import type { Route } from "./+types/vendor-propertylisting";

export const meta: Route.MetaFunction = () => [{ title: "My properties | MoveWise" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "vendor");
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  return { fullName: user.fullName, q, projects: await listVendorProjects(user.id, { q }) };
}

export default function VendorPropertyListing({ loaderData }: Route.ComponentProps) {
  const { fullName, q, projects } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">My properties</h1>
          <p className="mt-1 text-slate-600">Signed in as {fullName}.</p>
        </div>
        <Link to="/vendor-property-details" className={buttonClass()}>
          + Create Property
        </Link>
      </div>
      <div className="mt-6">
        <ProjectSearchBox q={q} />
      </div>
      {q && projects.length ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {projects.length} {projects.length === 1 ? "property matches" : "properties match"} &ldquo;{q}&rdquo;.
        </p>
      ) : null}
      <div className="mt-4">
        {projects.length ? (
          <ProjectTable
            rows={projects}
            showCustomer={false}
            caption={q ? `Your property projects matching "${q}"` : "Your property projects"}
            rowLink={(id) => `/view-a-property/${id}`}
            actions={(row) => (
              <>
                <ProjectPaymentAction project={row} />
                <Link to={`/view-a-property/${row.id}`} className={buttonClass({ variant: "secondary", size: "sm" })}>
                  Preview Details<span className="sr-only"> of {row.address}</span>
                </Link>
                <DeleteVendorProject project={row} />
              </>
            )}
          />
        ) : q ? (
          <p role="status" className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No properties match &ldquo;{q}&rdquo;.{" "}
            <Link to="/vendor-propertylisting" className="font-semibold text-emerald-800 underline underline-offset-2">
              Show all properties
            </Link>
          </p>
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <p className="text-slate-700">You have no property projects yet.</p>
            <p className="mt-1 text-sm text-slate-600">
              Tell us about your home to book your valuation and media pack.
            </p>
            <Link to="/vendor-property-details" className={buttonClass({ className: "mt-5" })}>
              + Create Property
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
