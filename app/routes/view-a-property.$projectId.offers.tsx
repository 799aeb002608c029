import { FormAlert } from "../components/forms";
import { OfferAmountField, OfferHistory, OfferStatusBadge } from "../components/offers/offer-parts";
import { SellerHubPage, sellerHubPath } from "../components/seller-hub/seller-hub";
import { buttonClass } from "../components/ui/button";
import { throwErrorPage } from "../lib/error-replies.server";
import { formatPrice } from "../lib/format";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { applyOfferForm, type OfferFormFailure } from "../modules/offers/offer-forms.server";
import { listHomeOffers, moveAsSeller, offerBuyerFor, offerPageView } from "../modules/offers/offers.server";
import { SellerMoveFormSchema } from "../modules/offers/schemas";
import { findSellerHome, sellerActor } from "../modules/projects/seller-access.server";
import type { Route } from "./+types/view-a-property.$projectId.offers";

export const meta: Route.MetaFunction = () => [{ title: "Offers | MoveWise" }, { name: "robots", content: "noindex" }];

// Sent without React: each offer's answers are plain forms.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const home = await findSellerHome(user, parseId(params.projectId)).catch(throwErrorPage);
  const offers = await listHomeOffers(home.id);
  const admin = user.role === "admin";
  return {
    home: { id: home.id, address: home.address, status: home.status, saleStatus: home.saleStatus },
    actingForSeller: admin,
    offers: offers.map((offer) => ({
      ...offerPageView(offer),
      ...offerBuyerFor(offer, user),
      createdAt: offer.createdAt.toISOString(),
    })),
  };
}

const DONE: Record<"accept" | "reject" | "counter", string> = {
  accept: "Offer accepted. The home is now under offer.",
  reject: "Offer rejected. The buyer has been told.",
  counter: "Counter-offer sent to the buyer.",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const home = await findSellerHome(user, parseId(params.projectId)).catch(throwErrorPage);
  const outcome = await applyOfferForm(request, SellerMoveFormSchema, (id, move) =>
    moveAsSeller(
      home,
      id,
      move.intent === "counter" ? { action: "counter", amount: move.amount } : { action: move.intent },
      sellerActor(user, context.clientIp),
    ),
  );
  if (outcome.failed) return outcome.failed;
  return toasts().redirectWithSuccess(sellerHubPath(home.id, "offers"), DONE[outcome.move.intent]);
}

export default function SellerOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { home, offers, actingForSeller } = loaderData;
  const failed = actionData?.failure;
  return (
    <SellerHubPage home={home} current="offers" title="Offers" actingForSeller={actingForSeller}>
      <p className="text-slate-700">
        Every offer is passed on to you as soon as it is made, including offers made while the home is under offer, as
        the Estate Agents Act requires. Accepting one puts the home under offer to that buyer.
      </p>
      {failed?.id === null && failed.message ? (
        <div className="mt-4">
          <FormAlert id="offers-error" errors={[failed.message]} />
        </div>
      ) : null}
      {offers.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-xl font-semibold">No offers yet</h2>
          <p className="mt-2 text-slate-700">We will email you the moment a buyer makes one.</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-6" aria-label="Offers on this home">
          {offers.map((offer) => (
            <li key={offer.id}>
              <SellerOfferCard offer={offer} failure={failed?.id === offer.id ? failed : undefined} />
            </li>
          ))}
        </ul>
      )}
    </SellerHubPage>
  );
}

type Offer = Route.ComponentProps["loaderData"]["offers"][number];

const CLOSED_BUYER = "Not shown: this offer has ended";

function SellerOfferCard({ offer, failure }: { offer: Offer; failure?: OfferFormFailure }) {
  const titleId = `offer-${offer.id}-title`;
  const amountId = `offer-${offer.id}-counter`;
  const amountErrors = failure?.errors?.amount;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {formatPrice(offer.amount)} from {offer.buyerName ?? "a buyer"}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
            <dt className="font-medium">Buyer</dt>
            <dd>{offer.buyerName ?? CLOSED_BUYER}</dd>
            {offer.contact ? (
              <>
                <dt className="font-medium">Email</dt>
                <dd>
                  <a href={`mailto:${offer.contact.email}`} className="underline underline-offset-2">
                    {offer.contact.email}
                  </a>
                </dd>
                <dt className="font-medium">Phone</dt>
                <dd>{offer.contact.phone ?? "Not given"}</dd>
              </>
            ) : null}
            <dt className="font-medium">Amount</dt>
            <dd>{formatPrice(offer.amount)}</dd>
            {offer.counterAmount !== null ? (
              <>
                <dt className="font-medium">Your counter-offer</dt>
                <dd>{formatPrice(offer.counterAmount)}</dd>
              </>
            ) : null}
            <dt className="font-medium">Position</dt>
            <dd>{offer.position}</dd>
            <dt className="font-medium">Mortgage agreed in principle</dt>
            <dd>{offer.mortgageInPrinciple ? "Yes" : "No"}</dd>
            <dt className="font-medium">Proof of funds</dt>
            <dd>
              {offer.proofOfFunds ? (
                <a
                  href={offer.proofOfFunds.url}
                  className="font-semibold text-emerald-800 underline underline-offset-2"
                >
                  Download proof of funds
                </a>
              ) : offer.buyerName === null ? (
                CLOSED_BUYER
              ) : (
                "Not given"
              )}
            </dd>
          </dl>
        </div>
        <OfferStatusBadge status={offer.status} />
      </div>
      {failure?.message ? (
        <div className="mt-4">
          <FormAlert id={`offer-${offer.id}-error`} errors={[failure.message]} />
        </div>
      ) : null}
      {offer.status === "pending" ? (
        <div className="mt-5 space-y-4">
          <div className="flex flex-wrap gap-3">
            <form method="post">
              <input type="hidden" name="offerId" value={offer.id} />
              <input type="hidden" name="intent" value="accept" />
              <button type="submit" className={buttonClass({ size: "sm" })}>
                Accept offer
              </button>
            </form>
            <form method="post">
              <input type="hidden" name="offerId" value={offer.id} />
              <input type="hidden" name="intent" value="reject" />
              <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
                Reject offer
              </button>
            </form>
          </div>
          <form method="post" className="flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="offerId" value={offer.id} />
            <input type="hidden" name="intent" value="counter" />
            <OfferAmountField
              id={amountId}
              label="Counter-offer amount (£)"
              value={failure?.values?.amount}
              errors={amountErrors}
            />
            <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
              Send counter-offer
            </button>
          </form>
        </div>
      ) : offer.status === "countered" ? (
        <p className="mt-4 text-sm text-slate-700">Waiting for the buyer to answer your counter-offer.</p>
      ) : null}
      <OfferHistory events={offer.events} headingId={`offer-${offer.id}-history`} />
    </article>
  );
}
