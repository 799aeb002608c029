// The choices of the property search form, apart from its zod schema (filters.ts) so that the page's
// browser code does not load zod.
export const RADIUS_OPTIONS = [
  { value: "area", label: "This area only" },
  ...[1, 3, 5, 10, 15, 20, 30, 40].map((miles) => ({
    value: String(miles),
    label: `Within ${miles} ${miles === 1 ? "mile" : "miles"}`,
  })),
] as const;

/**
 * The spec's buyer-facing types mapped onto the property types a listing can have. We list homes only,
 * so Land and Commercial match nothing (the results page says so).
 */
export const TYPE_OPTIONS = [
  { value: "any", label: "Any", propertyTypes: null },
  { value: "houses", label: "Houses", propertyTypes: ["Detached", "Semi-Detached", "Terraced"] },
  { value: "flats", label: "Flats", propertyTypes: ["Flat/Apartment", "Maisonette", "Studio"] },
  { value: "bungalows", label: "Bungalows", propertyTypes: ["Bungalow"] },
  { value: "land", label: "Land", propertyTypes: [] },
  { value: "commercial", label: "Commercial", propertyTypes: [] },
  { value: "other", label: "Other", propertyTypes: ["Other"] },
] as const;

export const ADDED_OPTIONS = [
  { value: "any", label: "Anytime", days: null },
  { value: "1", label: "Last 24 hours", days: 1 },
  { value: "3", label: "Last 3 days", days: 3 },
  { value: "7", label: "Last week", days: 7 },
  { value: "14", label: "Last 2 weeks", days: 14 },
] as const;

export const MIN_PRICE_OPTIONS = [50_000, 100_000, 150_000, 200_000, 300_000, 500_000];
export const MAX_PRICE_OPTIONS = [100_000, 200_000, 300_000, 500_000, 750_000, 1_000_000];
export const BEDROOM_OPTIONS = [1, 2, 3, 4, 5]; // 5 means 5 or more

export const SORT_OPTIONS = [
  { value: "price-desc", label: "Highest price" },
  { value: "price-asc", label: "Lowest price" },
  { value: "newest", label: "Newest listed" },
  { value: "oldest", label: "Oldest listed" },
] as const;
