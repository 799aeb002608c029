// The property list's state lives in the URL (?q=…&sort=…&page=…), so a search can be shared,
// bookmarked and used without JavaScript. Anything unrecognised falls back to the default.

export const LISTING_SORTS = [
  { value: "any", label: "Any" },
  { value: "price-desc", label: "Highest Price" },
  { value: "price-asc", label: "Lowest Price" },
] as const;

export type ListingSort = (typeof LISTING_SORTS)[number]["value"];

export const LISTINGS_PAGE_SIZE = 12;
export const MAX_SEARCH_LENGTH = 100;

export type ListingQuery = { q: string; sort: ListingSort; page: number };

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
  const sortParam = params.get("sort");
  const sort = LISTING_SORTS.find((s) => s.value === sortParam)?.value ?? "any";
  const pageParam = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(pageParam) && Number(pageParam) > 0 ? Number(pageParam) : 1;
  return { q, sort, page };
}

/** The query string for `query` with defaults left out, e.g. "?q=flat&page=2" (or "" for the defaults). */
export function listingQueryString(query: Partial<ListingQuery>) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "any") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The words of a text as Project_words_idx splits an address (migration 20261126150000): its runs of letters
 * and digits, lower-cased.
 */
export const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * The words of a search, each of which must appear in the address or the property type: "Flat/Apartment" is two
 * words and "St." one; at most 8. Punctuation only separates words: the indexes cannot look for it, and a search
 * for it would read every listing (0.35 s for "%%%" at 100,000 listings on PGlite).
 */
export const searchTerms = (q: string) => wordsOf(q).slice(0, 8);

/**
 * A word of one or two characters (an outcode such as W8, a house number) must be a whole word of the address
 * or type; a longer one may be part of a word. Trigram indexes need three characters.
 */
export const isWholeWordTerm = (term: string) => term.length < 3;

/**
 * A word search pages through its first 1,000 matches, as the search results page does (and the portals): a
 * page further down sorts or walks tens of thousands of matches (1.2 s of CPU for page 2,990 of the 50,150
 * matches of "road" at 100,000 listings on PGlite). Its count still tells them all.
 */
export const WORD_SEARCH_PAGED_MATCHES = 1_000;

/** How many of the `total` listings matching `q` its pages go through. */
export const pagedMatches = (q: string, total: number) =>
  searchTerms(q).length ? Math.min(total, WORD_SEARCH_PAGED_MATCHES) : total;

/** The sentence under a word search's last page when it has more matches than its pages go through. */
export const PAGED_MATCHES_NOTE = `Only the first ${WORD_SEARCH_PAGED_MATCHES.toLocaleString("en-GB")} homes of a search are listed. Add a word to narrow it.`;

/**
 * Whether a page of a word search reads every match from the word indexes and sorts them, rather than walk
 * the order's index testing each listing until the page is found. A short word is always read first: testing
 * it costs a split of the address on every listing walked (115 ms for N1's 1,318 matches at a million listings,
 * against 4 ms read first). Otherwise whichever reads fewer rows: the walk tests about (skip + take) × listed
 * ÷ total listings, reading first reads total. PostgreSQL cannot choose by itself, as it guesses 1% of the
 * listings for any ILIKE (decision 0027).
 */
export function readsMatchesFirst(
  terms: readonly string[],
  { skip, take, total, listed }: { skip: number; take: number; total: number; listed: number },
) {
  if (!terms.length) return false;
  return terms.some(isWholeWordTerm) || total * total <= (skip + take) * listed;
}
