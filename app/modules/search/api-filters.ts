// The spec's JSON search filters (§3 "Search filters") read into the same SearchFilters as the page.
import { z } from "zod";

import { SearchSchema } from "./filters";
import {
  ADDED_OPTIONS,
  BEDROOM_OPTIONS,
  MAX_PRICE_OPTIONS,
  MIN_PRICE_OPTIONS,
  RADIUS_OPTIONS,
  SORT_OPTIONS,
  TYPE_OPTIONS,
} from "./options";

const int = z.union([z.number(), z.string().regex(/^\d*$/)]).transform((v) => (v === "" ? undefined : Number(v)));
/** One of the page's choices, as a number or its digits ("" for none): what SearchSchema accepts after the mapping. */
const choiceOf = (allowed: readonly number[]) =>
  int.meta({ anyOf: [{ enum: [...allowed] }, { enum: ["", ...allowed.map(String)] }] });

const ADDED_WORDS: Record<string, string> = {
  "24-hours": "1",
  "3-days": "3",
  week: "7",
  "1-week": "7",
  "2-weeks": "14",
};
const MILES = RADIUS_OPTIONS.map((o) => o.value).filter((value) => value !== "area");

export const ApiSearchSchema = z
  .object({
    postcode: z.string().max(10).optional(),
    /** '40-miles', '5', 'this-area', 'area' … */
    searchRadius: z
      .union([z.string(), z.number()])
      .optional()
      .meta({
        anyOf: [
          { enum: MILES.map(Number) },
          { type: "string", pattern: `^(?:(?:${MILES.join("|")})(?:-?[Mm][Ii][Ll][Ee][Ss]?)?|.*[Aa][Rr][Ee][Aa].*)$` },
        ],
      }),
    /** e.g. ['Houses'] (one choice in the spec's form; the first recognised one is used). */
    propertyTypes: z.array(z.string()).max(10).optional(),
    priceMin: choiceOf(MIN_PRICE_OPTIONS).optional(),
    priceMax: choiceOf(MAX_PRICE_OPTIONS).optional(),
    bedroomsMin: choiceOf(BEDROOM_OPTIONS).optional(),
    bedroomsMax: choiceOf(BEDROOM_OPTIONS).optional(),
    addedToSite: z
      .string()
      .optional()
      .meta({ enum: [...ADDED_OPTIONS.map((o) => o.value), ...Object.keys(ADDED_WORDS)] }),
    sort: z
      .string()
      .optional()
      .meta({ enum: SORT_OPTIONS.map((o) => o.value) }),
    page: int.optional().meta({
      anyOf: [
        { type: "integer", minimum: 1, maximum: 1000 },
        { type: "string", pattern: "^(?:[1-9]\\d{0,2}|1000)?$" },
      ],
    }),
    area: z.string().optional().meta({
      description:
        "A drawn area: a Google encoded polyline (precision 5) of 3 to 100 corners in Great Britain, as in the search page's ?area=. The search is then inside it; postcode and searchRadius are ignored.",
      example: "_m``I~jiF?_jZ_sN??~iZ",
    }),
  })
  .strict()
  .transform((f): z.input<typeof SearchSchema> => {
    const radius = String(f.searchRadius ?? "40").toLowerCase();
    const type =
      f.propertyTypes?.map((t) => t.toLowerCase()).find((t) => TYPE_OPTIONS.some((o) => o.value === t)) ?? "any";
    const added = ADDED_WORDS[f.addedToSite ?? ""] ?? f.addedToSite ?? "any";
    // Values that are not among the options fail in SearchSchema with a message naming the field.
    return {
      postcode: f.postcode,
      radius: (/area/.test(radius) ? "area" : radius.replace(/-?miles?$/, "")) as "40",
      type: type as "any",
      added: added as "any",
      minPrice: f.priceMin,
      maxPrice: f.priceMax,
      minBeds: f.bedroomsMin,
      maxBeds: f.bedroomsMax,
      sort: f.sort as "newest" | undefined,
      page: f.page,
      area: f.area,
    };
  })
  .pipe(SearchSchema);
