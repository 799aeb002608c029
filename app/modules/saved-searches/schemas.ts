// One schema per saved-search payload: the API's body (filters as the search URL reads them), and the pages'
// forms (the save form carries the search's own query string; the edit form only a name and a frequency).
import { z } from "zod";

import { lineOfText } from "../../lib/fields";
import { SearchSchema } from "../search/filters";
import { DEFAULT_FREQUENCY, FREQUENCY_OPTIONS, NAME_MAX_LENGTH } from "./options";

const frequencies = FREQUENCY_OPTIONS.map((o) => o.value) as [
  (typeof FREQUENCY_OPTIONS)[number]["value"],
  ...(typeof FREQUENCY_OPTIONS)[number]["value"][],
];

export const searchName = lineOfText("Give this search a name.")
  // The name becomes an email's subject: tabs and other control characters go too, and runs of spaces.
  .overwrite((name) => name.replace(/[\s\p{Cc}]+/gu, " "))
  .trim()
  .min(1, { error: "Give this search a name." })
  .max(NAME_MAX_LENGTH, { error: `Use at most ${NAME_MAX_LENGTH} characters.` })
  .meta({ pattern: "[^\\s\\u0000-\\u001f\\u007f-\\u009f]" });

export const alertFrequency = z.enum(frequencies, { error: "Choose how often to email you from the list." });

/** POST and PUT /api/v1/saved-searches: `filters` is the object the /property-search URL's query reads into. */
export const SavedSearchJsonSchema = z
  .object({
    name: searchName,
    filters: SearchSchema,
    frequency: alertFrequency.default(DEFAULT_FREQUENCY),
  })
  .strict();

export type SavedSearchInput = z.output<typeof SavedSearchJsonSchema>;

/** "Save this search" on the results page: the results' query string, a name and a frequency. */
export const SaveSearchFormSchema = z.object({
  query: z.string({ error: "There is no search to save." }).max(2000, { error: "This search is too long to save." }),
  name: searchName,
  frequency: alertFrequency,
});

export type SaveSearchFormFields = z.input<typeof SaveSearchFormSchema>;

/** /saved-searches: renaming a search or changing how often it emails. */
export const EditSavedSearchFormSchema = z.object({ name: searchName, frequency: alertFrequency });

export type EditSavedSearchFormFields = z.input<typeof EditSavedSearchFormSchema>;

/** A query string read as the search filters it stands for (the results page reads its URL the same way). */
export function filtersOfQuery(query: string) {
  return SearchSchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
}
