import { Link } from "react-router";

import { FormAlert } from "../components/forms";
import { OfferAmountField, OfferHistory, OfferStatusBadge } from "../components/offers/offer-parts";
import { buttonClass } from "../components/ui/button";
import { formatPrice } from "../lib/format";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { listingPath } from "../modules/listings/summary";
import { applyOfferForm, type OfferFormFailure } from "../modules/offers/offer-forms.server";
import { listBuyerOffers, moveAsBuyer, offerPageView } from "../modules/offers/offers.server";
import { BuyerMoveFormSchema } from "../modules/offers/schemas";
import { CONTRACTS_EXCHANGED } from "../modules/sales/milestones";
import type { Route } from "./+types/my-offers";

export const meta: Route.MetaFunction = () => [
  { title: "My offers | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Sent without React: each offer's moves are plain forms.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "buyer");
  const offers = await listBuyerOffers(user.id);
  return {
    offers: offers.map((offer) => ({
      ...offerPageView(offer),
      projectId: offer.projectId,
      address: offer.project.address,
      hasProofOfFunds: offer.proofKey !== null,
    })),
  };
}

const DONE: Record<"accept" | "raise" | "withdraw", string> = {
  accept: "You have accepted the seller's counter-offer. The home is now under offer to you.",
  raise: "Your new offer has been sent to the seller.",
  withdraw: "Your offer has been withdrawn.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, "buyer");
  const outcome = await applyOfferForm(request, BuyerMoveFormSchema, (id, move) =>
    moveAsBuyer(
      user,
      id,
      move.intent === "raise" ? { action: "raise", amount: move.amount } : { action: move.intent },
      { ipAddress: context.clientIp },
    ),
  );
  if (outcome.failed) return outcome.failed;
  return toasts().redirectWithSuccess("/my-offers", DONE[outcome.move.intent]);
}

export default function MyOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { offers } = loaderData;
  const failed = actionData?.failure;
  return (
    <div className="bg-slate-50">
      <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My offers</h1>
        <p className="mt-2 text-slate-700">
          Every offer is passed on to the seller straight away. We email you when they answer.
        </p>
        {failed?.id === null && failed.message ? (
          <div className="mt-4">
            <FormAlert id="offers-error" errors={[failed.message]} />
          </div>
        ) : null}
        {offers.length === 0 ? (
          <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <h2 className="text-xl font-semibold">You have not made any offers</h2>
            <p className="mt-2 text-slate-700">Find a home you like, then press “Make an offer” on its page.</p>
            <Link to="/view-properties" className={`${buttonClass({})} mt-6`}>
              View properties
            </Link>
          </div>
        ) : (
          <ul className="mt-8 space-y-6" aria-label="Your offers">
            {offers.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} failure={failed?.id === offer.id ? failed : undefined} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type Offer = Route.ComponentProps["loaderData"]["offers"][number];

function MoveButton({
  offerId,
  intent,
  children,
  variant = "secondary",
}: {
  offerId: number;
  intent: string;
  children: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  return (
    <form method="post">
      <input type="hidden" name="offerId" value={offerId} />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={buttonClass({ variant, size: "sm" })}>
        {children}
      </button>
    </form>
  );
}

function OfferCard({ offer, failure }: { offer: Offer; failure?: OfferFormFailure }) {
  const titleId = `offer-${offer.id}-title`;
  const amountId = `offer-${offer.id}-amount`;
  const amountErrors = failure?.errors?.amount;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            <Link to={listingPath(offer.projectId)} className="underline-offset-2 hover:underline">
              {offer.address}
            </Link>
          </h2>
          <p className="mt-1 text-slate-800">
            Your offer: <span className="font-semibold">{formatPrice(offer.amount)}</span>
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {offer.position} · Mortgage agreed in principle: {offer.mortgageInPrinciple ? "Yes" : "No"} · Proof of
            funds: {offer.hasProofOfFunds ? "sent" : "not sent"}
          </p>
        </div>
        <OfferStatusBadge status={offer.status} />
      </div>
      {failure?.message ? (
        <div className="mt-4">
          <FormAlert id={`offer-${offer.id}-error`} errors={[failure.message]} />
        </div>
      ) : null}
      {offer.status === "countered" && offer.counterAmount !== null ? (
        <div className="mt-5 space-y-4">
          <p className="font-medium text-slate-900">The seller has countered with {formatPrice(offer.counterAmount)}</p>
          <MoveButton offerId={offer.id} intent="accept" variant="primary">
            {`Accept ${formatPrice(offer.counterAmount)}`}
          </MoveButton>
        </div>
      ) : null}
      {offer.status === "countered" ? (
        <form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="offerId" value={offer.id} />
          <input type="hidden" name="intent" value="raise" />
          <OfferAmountField
            id={amountId}
            label="New offer amount (£)"
            value={failure?.values?.amount}
            errors={amountErrors}
          />
          <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
            Send new offer
          </button>
        </form>
      ) : null}
      {offer.status === "pending" || offer.status === "countered" ? (
        <div className="mt-4">
          <MoveButton offerId={offer.id} intent="withdraw" variant="danger">
            Withdraw offer
          </MoveButton>
        </div>
      ) : null}
      {offer.status === "accepted" ? (
        <div className="mt-5 flex flex-wrap items-center gap-4">
          <Link to={`/my-offers/${offer.id}/progress`} className={buttonClass({ size: "sm" })}>
            Track your purchase
          </Link>
          {offer.contractsExchanged ? (
            <p className="text-sm text-slate-700">{CONTRACTS_EXCHANGED}</p>
          ) : (
            <MoveButton offerId={offer.id} intent="withdraw" variant="danger">
              Withdraw from this purchase
            </MoveButton>
          )}
        </div>
      ) : null}
      <OfferHistory events={offer.events} headingId={`offer-${offer.id}-history`} />
    </article>
  );
}
