// What changed about a saved home since it was saved, from the facts kept at saving (price, status), the
// home as it is now, and its sales (when each opened, had its memorandum issued and ended), which tell
// where a sale stood when the home was saved: Under offer, Sold STC, or For sale again after one fell through.
import { formatPrice } from "../../lib/format";
import type { ListingSummary } from "../listings/summary";
import type { PublicSaleStatus } from "../sales/sale-status";

export type SaleFacts = { createdAt: Date; memorandumIssuedAt: Date | null; endedAt: Date | null; state: string };
type Stage = "for-sale" | "under-offer" | "sold-stc";

/** Where the home's sale stood at `at`: the sale open then (if any), and whether its memorandum was out. */
export function saleStageAt(sales: SaleFacts[], at: Date): Stage {
  const open = sales.find((sale) => sale.createdAt <= at && (!sale.endedAt || sale.endedAt > at));
  if (!open) return "for-sale";
  return open.memorandumIssuedAt && open.memorandumIssuedAt <= at ? "sold-stc" : "under-offer";
}

/** The home as it is now: null once it was deleted; `public` is false once it is no longer listed or sold. */
export type HomeNow = {
  price: number;
  status: string;
  public: boolean;
  /** Its public sale status now, and where its sale stood at saving (for-sale when not known). */
  saleStatus?: PublicSaleStatus;
  saleAtSave?: Stage;
  /** A sale fell through after the home was saved. */
  fellThroughSinceSaving?: boolean;
} | null;
export type SavedFacts = { priceAtSave: number; statusAtSave: string };

export type SavedHomeChange =
  | { kind: "withdrawn" }
  | { kind: "sold" }
  | { kind: "back-on-market" }
  | { kind: "under-offer" }
  | { kind: "sold-stc" }
  | { kind: "price-reduced"; from: number; to: number }
  | { kind: "price-increased"; from: number; to: number };

/** The changes since saving, most important first; none when the home is as it was. */
export function changesSinceSaving(saved: SavedFacts, now: HomeNow): SavedHomeChange[] {
  if (!now || !now.public) return [{ kind: "withdrawn" }];
  const changes: SavedHomeChange[] = [];
  if (now.status === "sold" && saved.statusAtSave !== "sold") changes.push({ kind: "sold" });
  if (now.status !== "sold" && saved.statusAtSave === "sold") changes.push({ kind: "back-on-market" });
  else if (now.status !== "sold" && now.saleStatus) {
    const atSave = now.saleAtSave ?? "for-sale";
    if (now.saleStatus === "under-offer" && atSave !== "under-offer") changes.push({ kind: "under-offer" });
    if (now.saleStatus === "sold-stc" && atSave !== "sold-stc") changes.push({ kind: "sold-stc" });
    if (now.saleStatus === "for-sale" && (atSave !== "for-sale" || now.fellThroughSinceSaving))
      changes.push({ kind: "back-on-market" });
  }
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
    case "under-offer":
      return "Under offer";
    case "sold-stc":
      return "Sold STC";
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
