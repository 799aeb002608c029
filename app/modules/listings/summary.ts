// What a property card shows: a plain, serialisable summary of one public listing. The list page, the
// detail page's "Similar to this property" and property search all render cards from this one shape
// (built on the server by toListingSummary in ./summary.server.ts).
import type { ResponsiveImage } from "../media/images";
import type { PublicSaleStatus } from "../sales/sale-status";

export type ListingStatus = "completed" | "sold";

export type ListingSummary = {
  id: number;
  /** The one-line address, e.g. "27 Howard Road, Clarendon Park, Leicester LE2 1YH". */
  address: string;
  postcode: string;
  propertyType: string;
  bedrooms: number;
  bathrooms: number;
  /** Whole pounds. */
  price: number;
  /** The price before the latest change, while for sale (labels.ts: "Reduced from …" when it was higher). */
  previousPrice: number | null;
  status: ListingStatus;
  /** Where the home's sale has got to, as the public sees it: For sale, Under offer, Sold STC or Sold. */
  saleStatus: PublicSaleStatus;
  /** The cover photo first; cards only need that one, so the list holds at most one image. */
  images: ResponsiveImage[];
  /** How many photos the listing has in all (the card's "01/06" counter). */
  imageCount: number;
  hasEpc: boolean;
  epcUrl: string | null;
  hasRics: boolean;
  ricsUrl: string | null;
  hasFloorPlan: boolean;
  floorPlanUrl: string | null;
  /** ISO 8601; when the listing went live. */
  listedAt: string | null;
};

/** The public page of a listing. */
export const listingPath = (id: number) => `/view-properties/${id}`;

/** A listing's 'Request a Free Visit' form on a page of its own. */
export const requestViewingPath = (id: number) => `${listingPath(id)}/request-viewing`;

// Printable ASCII only: the address may become a Location header, which cannot hold a NUL or an "é".
const SEARCH_RESULTS = /^\/property-search\?[\x21-\x7e]{0,1000}$/;

/** The search results a page was opened from (its `?back=`), or null when there are none or it is not a results address. */
export function searchResultsOf(url: URL): string | null {
  const back = url.searchParams.get("back");
  return back && SEARCH_RESULTS.test(back) ? back : null;
}

/** `path` opened from the search results at `results`, so it can lead back to them. */
export const fromSearchResults = (path: string, results: string | null | undefined) =>
  results ? `${path}?back=${encodeURIComponent(results)}` : path;

/** Counts on cards are shown with two digits, as in "03 Bedrooms" and "01/06" (spec §2). */
export const twoDigits = (n: number) => String(n).padStart(2, "0");
