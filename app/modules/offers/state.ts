// The offer's state machine, pure: which side may make which move from which state, and what the offer
// becomes. The service (offers.server.ts) applies the result in one transaction with its event, audit
// record and emails; anything this refuses is a 409 with the message given here.
import type { OfferStatus } from "../../generated/prisma/enums";

export type OfferSide = "buyer" | "seller";

export type SellerMove = { action: "accept" } | { action: "reject" } | { action: "counter"; amount: number };
export type BuyerMove = { action: "accept" } | { action: "raise"; amount: number } | { action: "withdraw" };
export type OfferMove = SellerMove | BuyerMove;

export type OfferFacts = { status: OfferStatus; amount: number; counterAmount: number | null };

/** What the offer becomes, and the event that records the move (its action word and amount). */
export type OfferOutcome = {
  status: OfferStatus;
  amount: number;
  counterAmount: number | null;
  event: { action: "accepted" | "rejected" | "countered" | "raised" | "withdrawn"; amount: number | null };
  /** True when the move accepts the offer: the home goes under offer (openSale). */
  opensSale: boolean;
  /** True when the move ends an accepted offer's sale (fallThrough). */
  endsSale: boolean;
};

export type Decision = { ok: true; outcome: OfferOutcome } | { ok: false; message: string };

export const FINAL_STATUSES: readonly OfferStatus[] = ["rejected", "withdrawn", "fallen_through"];

const FINAL_MESSAGES: Partial<Record<OfferStatus, string>> = {
  rejected: "This offer was rejected, so it can no longer change.",
  withdrawn: "This offer was withdrawn, so it can no longer change.",
  fallen_through: "The sale agreed on this offer has fallen through, so it can no longer change.",
};

const refuse = (message: string): Decision => ({ ok: false, message });
const moveTo = (
  status: OfferStatus,
  amount: number,
  counterAmount: number | null,
  event: OfferOutcome["event"],
  flags: Partial<Pick<OfferOutcome, "opensSale" | "endsSale">> = {},
): Decision => ({
  ok: true,
  outcome: {
    status,
    amount,
    counterAmount,
    event,
    opensSale: flags.opensSale ?? false,
    endsSale: flags.endsSale ?? false,
  },
});

const pounds = (amount: number) => `£${amount.toLocaleString("en-GB")}`;

function sellerDecides(offer: OfferFacts, move: SellerMove): Decision {
  if (offer.status === "countered") return refuse("You have made a counter-offer: the buyer has not answered it yet.");
  if (offer.status === "accepted") return refuse("This offer has already been accepted.");
  if (offer.status !== "pending") return refuse(FINAL_MESSAGES[offer.status]!);
  switch (move.action) {
    case "accept":
      return moveTo("accepted", offer.amount, null, { action: "accepted", amount: offer.amount }, { opensSale: true });
    case "reject":
      return moveTo("rejected", offer.amount, null, { action: "rejected", amount: null });
    case "counter":
      if (move.amount <= offer.amount)
        return refuse(`A counter-offer must be more than the offer of ${pounds(offer.amount)}; to take it, accept it.`);
      return moveTo("countered", offer.amount, move.amount, { action: "countered", amount: move.amount });
  }
}

function buyerDecides(offer: OfferFacts, move: BuyerMove): Decision {
  if (FINAL_STATUSES.includes(offer.status)) return refuse(FINAL_MESSAGES[offer.status]!);
  switch (move.action) {
    case "accept":
      if (offer.status !== "countered" || offer.counterAmount === null)
        return refuse("There is no counter-offer to accept: the seller has not countered this offer.");
      return moveTo(
        "accepted",
        offer.counterAmount,
        null,
        { action: "accepted", amount: offer.counterAmount },
        { opensSale: true },
      );
    case "raise":
      if (offer.status === "accepted")
        return refuse("This offer has been accepted, so its amount can no longer change.");
      if (move.amount <= offer.amount)
        return refuse(`A new offer must be more than your offer of ${pounds(offer.amount)}.`);
      return moveTo("pending", move.amount, null, { action: "raised", amount: move.amount });
    case "withdraw":
      if (offer.status === "accepted")
        return moveTo("fallen_through", offer.amount, null, { action: "withdrawn", amount: null }, { endsSale: true });
      return moveTo("withdrawn", offer.amount, null, { action: "withdrawn", amount: null });
  }
}

/** Whether `side` may make `move` on the offer, and what follows. */
export function decideOffer(offer: OfferFacts, side: "seller", move: SellerMove): Decision;
export function decideOffer(offer: OfferFacts, side: "buyer", move: BuyerMove): Decision;
export function decideOffer(offer: OfferFacts, side: OfferSide, move: OfferMove): Decision {
  return side === "seller" ? sellerDecides(offer, move as SellerMove) : buyerDecides(offer, move as BuyerMove);
}

/** The moves open to each side now (the pages show exactly these buttons). */
export function movesOpen(offer: Pick<OfferFacts, "status">) {
  return {
    seller: offer.status === "pending" ? (["accept", "reject", "counter"] as const) : ([] as const),
    buyer:
      offer.status === "pending"
        ? (["raise", "withdraw"] as const)
        : offer.status === "countered"
          ? (["accept", "raise", "withdraw"] as const)
          : offer.status === "accepted"
            ? (["withdraw"] as const)
            : ([] as const),
  };
}

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: "Waiting for the seller",
  countered: "Counter-offer made",
  accepted: "Accepted",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  fallen_through: "Sale fell through",
};

/** The API's words for a status ("fallen-through"). */
export const offerStatusWord = (status: OfferStatus) => status.replaceAll("_", "-") as ApiOfferStatus;
export const API_OFFER_STATUSES = [
  "pending",
  "countered",
  "accepted",
  "rejected",
  "withdrawn",
  "fallen-through",
] as const;
export type ApiOfferStatus = (typeof API_OFFER_STATUSES)[number];

export const OFFER_EVENT_LABELS: Record<string, string> = {
  made: "Offer made",
  countered: "Counter-offer",
  raised: "New offer",
  accepted: "Accepted",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  fallen_through: "Sale fell through",
  proof_of_funds: "Proof of funds sent",
};

export const OFFER_MIN = 1_000;
export const OFFER_MAX = 100_000_000;
