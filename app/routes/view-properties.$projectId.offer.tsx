import { data, Link } from "react-router";

import { ErrorList, FormAlert, inputClass } from "../components/forms";
import { PersonalInterestNotice } from "../components/listings/personal-interest";
import { buttonClass } from "../components/ui/button";
import { ChevronLeftIcon } from "../components/ui/icons";
import { formatPrice } from "../lib/format";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { resendVerification, VERIFICATION_SENT } from "../modules/auth/email-verification.server";
import { requireUser } from "../modules/auth/guards.server";
import { findPublicListingBrief } from "../modules/listings/listings.server";
import { listingPath } from "../modules/listings/summary";
import { discardUpload } from "../modules/media/uploads.server";
import { makeOffer } from "../modules/offers/offers.server";
import { POSITION_LABELS, POSITIONS } from "../modules/offers/positions";
import { readProofForm } from "../modules/offers/proof.server";
import { MakeOfferFormSchema } from "../modules/offers/schemas";
import { OFFER_SENT_MESSAGE, PROOF_ACCEPT, UNVERIFIED_MESSAGE } from "../modules/offers/texts";
import type { Route } from "./+types/view-properties.$projectId.offer";

function notFound(): never {
  throw data({ message: "No listed property has this id." }, { status: 404, statusText: "Not Found" });
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: page ? `Make an offer: ${page.listing.address} | MoveWise` : "Make an offer | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Sent without React: one form (with an optional file) and, for an unconfirmed address, a resend form.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseId(params.projectId);
  const listing = id ? await findPublicListingBrief(id) : null;
  if (!listing) notFound();
  const user = await requireUser(request, "buyer");
  return {
    listing: {
      id: listing.id,
      address: listing.address,
      price: listing.price,
      sold: listing.status === "sold",
      personalInterest: listing.personalInterest,
    },
    emailVerified: user.emailVerified,
  };
}

type Failure = { message?: string; errors?: Record<string, string[]>; values?: Record<string, string> };
const failure = (status: number, body: Failure, headers?: HeadersInit) =>
  data({ failure: body, resent: null as string | null }, { status, headers });

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.projectId);
  if (!id) notFound();
  const user = await requireUser(request, "buyer");
  let form: FormData;
  let proof: Awaited<ReturnType<typeof readProofForm>>["file"] = null;
  try {
    if (/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) {
      ({ form, file: proof } = await readProofForm(request, "proof"));
    } else {
      form = await formDataOf(request);
    }
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const drained = await discardUpload(request);
    return failure(
      error.status,
      { message: error.fieldErrors ? undefined : error.message, errors: error.fieldErrors },
      drained ? undefined : { Connection: "close" },
    );
  }
  if (form.get("intent") === "resend-verification") {
    try {
      await resendVerification(user);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return failure(error.status, { message: error.message });
    }
    return data({ failure: null, resent: VERIFICATION_SENT });
  }
  const values = {
    amount: String(form.get("amount") ?? ""),
    position: String(form.get("position") ?? ""),
    mortgageInPrinciple: String(form.get("mortgageInPrinciple") ?? ""),
  };
  const parsed = MakeOfferFormSchema.safeParse({
    amount: values.amount,
    position: values.position || undefined,
    mortgageInPrinciple: values.mortgageInPrinciple || undefined,
  });
  if (!parsed.success) return failure(400, { errors: fieldErrors(parsed.error), values });
  try {
    await makeOffer(
      user,
      id,
      { ...parsed.data, mortgageInPrinciple: parsed.data.mortgageInPrinciple === "yes" },
      { ipAddress: context.clientIp, proof },
    );
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const onFields = error.fieldErrors && Object.keys(error.fieldErrors).every((f) => f in values || f === "proof");
    return failure(
      error.status,
      onFields ? { errors: error.fieldErrors, values } : { message: error.message, values },
      error.headers,
    );
  }
  return toasts().redirectWithSuccess("/my-offers", OFFER_SENT_MESSAGE);
}

export default function MakeOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, emailVerified } = loaderData;
  const failed = actionData?.failure ?? undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Link
        to={listingPath(listing.id)}
        className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-800 hover:underline"
      >
        <ChevronLeftIcon className="size-4" />
        Back to the property
      </Link>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Make an offer</h1>
        <p className="mt-2 text-slate-600">
          {listing.address} · Guide price {formatPrice(listing.price)}
        </p>
        {listing.personalInterest ? (
          <PersonalInterestNotice declaration={listing.personalInterest} className="mt-4" />
        ) : null}
        <div className="mt-6">
          {listing.sold ? (
            <p className="rounded-lg bg-slate-100 px-4 py-3 font-medium text-slate-800">
              This home has been sold, so it takes no more offers.
            </p>
          ) : !emailVerified ? (
            <UnverifiedNotice resent={actionData?.resent ?? null} error={failed?.message} />
          ) : (
            <OfferForm failure={failed} />
          )}
        </div>
      </div>
    </section>
  );
}

function UnverifiedNotice({ resent, error }: { resent: string | null; error?: string }) {
  return (
    <div className="space-y-4">
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
        {UNVERIFIED_MESSAGE} We pass offers on only from a confirmed address, so that the seller knows it is really you.
        Use the link in the email we sent when you signed up, or ask for a new one.
      </p>
      {resent ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
          {resent}
        </p>
      ) : null}
      <FormAlert id="resend-error" errors={error ? [error] : null} />
      <form method="post">
        <input type="hidden" name="intent" value="resend-verification" />
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Resend verification email
        </button>
      </form>
    </div>
  );
}

function OfferForm({ failure }: { failure?: Failure }) {
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  const describe = (name: string) => (errors[name] ? `${name}-error` : undefined);
  return (
    <form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
      <FormAlert id="offer-error" errors={failure?.message ? [failure.message] : null} />
      <div>
        <label htmlFor="amount" className="block text-sm font-medium text-slate-800">
          Offer amount (£)
        </label>
        <input
          id="amount"
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={values.amount ?? ""}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={describe("amount")}
          className={`${inputClass} mt-1 max-w-xs`}
        />
        <ErrorList id="amount-error" errors={errors.amount} />
      </div>
      <fieldset aria-describedby={describe("position")}>
        <legend className="text-sm font-medium text-slate-800">Your position</legend>
        <div className="mt-2 space-y-2">
          {POSITIONS.map((position) => (
            <label key={position} className="flex items-center gap-2 text-slate-800">
              <input
                type="radio"
                name="position"
                value={position}
                defaultChecked={values.position === position}
                className="size-4 accent-emerald-700"
              />
              {POSITION_LABELS[position]}
            </label>
          ))}
        </div>
        <ErrorList id="position-error" errors={errors.position} />
      </fieldset>
      <fieldset aria-describedby={describe("mortgageInPrinciple")}>
        <legend className="text-sm font-medium text-slate-800">Mortgage agreed in principle</legend>
        <div className="mt-2 flex gap-6">
          {(["yes", "no"] as const).map((answer) => (
            <label key={answer} className="flex items-center gap-2 text-slate-800">
              <input
                type="radio"
                name="mortgageInPrinciple"
                value={answer}
                defaultChecked={values.mortgageInPrinciple === answer}
                className="size-4 accent-emerald-700"
              />
              {answer === "yes" ? "Yes" : "No"}
            </label>
          ))}
        </div>
        <ErrorList id="mortgageInPrinciple-error" errors={errors.mortgageInPrinciple} />
      </fieldset>
      <div>
        <label htmlFor="proof" className="block text-sm font-medium text-slate-800">
          Proof of funds (PDF, JPEG or PNG)
        </label>
        <p id="proof-hint" className="mt-1 text-sm text-slate-600">
          Optional, at most 10 MB: a bank statement or a mortgage agreement in principle. Only the seller and the agency
          see it.
        </p>
        <input
          id="proof"
          name="proof"
          type="file"
          accept={PROOF_ACCEPT}
          aria-invalid={errors.proof ? true : undefined}
          aria-describedby={errors.proof ? "proof-hint proof-error" : "proof-hint"}
          className="mt-2 block text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-emerald-50 file:px-3 file:py-2 file:font-semibold file:text-emerald-900"
        />
        <ErrorList id="proof-error" errors={errors.proof} />
      </div>
      <p className="text-sm text-slate-600">
        We pass every offer on to the seller straight away, in writing, as the Estate Agents Act requires.
      </p>
      <button type="submit" className={buttonClass({})}>
        Send offer
      </button>
    </form>
  );
}
