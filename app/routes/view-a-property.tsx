import { Link } from "react-router";

import { LeafletMap } from "../components/leaflet-map";
import { StatusBadge } from "../components/project-table";
import { vendorDeletePath } from "../components/projects/delete-vendor-project";
import { SellerHubTabs } from "../components/seller-hub/seller-hub";
import { buttonClass } from "../components/ui/button";
import { CheckCircleIcon, CheckIcon, CloseIcon } from "../components/ui/icons";
import { Panel } from "../components/ui/panel";
import { errorPage } from "../lib/error-replies.server";
import { formatDate, formatPrice } from "../lib/format";
import { parseId } from "../lib/ids";
import { requireUser } from "../modules/auth/guards.server";
import { sellerPortalLines } from "../modules/portals/seller-portals.server";
import { getVendorProject, projectNotFound } from "../modules/projects/projects.server";
import { projectProgress } from "../modules/projects/rules";
import type { Route } from "./+types/view-a-property";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.project.address ?? "Property"} | MoveWise` },
];

const PREVIEW_ZOOM = 15;

const PORTAL_STATE_TEXT = {
  live: "Live",
  sending: "Being sent: it appears within minutes",
  removed: "Taken off",
  off: "Not sent: the agency has switched portal listing off for this home",
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "vendor");
  const id = parseId(params.projectId);
  const project = id ? await getVendorProject(user.id, id) : null;
  if (!project) throw errorPage(projectNotFound());
  const { payments: _, ...shown } = project;
  return { project: shown, progress: projectProgress(project), portals: await sellerPortalLines(project.id) };
}

function Indicator({ label, yes }: { label: string; yes: boolean }) {
  return (
    <li
      className={`flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium ${yes ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-slate-200 bg-slate-50 text-slate-700"}`}
    >
      {yes ? <CheckIcon className="size-4" /> : <CloseIcon className="size-4" />}
      {label}: {yes ? "Yes" : "No"}
    </li>
  );
}

export default function ViewAProperty({ loaderData }: Route.ComponentProps) {
  const { project, progress, portals } = loaderData;
  const location =
    project.latitude !== null && project.longitude !== null
      ? { latitude: project.latitude, longitude: project.longitude }
      : null;
  const paragraphs = project.description.split(/\n\s*\n/).filter((p) => p.trim());
  const overview: [string, string][] = [
    ["Property type", project.propertyType],
    ["Bedrooms", String(project.bedrooms)],
    ["Bathrooms", String(project.bathrooms)],
    ["Size", project.sizeSqft ? `${project.sizeSqft.toLocaleString("en-GB")} ft²` : "Not specified"],
    ["Tenure", project.tenure],
  ];
  const signed = project.contractSignedAt !== null;

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <Link
          to="/vendor-propertylisting"
          className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline"
        >
          ← Back to Listings
        </Link>

        <header className="mt-4 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <StatusBadge status={project.status} />
            <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{project.address}</h1>
            {project.address.toUpperCase().includes(project.postcode) ? null : (
              <p className="mt-1 text-slate-600">{project.postcode}</p>
            )}
            <p className="mt-3 text-3xl font-extrabold tracking-tight text-emerald-800">{formatPrice(project.price)}</p>
          </div>
          <div className="shrink-0">
            {project.paid ? (
              <p className="inline-flex items-center gap-2 rounded-lg bg-emerald-100 px-4 py-2.5 font-semibold text-emerald-900">
                <CheckCircleIcon className="size-5" />
                Paid
              </p>
            ) : (
              <Link to={`/payment/${project.id}`} className={buttonClass({ size: "lg" })}>
                Pay Now
              </Link>
            )}
          </div>
        </header>

        <SellerHubTabs projectId={project.id} current="overview" />

        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Panel title="Property Overview">
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
                {overview.map(([term, value]) => (
                  <div key={term}>
                    <dt className="text-sm text-slate-600">{term}</dt>
                    <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </Panel>

            <Panel title="Key Features">
              {project.keyFeatures.length ? (
                <ul className="flex flex-wrap gap-2">
                  {project.keyFeatures.map((feature) => (
                    <li
                      key={feature}
                      className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200"
                    >
                      {feature}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-600">No key features added yet.</p>
              )}
            </Panel>

            <Panel title="Additional Information">
              <p className="text-slate-800">
                <span className="text-slate-600">Council Tax: </span>
                <span className="font-semibold">{project.councilTax ?? "Not specified"}</span>
              </p>
              <ul className="mt-4 grid gap-2 sm:grid-cols-3">
                <Indicator label="Parking" yes={project.parking} />
                <Indicator label="Garden" yes={project.garden} />
                <Indicator label="Accessible" yes={project.accessibility} />
              </ul>
            </Panel>

            {paragraphs.length ? (
              <Panel title="Description">
                <div className="space-y-3 leading-7 text-slate-800">
                  {paragraphs.map((p, i) => (
                    <p key={i} className="whitespace-pre-line">
                      {p}
                    </p>
                  ))}
                </div>
              </Panel>
            ) : null}

            <Panel title="Location">
              {location ? (
                <LeafletMap
                  center={location}
                  zoom={PREVIEW_ZOOM}
                  height={320}
                  markers={[{ ...location, label: project.address }]}
                  label={`Map of ${project.address}`}
                  fallback={`The map needs JavaScript. ${project.address}, ${project.postcode}.`}
                />
              ) : (
                <p className="rounded-xl bg-slate-100 p-8 text-center text-slate-700">Location data not available</p>
              )}
            </Panel>
          </div>

          <aside className="space-y-6">
            <Panel title="Where your project stands">
              <ol className="space-y-3">
                {progress.map((step) => (
                  <li key={step.key} className="flex items-start gap-3">
                    <span
                      className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full ${step.done ? "bg-emerald-700 text-white" : "border-2 border-slate-300 bg-white"}`}
                    >
                      {step.done ? <CheckIcon className="size-4" /> : null}
                    </span>
                    <div>
                      <p className={`font-medium ${step.done ? "text-slate-900" : "text-slate-700"}`}>
                        {step.label}
                        <span className="sr-only">{step.done ? " (done)" : " (not yet)"}</span>
                      </p>
                      {step.done && step.at ? <p className="text-sm text-slate-600">{formatDate(step.at)}</p> : null}
                    </div>
                  </li>
                ))}
              </ol>
              <div className="mt-5 flex flex-col gap-2">
                {signed ? (
                  <a
                    href={`/sign-contract/${project.id}/contract.pdf`}
                    download
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                  >
                    Download signed contract (PDF)
                  </a>
                ) : (
                  <Link to={`/sign-contract/${project.id}`} className={buttonClass({ size: "sm" })}>
                    Sign the contract
                  </Link>
                )}
              </div>
            </Panel>

            {portals.length ? (
              <Panel title="On the property portals">
                <ul className="space-y-3">
                  {portals.map((line) => (
                    <li key={line.portal}>
                      <p className="font-semibold text-slate-900">{line.name}</p>
                      <p className="text-sm text-slate-700">
                        {PORTAL_STATE_TEXT[line.state]}
                        {line.updatedAt && line.state === "live" ? ` · updated ${formatDate(line.updatedAt)}` : ""}
                      </p>
                      {line.url ? (
                        <a
                          href={line.url}
                          className="text-sm font-semibold text-emerald-800 underline underline-offset-2"
                          rel="noopener noreferrer"
                          target="_blank"
                        >
                          See it on {line.name}
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </Panel>
            ) : null}

            <Panel title="Booking Information">
              <dl className="space-y-3">
                <div>
                  <dt className="text-sm text-slate-600">Customer name</dt>
                  <dd className="font-semibold text-slate-900">{project.vendorName}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">Booking date</dt>
                  <dd className="font-semibold text-slate-900">
                    {project.bookingDate ? formatDate(project.bookingDate) : "Not specified"}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">Created</dt>
                  <dd className="font-semibold text-slate-900">{formatDate(project.createdAt)}</dd>
                </div>
              </dl>
            </Panel>

            {project.deleteBlocker ? null : (
              <p className="text-center text-sm">
                <Link
                  to={vendorDeletePath(project.id)}
                  className="font-semibold text-red-700 underline-offset-2 hover:underline"
                >
                  Delete this property
                </Link>
              </p>
            )}
          </aside>
        </div>
      </div>
    </div>
  );
}
