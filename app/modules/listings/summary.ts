// What a property card shows: a plain, serialisable summary of one public listing. The list page, the
// detail page's "Similar to this property" and property search all render cards from this one shape
// (built on the server by toListingSummary in ./summary.server.ts).
import type { ResponsiveImage } from "../media/images";

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
  status: ListingStatus;
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

/** Counts on cards are shown with two digits, as in "03 Bedrooms" and "01/06" (spec §2). */
export const twoDigits = (n: number) => String(n).padStart(2, "0");
