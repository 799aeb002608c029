import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { PersonalInterestNotice } from "../components/listings/personal-interest";
import { ViewingRequestForm } from "../components/listings/viewing-request";
import { ChevronLeftIcon } from "../components/ui/icons";
import { formFailure } from "../lib/error-replies.server";
import { formatPrice } from "../lib/format";
import { refuseFilledHoneypot } from "../lib/honeypot";
import { formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { toasts } from "../lib/toast.server";
import { getUser } from "../modules/auth/identity.server";
import { findPublicListingBrief } from "../modules/listings/listings.server";
import { listingPath, searchResultsOf } from "../modules/listings/summary";
import { viewingFormRules } from "../modules/viewings/form-rules.server";
import { viewingRequestFormSchema } from "../modules/viewings/schemas";
import { viewingDateRange } from "../modules/viewings/slots";
import {
  requestViewing,
  VIEWING_FAILED_FROM_SEARCH_MESSAGE,
  VIEWING_REQUESTED_FROM_SEARCH_MESSAGE,
  VIEWING_REQUESTED_MESSAGE,
} from "../modules/viewings/viewings.server";
import type { Route } from "./+types/view-properties.$projectId.request-viewing";

function notFound(): never {
  throw data({ message: "No listed property has this id." }, { status: 404, statusText: "Not Found" });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseId(params.projectId);
  const listing = id ? await findPublicListingBrief(id) : null;
  if (!listing) notFound();
  return {
    listing: {
      id: listing.id,
      address: listing.address,
      price: listing.price,
      propertyType: listing.propertyType,
      sold: listing.status === "sold",
      personalInterest: listing.personalInterest,
    },
    viewingDates: viewingDateRange(),
    viewingRules: viewingFormRules(),
    // From search results (spec: the search flow's 'Request Property Viewing'), with the way back.
    searchResults: searchResultsOf(new URL(request.url)),
  };
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: page ? `Request a Free Visit: ${page.listing.address} | MoveWise` : "Property not found | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Sent without React (docs/decisions/0002-pages-without-react.md): the form posts to the action either way, and
// app/browser/form-checks.ts checks fields as they are filled in.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

/** Both the page's form and the property page's dialog post here. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.projectId);
  if (!id) notFound();
  const formData = await formDataOf(request);
  const submission = parseWithZod(formData, { schema: viewingRequestFormSchema() });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { website: _honeypot, source, ...input } = submission.value;
  const searchResults = searchResultsOf(new URL(request.url));
  const succeed = () =>
    source === "dialog"
      ? toasts().dataWithSuccess({ result: submission.reply({ resetForm: true }), ok: true }, VIEWING_REQUESTED_MESSAGE)
      : searchResults
        ? toasts().redirectWithSuccess(searchResults, VIEWING_REQUESTED_FROM_SEARCH_MESSAGE)
        : toasts().redirectWithSuccess(listingPath(id), VIEWING_REQUESTED_MESSAGE);
  try {
    refuseFilledHoneypot(formData, "request");
    await requestViewing(
      { ...input, projectId: id },
      {
        ipAddress: context.clientIp,
        // A signed-in requester sees the viewing in their account; a bad API token here just means signed out.
        userId: (await getUser(request).catch(() => null))?.id ?? null,
      },
    );
  } catch (error) {
    return formFailure(submission, error, {
      fallback: {
        message: searchResults ? VIEWING_FAILED_FROM_SEARCH_MESSAGE : "Failed to submit viewing request",
        log: "viewing request failed",
      },
    });
  }
  return succeed();
}

export default function RequestViewing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, viewingDates, viewingRules, searchResults } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Link
        to={searchResults ?? listingPath(listing.id)}
        className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-800 hover:underline"
      >
        <ChevronLeftIcon className="size-4" />
        {searchResults ? "Back to results" : "Back to the property"}
      </Link>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {searchResults ? "Request Property Viewing" : "Request a Free Visit"}
          </h1>
          {searchResults ? (
            <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-700/20">
              Free Viewing
            </span>
          ) : null}
        </div>
        <p className="mt-2 text-slate-600">
          {listing.address} · {listing.propertyType} · Guide price {formatPrice(listing.price)}
        </p>
        {listing.personalInterest ? (
          <PersonalInterestNotice declaration={listing.personalInterest} className="mt-4" />
        ) : null}
        <div className="mt-6">
          {listing.sold ? (
            <p className="rounded-lg bg-slate-100 px-4 py-3 font-medium text-slate-800">
              This home has been sold, so viewings are closed.
            </p>
          ) : (
            <ViewingRequestForm
              listingId={listing.id}
              rules={viewingRules}
              dates={viewingDates}
              lastResult={actionData?.result}
              FormComponent={Form}
              searchResults={searchResults}
            />
          )}
        </div>
      </div>
    </section>
  );
}
