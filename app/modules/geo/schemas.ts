import { z } from "zod";

import { trimmedAtLeast } from "../../lib/fields";

/** Suggestions run only for at least 3 characters of letters, digits and spaces (spec §5). */
export const SuggestionQuerySchema = z.object({
  query: z
    .string({ error: "Add ?query= with part of a postcode." })
    .trim()
    .min(3, { error: "Type at least 3 letters or numbers of a postcode." })
    .max(10, { error: "A postcode has at most 8 characters." })
    .regex(/^[A-Za-z0-9 ]+$/, { error: "Use only letters, numbers and spaces." })
    // As sent, before the spaces around it are trimmed: at least 3 letters or numbers from first to last.
    .meta({ pattern: "^ *[A-Za-z0-9][A-Za-z0-9 ]+[A-Za-z0-9] *$" }),
});

export const AddressIdSchema = z.object({
  id: z
    .string({ error: "Add ?id= with a postcode from the suggestions." })
    .trim()
    .min(2, { error: "Add ?id= with a postcode from the suggestions." })
    .max(10)
    .meta(trimmedAtLeast(2)),
});
