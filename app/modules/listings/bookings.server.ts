// The public JSON view of listings, in the spec's "Booking / project (as read)" shape (snake_case,
// media as lists of absolute URLs) for GET /api/v1/bookings and /api/v1/bookings/{id}. Like the pages,
// it shows listed and sold homes only and leaves out the vendor's name, email and phone.
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { type PageQuery, paginate } from "../../lib/pagination";
import { cachedPublicRead } from "../../lib/public-read-cache.server";
import { mediaUrl } from "../media/storage.server";
import { publicSaleStatus } from "../sales/sale-status";
import {
  countPublicListings,
  type ListingDetailRow,
  listingDetailSelect,
  publicListingIds,
  publicListingWhere,
} from "./listings.server";
import { type ListingQuery, pagedMatches } from "./query";
import { listingPath } from "./summary";

const bookingSelect = { ...listingDetailSelect, bookingDate: true } as const;

type BookingRow = ListingDetailRow & { bookingDate: Date | null };

export function toBooking(row: BookingRow) {
  const origin = getEnv().PUBLIC_URL;
  const absolute = (key: string) => `${origin}${mediaUrl(key)}`;
  return {
    id: row.id,
    status: row.status,
    sale_status: publicSaleStatus(row),
    address: row.address,
    postcode: row.postcode,
    price: row.price,
    property_type: row.propertyType,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    receptions: row.receptions,
    size_sqft: row.sizeSqft,
    tenure: row.tenure,
    key_features: row.keyFeatures,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    listed_at: row.listedAt?.toISOString() ?? null,
    sold_at: row.soldAt?.toISOString() ?? null,
    booking_date: row.bookingDate?.toISOString().slice(0, 10) ?? null,
    map_location: row.latitude !== null && row.longitude !== null ? `${row.latitude}, ${row.longitude}` : null,
    council_tax: row.councilTax ?? (row.councilTaxBand ? `Band ${row.councilTaxBand}` : null),
    council_tax_band: row.councilTaxBand,
    epc_rating: row.epcRating,
    epc_potential: row.epcPotential,
    parking: row.parking,
    garden: row.garden,
    accessibility: row.accessibility,
    virtual_tour_url: row.virtualTourUrl ?? row.virtualTours[0]?.url ?? null,
    url: `${origin}${listingPath(row.id)}`,
    images: row.images.map((image) => ({ url: absolute(image.storageKey), alt_text: image.altText })),
    documents: row.documents.map((document) => ({
      name: document.name,
      url: absolute(document.storageKey),
      type: document.type,
    })),
    floor_plans: row.floorPlans.map((plan) => ({ url: absolute(plan.storageKey) })),
    virtual_tours: row.virtualTours.map((tour) => ({ url: tour.url })),
  };
}

export type Booking = ReturnType<typeof toBooking>;

/** At most this many bookings per response unless ?pageSize= asks for fewer: the list grows with the agency. */
export const BOOKINGS_PAGE_SIZE = 100;

/** One page of the public listings matching the list page's search and sort (the spec's list shape). */
export function listPublicBookings(
  { q, sort }: Pick<ListingQuery, "q" | "sort">,
  window: PageQuery = { page: 1, pageSize: BOOKINGS_PAGE_SIZE },
) {
  return cachedPublicRead(`bookings:${JSON.stringify([q, sort, window.page, window.pageSize])}`, async () => {
    const found = await paginate(
      window,
      () => countPublicListings(q),
      async ({ skip, take }) => {
        // The list page's search and order choose the page (by way of its count, the same read as paginate's);
        // its bookings are then read by id.
        const total = await countPublicListings(q);
        // Pages go as far as the list page's (a word search's first 1,000 matches); one past them (any page may
        // be asked for) reads nothing: its offset would walk every listing, or sort every match.
        const paged = pagedMatches(q, total);
        if (skip >= paged) return [];
        const ids = await publicListingIds({ q, sort }, { skip, take: Math.min(take, paged - skip), total });
        if (!ids.length) return [];
        const rows = await prisma.project.findMany({ where: { id: { in: ids } }, select: bookingSelect });
        const byId = new Map(rows.map((row) => [row.id, row]));
        return ids.flatMap((id) => (byId.has(id) ? [toBooking(byId.get(id)!)] : []));
      },
    );
    // X-Total-Count tells every match; the next page (Link) stops where the pages do.
    return { ...found, pageCount: Math.max(1, Math.ceil(pagedMatches(q, found.total) / found.pageSize)) };
  });
}

export function findPublicBooking(id: number) {
  return cachedPublicRead(`booking:${id}`, async () => {
    const row = await prisma.project.findFirst({ where: { id, ...publicListingWhere }, select: bookingSelect });
    return row ? toBooking(row) : null;
  });
}
