import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { MediaTab } from "../components/admin/media-tab";
import { PortalStateBadge } from "../components/admin/portal-state";
import { DetailsForm, type DetailsValues } from "../components/admin/project-details-form";
import { CheckStatusBadge, GateList, partyLabel } from "../components/compliance/checks";
import { CopyLink } from "../components/payments/copy-link";
import { StatusBadge } from "../components/project-table";
import { sellerHubPath } from "../components/seller-hub/seller-hub";
import { Toaster, toastFrom } from "../components/toast";
import { buttonClass } from "../components/ui/button";
import { errorPage, formFailure } from "../lib/error-replies.server";
import { formatDate, formatPrice } from "../lib/format";
import { formDataOf } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { projectChecks } from "../modules/compliance/checks.server";
import { listingChecksMode, listingGates } from "../modules/compliance/listing-gates.server";
import { getListingApproval } from "../modules/listings/approval.server";
import { APPROVAL_STATE_LABELS } from "../modules/listings/approval-sections";
import { getProjectMedia } from "../modules/media/project-media.server";
import { currentPaymentLink, revokePaymentLinks } from "../modules/payments/payment-link.server";
import { lastToldText, PORTAL_NAMES } from "../modules/portals/admin-labels";
import { portalHome, setSendToPortals } from "../modules/portals/admin-portals.server";
import { SendToPortalsFormSchema } from "../modules/portals/schemas";
import {
  type AdminProject,
  adminProjectNotFound,
  changeProjectStatus,
  getAdminProject,
  updateAdminProject,
} from "../modules/projects/admin-projects.server";
import { statusChangeError } from "../modules/projects/rules";
import { AdminProjectDetailsSchema, formatMapLocation } from "../modules/projects/schemas";
import type { Route } from "./+types/admin-property-details.$projectId";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.project.address ?? "Project"} | MoveWise admin` },
];

const TABS = [
  { key: "images", label: "Upload Images" },
  { key: "floorplans", label: "Upload Floor plans" },
  { key: "documents", label: "Upload documents" },
  { key: "details", label: "Add Details" },
] as const;
type Tab = (typeof TABS)[number]["key"];

const tabOf = (url: URL): Tab => TABS.find((tab) => tab.key === url.searchParams.get("tab"))?.key ?? "images";
const detailsPath = (id: number, tab: Tab) => `/admin-property-details/${id}?tab=${tab}`;

const UPDATE_FAILED = "Failed to update project. Please try again.";

/** The failure toast, with the form's errors and what was typed, on the page the action renders (no JavaScript needed). */
const failure = (result: SubmissionResult<string[]>, status: number) =>
  data({ result, toast: { type: "error" as const, message: UPDATE_FAILED } }, { status });
const STATUS_FAILED = "Failed to update booking status.";
const STATUS_CHANGED = {
  completed: "Property marked as completed: it is now listed.",
  sold: "Property marked as sold.",
} as const;
const LINK_REVOKED =
  "Links sent before no longer open the payment page. Send the customer the new link if they still need to pay.";

async function loadProject(params: Route.LoaderArgs["params"]) {
  const id = parseId(params.projectId);
  const project = id ? await getAdminProject(id) : null;
  if (!project) throw errorPage(adminProjectNotFound());
  return project;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireUser(request, "admin");
  const project = await loadProject(params);
  const [media, link, portals, approval, gates, checks] = await Promise.all([
    getProjectMedia(project.id),
    currentPaymentLink(project.id),
    portalHome(project.id),
    getListingApproval(project.id),
    listingGates(project.id, admin.id),
    projectChecks(project.id),
  ]);
  return {
    project,
    compliance: { gates: gates ?? [], checks, mode: listingChecksMode() },
    media,
    approval,
    portals: portals?.portals ?? [],
    paymentLink: link ? { url: link.link, expiresAt: link.expiresAt.toISOString() } : null,
    tab: tabOf(new URL(request.url)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const actor = { id: admin.id, ipAddress: context.clientIp };
  const { id } = await loadProject(params);
  const formData = await formDataOf(request);
  const intent = formData.get("intent");
  const here = new URL(request.url);
  if (intent === "revoke-payment-link") {
    if (!(await revokePaymentLinks(id, { actorId: admin.id, ipAddress: context.clientIp })))
      throw errorPage(adminProjectNotFound());
    return toasts().redirectWithSuccess(here.pathname + here.search, {
      message: "Payment link revoked.",
      description: LINK_REVOKED,
    });
  }
  if (intent === "send-to-portals") {
    const parsed = SendToPortalsFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return toasts().redirectWithError(here.pathname + here.search, parsed.error.issues[0]!.message);
    const on = parsed.data.send_to_portals === "on";
    try {
      await setSendToPortals({ actor, id, on });
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) throw errorPage(error);
      throw error;
    }
    return toasts().redirectWithSuccess(
      here.pathname + here.search,
      on ? "This home will be sent to the portals." : "This home will be taken off the portals.",
    );
  }
  if (intent === "mark-completed" || intent === "mark-sold") {
    const to = intent === "mark-completed" ? "completed" : "sold";
    let unmetGates: { missing: string | null }[];
    try {
      ({ unmetGates } = await changeProjectStatus({ actor, id, to }));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.status === 404) throw errorPage(error);
      return toasts().redirectWithError(here.pathname + here.search, {
        message: STATUS_FAILED,
        description: error.message,
      });
    }
    // Listed although checks are missing (LISTING_CHECKS=warn): say so; the override is on the officer's register.
    if (unmetGates.length)
      return toasts().redirectWithWarning("/admin-propertylisting", {
        message: STATUS_CHANGED[to],
        description: `Listed although ${unmetGates.map((gate) => gate.missing).join("; ")}. The override is recorded for the nominated officer.`,
      });
    return toasts().redirectWithSuccess("/admin-propertylisting", STATUS_CHANGED[to]);
  }
  const submission = parseWithZod(formData, { schema: AdminProjectDetailsSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    return failure(submission.reply({ formErrors: ["Some details need checking: see the messages below."] }), 400);
  }
  try {
    const { notes } = await updateAdminProject({ actor, id, input: submission.value });
    return notes.length
      ? toasts().redirectWithWarning(detailsPath(id, "details"), {
          message: "Project updated successfully!",
          description: notes.join(" "),
        })
      : toasts().redirectWithSuccess(detailsPath(id, "details"), "Project updated successfully!");
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw errorPage(error);
    return formFailure(submission, error, {
      extra: { toast: { type: "error" as const, message: UPDATE_FAILED } },
      fallback: { message: UPDATE_FAILED, log: "updating a project failed" },
    });
  }
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);
const yesNo = (value: boolean) => (value ? "yes" : "no");

/** The form's starting values: the project as stored, written as a form posts it. */
function detailsValues(p: AdminProject): DetailsValues {
  return {
    address: p.address,
    postcode: p.postcode,
    vendor_name: p.vendorName,
    booking_date: p.bookingDate?.toISOString().slice(0, 10) ?? "",
    price: String(p.price),
    property_type: p.propertyType,
    bedrooms: String(p.bedrooms),
    bathrooms: String(p.bathrooms),
    size_sqft: text(p.sizeSqft),
    tenure: p.tenure,
    key_features: p.keyFeatures.join("\n"),
    council_tax: p.councilTaxBand ? `Band ${p.councilTaxBand}` : "",
    parking: yesNo(p.parking),
    garden: yesNo(p.garden),
    accessibility: yesNo(p.accessibility),
    map_location:
      p.latitude !== null && p.longitude !== null
        ? formatMapLocation({ latitude: p.latitude, longitude: p.longitude })
        : "",
    description: p.description,
    virtual_tour_url: text(p.virtualTourUrl),
    epc_rating: text(p.epcRating),
    epc_potential: text(p.epcPotential),
    receptions: text(p.receptions),
    lease_years_remaining: text(p.leaseYearsRemaining),
    ground_rent_per_year: text(p.groundRentPerYear),
    service_charge_per_year: text(p.serviceChargePerYear),
    local_authority: text(p.localAuthority),
    construction: text(p.construction),
    heating: text(p.heating),
    electricity: text(p.electricity),
    water: text(p.water),
    sewerage: text(p.sewerage),
    broadband: text(p.broadband),
    mobile_coverage: text(p.mobileCoverage),
    parking_details: text(p.parkingDetails),
    personal_interest: text(p.personalInterest),
    flood_risk: text(p.floodRisk),
    restrictions: text(p.restrictions),
    rights_and_easements: text(p.rightsAndEasements),
    building_safety: text(p.buildingSafety),
    coalfield_or_mining: text(p.coalfieldOrMining),
  };
}

function StatusButton({ project, to, label }: { project: AdminProject; to: "completed" | "sold"; label: string }) {
  const refused = statusChangeError(project.status, to);
  const noteId = `status-note-${to}`;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={`mark-${to}`} />
      <button
        type="submit"
        disabled={refused !== null}
        aria-describedby={refused ? noteId : undefined}
        className={buttonClass({
          variant: to === "completed" ? "primary" : "secondary",
          className: "w-full disabled:cursor-not-allowed disabled:opacity-60",
        })}
      >
        {label}
      </button>
      {refused ? (
        <p id={noteId} className="mt-1 text-xs text-slate-600">
          {refused}
        </p>
      ) : null}
    </Form>
  );
}

/** The seller's approval of the listing: where it stands, what they asked to change, and the page to act on it. */
function ApprovalSection({
  projectId,
  approval,
}: {
  projectId: number;
  approval: Route.ComponentProps["loaderData"]["approval"];
}) {
  return (
    <section aria-labelledby="approval-heading" className="space-y-2">
      <h2 id="approval-heading" className="text-sm font-semibold text-slate-900">
        Seller&rsquo;s approval
      </h2>
      <p className="text-sm text-slate-800">{APPROVAL_STATE_LABELS[approval.state]}</p>
      {approval.state === "changes-requested" && approval.latest ? (
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {approval.latest.changes.map((change) => (
            <li key={change.section}>
              <span className="font-semibold">{change.label}:</span> {change.comment}
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        to={sellerHubPath(projectId, "approval")}
        className="inline-block text-sm font-semibold text-emerald-800 underline underline-offset-2"
      >
        Preview and ask the seller
      </Link>
    </section>
  );
}

type PortalSummaries = Route.ComponentProps["loaderData"]["portals"];

/** 'Send to portals' and where the home stands on each portal now. */
function PortalsSection({ project, portals }: { project: AdminProject; portals: PortalSummaries }) {
  return (
    <section aria-labelledby="portals-heading" className="space-y-3">
      <h2 id="portals-heading" className="text-sm font-semibold text-slate-900">
        Portals
      </h2>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="send-to-portals" />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="send_to_portals"
            defaultChecked={project.sendToPortals}
            key={String(project.sendToPortals)}
            className="size-4"
          />
          Send to portals
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary", size: "sm", className: "w-full" })}>
          Save
        </button>
      </Form>
      <ul className="space-y-1 text-xs text-slate-700">
        {portals.map((listing) => (
          <li key={listing.portal}>
            <span className="font-semibold">{PORTAL_NAMES[listing.portal]}:</span>{" "}
            <PortalStateBadge state={listing.state} />
            {listing.lastAction ? ` ${lastToldText(listing)}` : null}
          </li>
        ))}
      </ul>
      <Link
        to={`/admin/portals/${project.id}`}
        className="text-sm font-semibold text-emerald-800 underline underline-offset-2"
      >
        Portal history
      </Link>
    </section>
  );
}

/** The link to send the customer, and a way to stop every link sent so far from working (a link sent to the wrong address, say). */
function PaymentLinkSection({ link }: { link: { url: string; expiresAt: string } }) {
  return (
    <section aria-labelledby="payment-link-heading" className="space-y-3">
      <h2 id="payment-link-heading" className="text-sm font-semibold text-slate-900">
        Payment link
      </h2>
      <CopyLink id="admin-payment-link" label="Link to send the customer" link={link.url} />
      <p className="text-xs text-slate-600">
        Whoever holds it can pay for this booking and see its receipt. A link sent today stops working on{" "}
        {formatDate(link.expiresAt)}.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="revoke-payment-link" />
        <button type="submit" className={buttonClass({ variant: "secondary", className: "w-full" })}>
          Revoke payment link
        </button>
      </Form>
    </section>
  );
}

function Summary({ project }: { project: AdminProject }) {
  const facts = [
    { label: "Customer", value: `${project.vendorName}${project.vendorEmail ? ` (${project.vendorEmail})` : ""}` },
    { label: "Account", value: project.ownerId ? "Linked to the seller's account" : "No seller account yet" },
    { label: "Price", value: formatPrice(project.price) },
    { label: "House type", value: `${project.propertyType}, ${project.bedrooms} bed, ${project.bathrooms} bath` },
    { label: "Created", value: formatDate(project.createdAt) },
    {
      label: "Contract",
      value: project.contractSignedAt ? `Signed ${formatDate(project.contractSignedAt)}` : "Not signed yet",
    },
    { label: "Payment", value: project.paid ? "Paid" : "Not paid yet" },
    ...(project.listedAt ? [{ label: "Listed", value: formatDate(project.listedAt) }] : []),
    ...(project.soldAt ? [{ label: "Sold", value: formatDate(project.soldAt) }] : []),
  ];
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.label} className="flex gap-2">
          <dt className="font-medium text-slate-600">{fact.label}:</dt>
          <dd className="text-slate-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Compliance = Route.ComponentProps["loaderData"]["compliance"];

/** What listing waits for, and each seller's check (buyers' checks open with an accepted offer). */
function ComplianceSection({ projectId, compliance }: { projectId: number; compliance: Compliance }) {
  const unmet = compliance.gates.filter((gate) => !gate.met).length;
  return (
    <section
      aria-labelledby="compliance-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="compliance-heading" className="text-lg font-semibold text-slate-900">
        Ready to list?
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {unmet === 0
          ? "Every check is done."
          : compliance.mode === "enforce"
            ? "The home cannot be listed until every check is done."
            : "Listing now is recorded as an override on the nominated officer's register."}
      </p>
      <GateList id="listing-gates" gates={compliance.gates} />
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Identity and anti-money-laundering checks</h3>
      {compliance.checks.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No one has been added to check yet.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {compliance.checks.map((check) => (
            <li key={check.id} className="flex flex-wrap items-center gap-2">
              <Link
                to={`/admin/checks/${check.id}`}
                className="font-semibold text-emerald-800 underline underline-offset-2"
              >
                {check.fullName}
              </Link>
              <span className="text-slate-700">{partyLabel(check)}</span>
              <CheckStatusBadge status={check.status} />
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`/admin/checks/new?projectId=${projectId}`}
        className={buttonClass({ variant: "secondary", size: "sm", className: "mt-3" })}
      >
        Add a seller to check
      </Link>
    </section>
  );
}

export default function AdminPropertyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { project, media, paymentLink, portals, tab, approval, compliance } = loaderData;
  return (
    <div className="bg-slate-50">
      <Toaster toast={toastFrom(actionData)} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <Link to="/admin-propertylisting" className={buttonClass({ variant: "secondary", size: "sm" })}>
          ← Back to projects
        </Link>
        <div className="mt-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{project.address}</h1>
            <StatusBadge status={project.status} />
          </div>
          <Summary project={project} />
          {project.status !== "pending" ? (
            <nav aria-label="Selling this home" className="mt-3">
              <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
                {[
                  { to: `/view-properties/${project.id}`, label: "See the public listing" },
                  { to: sellerHubPath(project.id, "viewings"), label: "Viewings" },
                  { to: sellerHubPath(project.id, "offers"), label: "Offers" },
                  { to: sellerHubPath(project.id, "sale"), label: "Sale progress" },
                ].map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="font-semibold text-emerald-800 underline underline-offset-2">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>

        <ComplianceSection projectId={project.id} compliance={compliance} />

        <div className="mt-6 grid gap-6 md:grid-cols-[14rem_1fr]">
          <aside className="space-y-6">
            <nav aria-label="Project sections">
              <ul className="flex flex-wrap gap-2 md:flex-col">
                {TABS.map((t) => (
                  <li key={t.key}>
                    <Link
                      to={detailsPath(project.id, t.key)}
                      aria-current={t.key === tab ? "page" : undefined}
                      preventScrollReset
                      className="block rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-[current=page]:border-emerald-700 aria-[current=page]:bg-emerald-700 aria-[current=page]:text-white"
                    >
                      {t.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <section aria-labelledby="status-heading" className="space-y-3">
              <h2 id="status-heading" className="text-sm font-semibold text-slate-900">
                Status
              </h2>
              <StatusButton project={project} to="completed" label="Mark as Completed" />
              <StatusButton project={project} to="sold" label="Mark as Sold" />
            </section>
            <ApprovalSection projectId={project.id} approval={approval} />
            <PortalsSection project={project} portals={portals} />
            {paymentLink ? <PaymentLinkSection link={paymentLink} /> : null}
          </aside>

          <div className="min-w-0">
            {tab === "details" ? (
              <DetailsForm
                action={detailsPath(project.id, "details")}
                defaultValue={detailsValues(project)}
                key={`${project.id}-${String(project.updatedAt)}`}
                project={project}
                lastResult={actionData}
              />
            ) : (
              <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                <MediaTab projectId={project.id} section={tab} media={media} />
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
