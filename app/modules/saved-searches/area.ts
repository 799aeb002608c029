import { z } from "zod";

import { api, area, page } from "../../edge/declare";
import { documents, idParam, isoDateTime } from "../api/openapi/registry";
import { FREQUENCY_OPTIONS, MAX_SAVED_SEARCHES } from "./options";
import type { toSavedSearchJson } from "./saved-searches.server";
import { SavedSearchJsonSchema } from "./schemas";

const frequency = z.enum(FREQUENCY_OPTIONS.map((o) => o.value) as [string, ...string[]]).meta({
  description:
    "How often new and reduced homes matching the search are emailed (instant: within minutes; daily and weekly: at 07:00 London time, weekly on Mondays; never: saved without email). Emails go only to a confirmed address.",
});

export const SavedSearchSchema = documents<ReturnType<typeof toSavedSearchJson>>()(
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      frequency,
      filters: z.record(z.string(), z.union([z.string(), z.number()]).optional()).meta({
        description:
          "The search's filters, as /property-search reads them from its URL (area: a drawn area, as an encoded polyline).",
      }),
      query: z.string().meta({ example: "postcode=LE1&radius=5&minBeds=3" }),
      description: z.string().meta({ example: "Properties for sale within 5 miles of LE1, 3+ bedrooms" }),
      searchUrl: z
        .string()
        .meta({ description: "The results page.", example: "/property-search?postcode=LE1&radius=5" }),
      createdAt: isoDateTime,
      updatedAt: isoDateTime,
    })
    .meta({ id: "SavedSearch", description: "One of the signed-in account's saved searches." }),
);

const example = {
  name: "Three beds near the centre",
  filters: { postcode: "LE1", radius: "5", minBeds: 3 },
  frequency: "daily",
};
const searchId = idParam("id", "The saved search's id.");
const notYours = "You have no saved search with this id (other accounts' searches answer 404 too).";
const bodyErrors = {
  400: "A field is missing or not valid, or the place is not one we know (see errors, e.g. filters.postcode).",
  401: "Signed out.",
  413: "The body is over 64 KB.",
  415: "The body is not JSON.",
} as const;

const tag = "Saved searches";

export const savedSearchesPage = page({
  path: "saved-searches",
  file: "modules/saved-searches/pages/saved-searches.tsx",
  access: "signed-in",
  render: "document",
});

/** Where "Save this search" posts: signed out, the action keeps the form and sends the visitor to log in first. */
export const saveSearchPage = page({
  path: "saved-searches/new",
  file: "modules/saved-searches/pages/save-search.tsx",
  access: "signed-in",
  postAccess: "public",
  render: "document",
});

export const savedSearchesEndpoint = api({
  path: "/saved-searches",
  file: "modules/saved-searches/api/saved-searches.ts",
  tag,
  operations: {
    get: {
      operationId: "listSavedSearches",
      summary: "My saved searches",
      access: "signed-in",
      responses: {
        200: { description: "The account's saved searches, newest first.", schema: z.array(SavedSearchSchema) },
      },
      errors: { 401: "Signed out." },
    },
    post: {
      operationId: "createSavedSearch",
      summary: "Save a search",
      description: `\`filters\` takes the fields of the /property-search URL (postcode, radius, type, added, minPrice, maxPrice, minBeds, maxBeds, sort), with the same values and defaults; \`frequency\` is daily when absent. Saving the same filters again updates that saved search (200) instead of adding another. An account keeps at most ${MAX_SAVED_SEARCHES}.`,
      access: "signed-in",
      body: { schema: SavedSearchJsonSchema, example },
      responses: {
        201: {
          description: "Saved; Location names it.",
          schema: SavedSearchSchema,
          headers: { Location: "/api/v1/saved-searches/{id}" },
        },
        200: {
          description: "These filters were already saved: that search, with the new name and frequency.",
          schema: SavedSearchSchema,
        },
      },
      errors: { ...bodyErrors, 409: `The account already has ${MAX_SAVED_SEARCHES} saved searches.` },
    },
  },
});

export const savedSearchEndpoint = api({
  path: "/saved-searches/{id}",
  file: "modules/saved-searches/api/saved-search.ts",
  tag,
  operations: {
    get: {
      operationId: "getSavedSearch",
      summary: "One of my saved searches",
      access: "signed-in",
      params: { path: searchId },
      invalidParams: 400,
      responses: { 200: { description: "The saved search.", schema: SavedSearchSchema } },
      errors: { 400: "The id is not a whole number.", 401: "Signed out.", 404: notYours },
    },
    put: {
      operationId: "updateSavedSearch",
      summary: "Change one of my saved searches",
      description: "Replaces its name, filters and frequency (frequency is daily when absent).",
      access: "signed-in",
      params: { path: searchId },
      invalidParams: 400,
      body: { schema: SavedSearchJsonSchema, example },
      responses: { 200: { description: "The saved search as changed.", schema: SavedSearchSchema } },
      errors: { ...bodyErrors, 404: notYours },
    },
    delete: {
      operationId: "deleteSavedSearch",
      summary: "Delete one of my saved searches",
      description: "Its alerts stop with it.",
      access: "signed-in",
      params: { path: searchId },
      invalidParams: 400,
      responses: {
        200: { description: "Deleted.", schema: z.object({ message: z.string(), id: z.number().int() }) },
      },
      errors: { 400: "The id is not a whole number.", 401: "Signed out.", 404: notYours },
    },
  },
});

export const savedSearches = area({
  name: "saved-searches",
  pages: [savedSearchesPage, saveSearchPage],
  endpoints: [savedSearchesEndpoint, savedSearchEndpoint],
});
