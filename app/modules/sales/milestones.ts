// The steps of a sale from an accepted offer to completion, in the order they usually happen, with the words
// people read and the API's kebab-case keys. Pure: the tracker component, the service and the API share it.
import type { SaleMilestoneKey } from "../../generated/prisma/enums";

export const MILESTONES: { key: SaleMilestoneKey; label: string }[] = [
  { key: "seller_solicitor_instructed", label: "Seller's solicitor instructed" },
  { key: "buyer_solicitor_instructed", label: "Buyer's solicitor instructed" },
  { key: "id_checks", label: "ID and anti-money-laundering checks done" },
  { key: "searches_ordered", label: "Searches ordered" },
  { key: "searches_received", label: "Searches received" },
  { key: "mortgage_valuation", label: "Mortgage valuation" },
  { key: "mortgage_offer", label: "Mortgage offer" },
  { key: "enquiries_answered", label: "Enquiries answered" },
  { key: "exchange", label: "Exchange of contracts" },
  { key: "completion", label: "Completion" },
];

export const MILESTONE_KEYS = MILESTONES.map((m) => m.key);

export const MILESTONE_API_KEYS = [
  "seller-solicitor-instructed",
  "buyer-solicitor-instructed",
  "id-checks",
  "searches-ordered",
  "searches-received",
  "mortgage-valuation",
  "mortgage-offer",
  "enquiries-answered",
  "exchange",
  "completion",
] as const;
export type MilestoneApiKey = (typeof MILESTONE_API_KEYS)[number];

export const milestoneToDb = (key: MilestoneApiKey) => key.replaceAll("-", "_") as SaleMilestoneKey;
export const milestoneOfDb = (key: SaleMilestoneKey) => key.replaceAll("_", "-") as MilestoneApiKey;

export const milestoneLabel = (key: SaleMilestoneKey) => MILESTONES.find((m) => m.key === key)!.label;

/** Only these may carry a date still to come (a planned exchange or completion); the others record what happened. */
export const MAY_BE_PLANNED: readonly SaleMilestoneKey[] = ["exchange", "completion"];

/**
 * After exchange of contracts the sale binds both sides: the buyer can no longer withdraw online, and only the
 * agency ends it (a fall-through with its reason). Exchange counts once its date is today or earlier (UK);
 * a planned exchange does not.
 */
export const isExchanged = (exchangeDoneOn: Date | null, today: string) =>
  exchangeDoneOn !== null && exchangeDoneOn.toISOString().slice(0, 10) <= today;

export const CONTRACTS_EXCHANGED =
  "Contracts have been exchanged, so the purchase is binding and cannot be withdrawn from here. If it cannot go ahead, contact the agency: only they can end the sale now.";

/** A milestone as the tracker shows it: done once its date is today or earlier (UK), planned while it is ahead. */
export type TrackerStep = {
  key: SaleMilestoneKey;
  label: string;
  /** "YYYY-MM-DD" or null. */
  date: string | null;
  note: string;
  state: "done" | "planned" | "not-yet";
};

export function trackerSteps(
  milestones: { key: SaleMilestoneKey; date: string | null; note: string }[],
  today: string,
): TrackerStep[] {
  return MILESTONES.map(({ key, label }) => {
    const saved = milestones.find((m) => m.key === key);
    const date = saved?.date ?? null;
    const state = date === null ? "not-yet" : date <= today ? "done" : "planned";
    return { key, label, date, note: saved?.note ?? "", state };
  });
}
