// The labels buyers look for on a home for sale: "Added today" (it went on the market today, UK time) and
// "Reduced" (its latest price change lowered it; the price before is shown: "Reduced from £350,000"). Worked
// out when the page is drawn, from facts every listing read carries (listedAt, price, previousPrice and
// priceChangedAt, which app/modules/listings/price-history.server.ts keeps), so a cached read never shows
// yesterday's "Added today" for longer than the cache lives (seconds). Sold homes carry neither.
import { formatPrice } from "../../lib/format";

export type PriceFacts = {
  status: string;
  price: number;
  /** The price before the latest change, while the home is on the market (null when it never changed). */
  previousPrice: number | null;
  priceChangedAt?: Date | string | null;
  listedAt: Date | string | null;
};

export type Reduction = { from: number; to: number; at: string | null };

const londonDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day in the UK (Europe/London, so BST is counted), e.g. "2026-11-25". */
export const ukDay = (date: Date | string) => londonDay.format(new Date(date));

const onMarket = (facts: PriceFacts) => facts.status === "completed";

/** The home went on the market today, UK time. */
export function addedToday(facts: PriceFacts, now = new Date()) {
  return onMarket(facts) && facts.listedAt !== null && ukDay(facts.listedAt) === ukDay(now);
}

/** The latest price change, when it was a reduction of a home still for sale; otherwise null. */
export function priceReduction(facts: PriceFacts): Reduction | null {
  if (!onMarket(facts) || facts.previousPrice === null || facts.previousPrice <= facts.price) return null;
  const at = facts.priceChangedAt ? new Date(facts.priceChangedAt).toISOString() : null;
  return { from: facts.previousPrice, to: facts.price, at };
}

/** The labels to show, in order: e.g. ["Added today"], ["Reduced"]. */
export function listingLabels(facts: PriceFacts, now = new Date()): string[] {
  return [...(addedToday(facts, now) ? ["Added today"] : []), ...(priceReduction(facts) ? ["Reduced"] : [])];
}

/** "Reduced from £350,000", or null. */
export function reducedFromText(facts: PriceFacts) {
  const reduction = priceReduction(facts);
  return reduction ? `Reduced from ${formatPrice(reduction.from)}` : null;
}

export type PriceChangeFacts = { fromPrice: number; toPrice: number; changedAt: Date | string };

/** One line of a price history, newest first: "Reduced from £350,000 to £325,000" or "Increased from … to …". */
export function priceChangeText(change: PriceChangeFacts) {
  const verb = change.toPrice < change.fromPrice ? "Reduced" : "Increased";
  return `${verb} from ${formatPrice(change.fromPrice)} to ${formatPrice(change.toPrice)}`;
}
