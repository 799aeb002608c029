// Search results as property cards (the same summaries as /view-properties) with their map positions.
import { cachedPublicRead } from "../../lib/public-read-cache.server";
import { listingCards } from "../listings/listings.server";
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
