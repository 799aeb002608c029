// What changed about a saved home since it was saved, from the facts kept at saving (price, status) and the
// home as it is now. "Under offer" is not among them: offers are not recorded yet, so it cannot be known.
import { formatPrice } from "../../lib/format";
import type { ListingSummary } from "../listings/summary";

/** The home as it is now: null once it was deleted; `public` is false once it is no longer listed or sold. */
export type HomeNow = { price: number; status: string; public: boolean } | null;
export type SavedFacts = { priceAtSave: number; statusAtSave: string };

export type SavedHomeChange =
  | { kind: "withdrawn" }
  | { kind: "sold" }
  | { kind: "back-on-market" }
  | { kind: "price-reduced"; from: number; to: number }
  | { kind: "price-increased"; from: number; to: number };

/** The changes since saving, most important first; none when the home is as it was. */
export function changesSinceSaving(saved: SavedFacts, now: HomeNow): SavedHomeChange[] {
  if (!now || !now.public) return [{ kind: "withdrawn" }];
  const changes: SavedHomeChange[] = [];
  if (now.status === "sold" && saved.statusAtSave !== "sold") changes.push({ kind: "sold" });
  if (now.status !== "sold" && saved.statusAtSave === "sold") changes.push({ kind: "back-on-market" });
  if (now.price < saved.priceAtSave) changes.push({ kind: "price-reduced", from: saved.priceAtSave, to: now.price });
  if (now.price > saved.priceAtSave) changes.push({ kind: "price-increased", from: saved.priceAtSave, to: now.price });
  return changes;
}

/** A change in words, as the saved homes list shows it. */
export function describeChange(change: SavedHomeChange): string {
  switch (change.kind) {
    case "withdrawn":
      return "Withdrawn: no longer on the market with us";
    case "sold":
      return "Sold";
    case "back-on-market":
      return "Back on the market";
    case "price-reduced":
      return `Price reduced from ${formatPrice(change.from)} to ${formatPrice(change.to)}`;
    case "price-increased":
      return `Price increased from ${formatPrice(change.from)} to ${formatPrice(change.to)}`;
  }
}

/** A saved home as the pages show it: the facts kept at saving, the home now (null once withdrawn) and the changes. */
export type SavedHomeView = {
  id: number;
  /** The home's id; null once it has been deleted. */
  projectId: number | null;
  /** ISO 8601. */
  savedAt: string;
  priceAtSave: number;
  address: string;
  listing: ListingSummary | null;
  changes: SavedHomeChange[];
};
