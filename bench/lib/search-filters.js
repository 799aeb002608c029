// Random but plausible searches, as people pick them, for the bench and the load test: most pick a radius and
// maybe a type, a price band or bedrooms. Query parameters for the results page, and the search API's body.
const RADII = ["1", "3", "5", "10", "15", "20", "30", "40", "area"];
const TYPES = ["any", "any", "any", "houses", "flats", "bungalows"];
const SORTS = ["newest", "newest", "price-desc", "price-asc", "oldest"];

/** The results page's query parameters (without the postcode); `pages` adds a later page now and then. */
export function randomFilters(rng, { pages = false } = {}) {
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const filters = { radius: pick(RADII), type: pick(TYPES), sort: pick(SORTS) };
  if (rng() < 0.4) filters.minPrice = pick(["100000", "150000", "200000", "300000"]);
  if (rng() < 0.4) filters.maxPrice = pick(["500000", "750000", "1000000"]);
  if (rng() < 0.3) filters.minBeds = pick(["1", "2", "3"]);
  if (rng() < 0.15) filters.added = pick(["7", "14"]);
  if (pages && rng() < 0.2) filters.page = pick(["2", "3"]);
  return filters;
}

/** The same search as POST /api/v1/properties/search's body. */
export function apiBody(postcode, filters) {
  return {
    postcode,
    searchRadius: filters.radius === "area" ? "this-area" : `${filters.radius}-miles`,
    propertyTypes: filters.type === "any" ? [] : [filters.type[0].toUpperCase() + filters.type.slice(1)],
    ...(filters.minPrice ? { priceMin: Number(filters.minPrice) } : {}),
    ...(filters.maxPrice ? { priceMax: Number(filters.maxPrice) } : {}),
    ...(filters.minBeds ? { bedroomsMin: Number(filters.minBeds) } : {}),
    sort: filters.sort,
  };
}
