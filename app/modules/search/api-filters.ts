// The spec's JSON search filters (§3 "Search filters") read into the same SearchFilters as the page.
import { z } from "zod";

import { SearchSchema } from "./filters";
import { TYPE_OPTIONS } from "./options";

const int = z.union([z.number(), z.string().regex(/^\d*$/)]).transform((v) => (v === "" ? undefined : Number(v)));

export const ApiSearchSchema = z
  .object({
    postcode: z.string().max(10).optional(),
    /** '40-miles', '5', 'this-area', 'area' … */
    searchRadius: z.union([z.string(), z.number()]).optional(),
    /** e.g. ['Houses'] (one choice in the spec's form; the first recognised one is used). */
    propertyTypes: z.array(z.string()).max(10).optional(),
    priceMin: int.optional(),
    priceMax: int.optional(),
    bedroomsMin: int.optional(),
    bedroomsMax: int.optional(),
    /** 'any', '24-hours' / '1', '3-days' / '3', 'week' / '7', '2-weeks' / '14' */
    addedToSite: z.string().optional(),
    sort: z.string().optional(),
    page: int.optional(),
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
    const added =
      ({ "24-hours": "1", "3-days": "3", week: "7", "1-week": "7", "2-weeks": "14" } as Record<string, string>)[
        f.addedToSite ?? ""
      ] ??
      f.addedToSite ??
      "any";
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
