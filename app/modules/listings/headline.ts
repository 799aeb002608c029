// How a listing is named in titles and search results, e.g. "3 bedroom terraced house".

const NOUNS: Record<string, string> = {
  detached: "detached house",
  "semi-detached": "semi-detached house",
  terraced: "terraced house",
  "flat/apartment": "flat",
  bungalow: "bungalow",
  maisonette: "maisonette",
  studio: "studio flat",
};

export function listingHeadline({ bedrooms, propertyType }: { bedrooms: number; propertyType: string }) {
  const noun = NOUNS[propertyType.toLowerCase()] ?? "property";
  const text = bedrooms > 0 && noun !== "studio flat" ? `${bedrooms} bedroom ${noun}` : noun;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
