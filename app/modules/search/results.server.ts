// Search results as property cards (the same summaries as /view-properties) with their map positions.
import { Prisma } from "../../generated/prisma/client";
import { readRows } from "../../lib/db.server";
import { cachedPublicRead, cachedPublicReads } from "../../lib/public-read-cache.server";
import { listingSummaryColumns, type ListingSummaryRow, toListingSummary } from "../listings/summary.server";
import type { SearchFilters } from "./filters";
import { searchListings } from "./search.server";

export function searchListingCards(filters: SearchFilters) {
  return cachedPublicRead(`search-cards:${JSON.stringify(filters)}`, () => loadSearchListingCards(filters));
}

async function loadSearchListingCards(filters: SearchFilters) {
  const result = await searchListings(filters);
  const cards = await listingCards(result.matches.map((m) => m.id));
  const results = result.matches.flatMap((match) => {
    const card = cards.get(match.id);
    return card ? [{ ...card, distanceMiles: match.distanceMiles }] : [];
  });
  return { ...result, results };
}

/**
 * The cards of listings, with their map positions, each kept on its own: a listing appears in many different
 * searches (every radius, filter and order around it), so many of a search's cards were read moments ago.
 */
function listingCards(ids: number[]) {
  return cachedPublicReads("search-card:", ids, async (missing) => {
    const rows = await readRows<ListingSummaryRow & { latitude: number | null; longitude: number | null }>(
      Prisma.sql`
      SELECT ${listingSummaryColumns}, p."latitude", p."longitude" FROM "Project" p WHERE p."id" = ANY(${missing}::int[])`,
      { prepared: true },
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          listing: toListingSummary(row),
          position:
            row.latitude !== null && row.longitude !== null
              ? { latitude: row.latitude, longitude: row.longitude }
              : null,
        },
      ]),
    );
  });
}
