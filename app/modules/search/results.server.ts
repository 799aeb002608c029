// Search results as property cards (the same summaries as /view-properties) with their map positions.
import { Prisma } from "../../generated/prisma/client";
import { readRows } from "../../lib/db.server";
import { cachedPublicRead } from "../../lib/public-read-cache.server";
import { listingSummaryColumns, type ListingSummaryRow, toListingSummary } from "../listings/summary.server";
import type { SearchFilters } from "./filters";
import { searchListings } from "./search.server";

export function searchListingCards(filters: SearchFilters) {
  return cachedPublicRead(`search-cards:${JSON.stringify(filters)}`, () => loadSearchListingCards(filters));
}

async function loadSearchListingCards(filters: SearchFilters) {
  const result = await searchListings(filters);
  const ids = result.matches.map((m) => m.id);
  const rows = ids.length
    ? await readRows<ListingSummaryRow & { latitude: number | null; longitude: number | null }>(
        Prisma.sql`
        SELECT ${listingSummaryColumns}, p."latitude", p."longitude" FROM "Project" p WHERE p."id" = ANY(${ids}::int[])`,
        { prepared: true },
      )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results = result.matches.flatMap((match) => {
    const row = byId.get(match.id);
    if (!row) return [];
    const position =
      row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
    return [{ listing: toListingSummary(row), distanceMiles: match.distanceMiles, position }];
  });
  return { ...result, results };
}
