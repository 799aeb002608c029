// The property search filters: one schema for the URL of /property-search (a GET form, so results can
// be shared and work without JavaScript) and, through toSearchFilters, the spec's JSON filters object.
import { z } from "zod";

import { formatCount } from "../../lib/format";
import { MAX_AREA_LENGTH, parseArea, UNREADABLE_AREA } from "./area";
import {
  ADDED_OPTIONS,
  BEDROOM_OPTIONS,
  MAX_PRICE_OPTIONS,
  MIN_PRICE_OPTIONS,
  RADIUS_OPTIONS,
  SORT_OPTIONS,
  TYPE_OPTIONS,
} from "./options";

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];
// Empty select values ("No min") arrive as "", which means no filter.
const optionalInt = (allowed: readonly number[], message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce
      .number({ error: message })
      .int()
      .refine((n) => allowed.includes(n), { error: message })
      .optional()
      .meta({ enum: [...allowed] }),
  );

export const SearchSchema = z
  .object({
    postcode: z
      .string()
      .trim()
      .max(10, { error: "Enter a postcode, district or area such as LE1 5WW, LE1 or LE." })
      .default("LE"),
    radius: z.enum(values(RADIUS_OPTIONS), { error: "Choose a search radius from the list." }).default("40"),
    type: z.enum(values(TYPE_OPTIONS), { error: "Choose a property type from the list." }).default("any"),
    added: z.enum(values(ADDED_OPTIONS), { error: "Choose when the property was added from the list." }).default("any"),
    minPrice: optionalInt(MIN_PRICE_OPTIONS, "Choose a minimum price from the list."),
    maxPrice: optionalInt(MAX_PRICE_OPTIONS, "Choose a maximum price from the list."),
    minBeds: optionalInt(BEDROOM_OPTIONS, "Choose a number of bedrooms from the list."),
    maxBeds: optionalInt(BEDROOM_OPTIONS, "Choose a number of bedrooms from the list."),
    sort: z.enum(values(SORT_OPTIONS), { error: "Choose a sort order from the list." }).default("newest"),
    page: z.coerce.number({ error: "Page must be a number." }).int().min(1).max(1000).default(1),
    /** A drawn area (encoded polyline, see ./area.ts): when present the search is "inside this shape", radius and postcode aside. */
    area: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string({ error: UNREADABLE_AREA })
        .max(MAX_AREA_LENGTH, { error: UNREADABLE_AREA })
        .optional()
        .transform((text, context) => {
          if (text === undefined) return undefined;
          const parsed = parseArea(text);
          if ("encoded" in parsed) return parsed.encoded;
          context.addIssue({ code: "custom", message: parsed.problem });
          return z.NEVER;
        }),
    ),
  })
  .transform((f) => ({ ...f, postcode: f.postcode === "" ? "LE" : f.postcode }))
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    path: ["maxPrice"],
    error: "The maximum price is below the minimum.",
  })
  .refine((f) => f.minBeds === undefined || f.maxBeds === undefined || f.minBeds <= f.maxBeds, {
    path: ["maxBeds"],
    error: "The maximum bedrooms are below the minimum.",
  });

export type SearchFilters = z.output<typeof SearchSchema>;

/** The URL query for a set of filters (defaults left out, so links stay short). */
export function searchQuery(filters: Partial<SearchFilters>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === "") continue;
    if ((key === "page" && value === 1) || (key === "sort" && value === "newest")) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** "Houses for sale within 10 miles of LE1, £200k to £500k, 3+ bedrooms" ("… in your drawn area, …" with an area). */
/**
 * A search counts its matches up to this many and then says "more than" ("1,000+ results"); its pages stop
 * there too (84 pages of 12). Counting every match of a dense search costs time in proportion to the matches
 * (66,570 within 10 miles of London at a million listings: p95 146 ms); counting to a thousand reads at most
 * a thousand and one index entries (docs/decisions/0016).
 */
export const COUNT_CAP = 1000;

/** The sentence under a search's last reachable page when there are more matches than COUNT_CAP. */
export const CAPPED_RESULTS_NOTE = `Only the first ${COUNT_CAP.toLocaleString("en-GB")} homes of a search are shown. Narrow it to see others.`;

/**
 * A search's count of matches, as its page and the API say it: "1 result", "23 results", "1,000+ results"
 * when the count stopped at its cap (COUNT_CAP).
 */
export function matchCount(total: number, totalCapped: boolean, [one, many]: readonly [string, string]) {
  return `${formatCount(total)}${totalCapped ? "+" : ""} ${total === 1 && !totalCapped ? one : many}`;
}

export function searchTitle(filters: SearchFilters, placeLabel: string) {
  const type = TYPE_OPTIONS.find((t) => t.value === filters.type)!;
  const what = type.value === "any" ? "Properties" : type.label;
  const where = filters.area
    ? "in your drawn area"
    : filters.radius === "area"
      ? `in ${placeLabel}`
      : `within ${filters.radius} ${filters.radius === "1" ? "mile" : "miles"} of ${placeLabel}`;
  const k = (n: number) => (n >= 1_000_000 ? `£${n / 1_000_000}m` : `£${n / 1000}k`);
  const extras: string[] = [];
  if (filters.minPrice && filters.maxPrice) extras.push(`${k(filters.minPrice)} to ${k(filters.maxPrice)}`);
  else if (filters.minPrice) extras.push(`from ${k(filters.minPrice)}`);
  else if (filters.maxPrice) extras.push(`up to ${k(filters.maxPrice)}`);
  if (filters.minBeds && filters.maxBeds)
    extras.push(
      filters.minBeds === filters.maxBeds
        ? `${filters.minBeds} bedrooms`
        : `${filters.minBeds} to ${filters.maxBeds} bedrooms`,
    );
  else if (filters.minBeds) extras.push(`${filters.minBeds}+ bedrooms`);
  else if (filters.maxBeds) extras.push(`up to ${filters.maxBeds} bedrooms`);
  const added = ADDED_OPTIONS.find((a) => a.value === filters.added)!;
  if (added.days) extras.push(`added in the ${added.label.toLowerCase()}`);
  return `${what} for sale ${where}${extras.length ? `, ${extras.join(", ")}` : ""}`;
}
