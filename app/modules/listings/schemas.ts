// GET /api/v1/bookings' query string: the handler reads it with this schema and the OpenAPI document
// publishes it, so what is documented is what is enforced (the list page forgives the same mistakes).
import { z } from "zod";

import { PageQuerySchema } from "../../lib/pagination";
import { BOOKINGS_PAGE_SIZE } from "./bookings.server";
import { LISTING_SORTS, type ListingSort, MAX_SEARCH_LENGTH } from "./query";

const sorts = LISTING_SORTS.map((s) => s.value) as [ListingSort, ...ListingSort[]];

export const BookingsQuerySchema = z.object({
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH, { error: `q must be at most ${MAX_SEARCH_LENGTH} characters.` })
    .optional()
    .meta({
      description:
        "Words that must each appear in the address (postcode included) or the property type, ignoring case; a word of one or two characters (an outcode such as W8, a house number) must be a whole word.",
    }),
  sort: z
    .enum(sorts, { error: `sort must be one of ${sorts.join(", ")}.` })
    .default("any")
    .meta({ description: "any (newest first), price-desc or price-asc." }),
  ...PageQuerySchema.shape,
  pageSize: PageQuerySchema.shape.pageSize.default(BOOKINGS_PAGE_SIZE),
});
