// The React SSR ceiling: the search results grid exactly as /property-search renders it (the real
// PropertyCard, same props), rendered with renderToString and nothing else: no router data loading,
// no database, no layout. Built by bench/lib/build-entries.js.
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";

import { PropertyCard } from "../../app/components/listings/property-card";
import type { ListingSummary } from "../../app/modules/listings/summary";
import { responsiveImage } from "../../app/modules/media/images";

const query = "postcode=LE1+6EJ&radius=5";

export function sampleListings(count: number): ListingSummary[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    address: `${10 + i} Granby Street, Leicester LE1 6E${String.fromCharCode(65 + (i % 26))}`,
    postcode: "LE1 6EJ",
    propertyType: ["Terraced", "Semi-Detached", "Detached", "Flat/Apartment"][i % 4]!,
    bedrooms: 1 + (i % 5),
    bathrooms: 1 + (i % 2),
    price: 185_000 + i * 12_500,
    previousPrice: i % 4 === 1 ? 200_000 + i * 12_500 : null,
    status: i % 9 === 8 ? "sold" : "completed",
    saleStatus: i % 9 === 8 ? "sold" : "for-sale",
    images: [
      responsiveImage({
        storageKey: `images/2026/11/photo-${i}.jpg`,
        altText: "Front of the house",
        width: 1600,
        height: 1067,
      }),
    ],
    imageCount: 6,
    hasEpc: true,
    epcUrl: `/media/documents/epc-${i}.pdf`,
    hasRics: false,
    ricsUrl: null,
    hasFloorPlan: true,
    floorPlanUrl: `/media/floorplans/plan-${i}.png`,
    listedAt: new Date(Date.UTC(2026, 10, 1 + (i % 20))).toISOString(),
  }));
}

export function renderSearchResults(listings: ListingSummary[]) {
  return `<!DOCTYPE html>${renderToString(
    <MemoryRouter initialEntries={[`/property-search?${query}`]}>
      <ul className="grid gap-6 sm:grid-cols-2" aria-label="Search results">
        {listings.map((listing, i) => (
          <li key={listing.id} className="flex">
            <PropertyCard
              listing={listing}
              imageLoading={i === 0 ? "eager" : "lazy"}
              imageSizes="(min-width: 1024px) 30vw, (min-width: 640px) 46vw, 100vw"
              detailHref={`/view-properties/${listing.id}?back=${encodeURIComponent(`/property-search?${query}`)}`}
              viewingHref={`/view-properties/${listing.id}/request-viewing?back=${encodeURIComponent(`/property-search?${query}`)}`}
              note={`${(i * 0.4).toFixed(1)} miles from LE1 6EJ, Leicester`}
              save={{ saved: false, returnTo: `/property-search?${query}` }}
            />
          </li>
        ))}
      </ul>
    </MemoryRouter>,
  )}`;
}
