import { data, useSearchParams } from "react-router";

import { FormAlert, SubmitButton, TextareaInput } from "../components/form-basics";
import { Lightbox, photoLink, requestedPhoto } from "../components/listings/lightbox";
import { ListingView } from "../components/listings/listing-view";
import { SellerHubPage } from "../components/seller-hub/seller-hub";
import { Panel } from "../components/ui/panel";
import { errorPage } from "../lib/error-replies.server";
import { formatDate } from "../lib/format";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import {
  getListingApproval,
  listingPreview,
  requestListingApproval,
  reviewListing,
} from "../modules/listings/approval.server";
import { ListingReviewSchema } from "../modules/listings/approval-schemas";
import {
  APPROVAL_STATE_LABELS,
  LISTING_SECTION_LABELS,
  LISTING_SECTIONS,
  type ListingSection,
} from "../modules/listings/approval-sections";
import { listingHeadline } from "../modules/listings/headline";
import { findSellerHome } from "../modules/projects/seller-access.server";
import type { Route } from "./+types/view-a-property.$projectId.approval";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Approve your listing: ${loaded?.home.address ?? "Property"} | MoveWise` },
  { name: "robots", content: "noindex" },
];

// Sent without React, like the public listing it previews: the decision forms are plain forms.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const home = await findSellerHome(user, parseId(params.projectId)).catch((error) => {
    throw errorPage(error);
  });
  const [approval, preview] = await Promise.all([getListingApproval(home.id), listingPreview(home.id)]);
  return {
    home,
    approval,
    preview: { ...preview, headline: `${listingHeadline(preview.listing)} for sale` },
    isAdmin: user.role === "admin",
  };
}

type Failure = {
  message?: string;
  errors?: Partial<Record<ListingSection, string[]>>;
  values?: Record<string, string>;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The seller's form as the review payload: one change for each section with a comment. */
function reviewOf(form: FormData) {
  const decision = text(form, "intent") === "approve" ? "approve" : "request-changes";
  const fingerprint = text(form, "fingerprint");
  if (decision === "approve") return { decision, fingerprint };
  const changes = LISTING_SECTIONS.flatMap((section) =>
    text(form, `comment-${section}`).trim() ? [{ section, comment: text(form, `comment-${section}`) }] : [],
  );
  return { decision, fingerprint, changes };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const home = await findSellerHome(user, parseId(params.projectId)).catch((error) => {
    throw errorPage(error);
  });
  const form = await formDataOf(request);
  const path = `/view-a-property/${home.id}/approval`;
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  try {
    if (text(form, "intent") === "request-approval") {
      if (user.role !== "admin") throw new ServiceError(403, "Only the agency asks for approval.");
      await requestListingApproval({ actor: { id: user.id, ipAddress: context.clientIp }, projectId: home.id });
      return toasts().redirectWithSuccess(path, "We emailed the seller to approve the listing.");
    }
    const parsed = ListingReviewSchema.safeParse(reviewOf(form));
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const bySection: Failure["errors"] = {};
      for (const [key, messages] of Object.entries(errors)) {
        const index = /^changes\.(\d+)\./.exec(key)?.[1];
        const change =
          index === undefined
            ? undefined
            : (reviewOf(form) as { changes?: { section: ListingSection }[] }).changes?.[Number(index)];
        if (change) bySection[change.section] = messages;
      }
      const message = Object.keys(bySection).length ? undefined : Object.values(errors).flat()[0];
      return data({ failure: { message, errors: bySection, values } satisfies Failure }, { status: 400 });
    }
    await reviewListing({ user, projectId: home.id, input: parsed.data, ipAddress: context.clientIp });
    return toasts().redirectWithSuccess(
      path,
      parsed.data.decision === "approve"
        ? "Thank you: you approved your listing."
        : "Thank you: we have your requests and will change the listing.",
    );
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ failure: { message: error.message, values } satisfies Failure }, { status: error.status });
  }
}

export default function ApproveListing({ loaderData, actionData }: Route.ComponentProps) {
  const { home, approval, preview, isAdmin } = loaderData;
  const failed: Failure | undefined = actionData?.failure;
  const [params] = useSearchParams();
  const path = `/view-a-property/${home.id}/approval`;
  const gallery = [...preview.listing.photos, ...preview.listing.floorPlans];
  const canDecide = !isAdmin && approval.state !== "not-requested" && approval.state !== "approved";
  return (
    <SellerHubPage home={home} current="approval" title="Approve your listing" actingForSeller={isAdmin}>
      <Lightbox items={gallery} index={requestedPhoto(params, gallery.length)} path={path} />
      {failed?.message ? <FormAlert id="approval-error" errors={[failed.message]} /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <Panel id="approval-state" title="Where it stands" className="lg:col-span-2">
          <p className="font-semibold text-slate-900" data-approval-state={approval.state}>
            {APPROVAL_STATE_LABELS[approval.state]}
          </p>
          {approval.latest ? (
            <p className="mt-1 text-sm text-slate-700">
              {approval.latest.decision === "approved"
                ? "Approved"
                : approval.latest.decision === "voided"
                  ? "Approval voided by a change"
                  : "Changes asked for"}{" "}
              on {formatDate(approval.latest.at)}
              {approval.latest.by ? ` by ${approval.latest.by}` : ""}.
            </p>
          ) : null}
          {approval.state === "changed" && approval.changedSinceApproval.length ? (
            <p className="mt-2 text-sm text-slate-700">
              Changed since the seller approved it:{" "}
              {approval.changedSinceApproval.map((section) => LISTING_SECTION_LABELS[section]).join(", ")}.
            </p>
          ) : null}
          {approval.latest?.changes.length ? (
            <div className="mt-4">
              <h3 className="text-sm font-semibold text-slate-900">Changes the seller asked for</h3>
              <dl className="mt-2 space-y-2">
                {approval.latest.changes.map((change) => (
                  <div key={change.section} className="rounded-lg bg-amber-50 px-3 py-2">
                    <dt className="text-sm font-semibold text-slate-900">{change.label}</dt>
                    <dd className="text-sm whitespace-pre-line text-slate-800">{change.comment}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : null}
          {!isAdmin && approval.state === "not-requested" ? (
            <p className="mt-2 text-sm text-slate-700">
              We are still preparing your listing. We will email you when it is ready for you to approve; until you
              approve it, it does not go live.
            </p>
          ) : null}
        </Panel>
        <Panel id="approval-decision" title={isAdmin ? "Ask the seller" : "Your decision"}>
          {isAdmin ? (
            <form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="request-approval" />
              <p className="text-sm text-slate-700">
                Email the seller to look at the listing below, exactly as buyers will see it, and approve it.
              </p>
              <SubmitButton pendingText="Sending…" disabled={approval.state === "approved"}>
                Ask the seller to approve
              </SubmitButton>
            </form>
          ) : canDecide ? (
            <form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="fingerprint" value={approval.fingerprint} />
              <p className="text-sm text-slate-700">
                Look at your listing below as buyers will see it. If everything is right, approve it; otherwise tell us
                what to change at the end of the page.
              </p>
              <SubmitButton pendingText="Approving…">Approve my listing</SubmitButton>
            </form>
          ) : (
            <p className="text-sm text-slate-700">
              {approval.state === "approved"
                ? "You approved the listing as it is now. If we change it, we will ask you again."
                : "Nothing to decide yet."}
            </p>
          )}
        </Panel>
      </div>

      <section
        aria-labelledby="preview-heading"
        className="mt-8 rounded-2xl border-2 border-dashed border-slate-300 bg-white"
      >
        <h2 id="preview-heading" className="border-b border-slate-200 px-4 py-3 text-lg font-bold text-slate-900">
          Preview: your listing as buyers will see it
        </h2>
        <div className="px-4 pt-2 pb-8">
          <ListingView
            listing={preview.listing}
            headline={preview.headline}
            extra={preview.extra}
            material={preview.material}
            linkTo={(i) => photoLink(path, i)}
            addressHeading="h2"
            actions={
              <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
                Buyers will see &lsquo;Book a Viewing&rsquo; and &lsquo;Make an offer&rsquo; here.
              </p>
            }
          />
        </div>
      </section>

      {canDecide ? (
        <Panel id="request-changes" title="Ask for changes" className="mt-8">
          <form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="request-changes" />
            <input type="hidden" name="fingerprint" value={approval.fingerprint} />
            <p className="text-sm text-slate-700">
              Say what should change in any section; leave the others blank. We will change the listing and ask you to
              approve it again.
            </p>
            {LISTING_SECTIONS.map((section) => (
              <TextareaInput
                key={section}
                id={`comment-${section}`}
                name={`comment-${section}`}
                label={`What should change: ${LISTING_SECTION_LABELS[section]}`}
                defaultValue={failed?.values?.[`comment-${section}`] ?? ""}
                errors={failed?.errors?.[section]}
                maxLength={2000}
              />
            ))}
            <SubmitButton pendingText="Sending…" className="sm:w-auto sm:px-6">
              Ask for these changes
            </SubmitButton>
          </form>
        </Panel>
      ) : null}
    </SellerHubPage>
  );
}
