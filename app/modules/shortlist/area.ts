import { z } from "zod";

import { api, area, page } from "../../edge/declare";
import { documents, idParam, isoDateTime } from "../api/openapi/registry";
import { NOT_A_PUBLIC_HOME, NOT_SAVED } from "./schemas";
import type { toSavedHomeJson } from "./shortlist.server";

const price = z.number().int().meta({ description: "Whole pounds." });

const ChangeSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("withdrawn") }),
    z.object({ kind: z.literal("sold") }),
    z.object({ kind: z.literal("back-on-market") }),
    z.object({ kind: z.literal("under-offer") }),
    z.object({ kind: z.literal("sold-stc") }),
    z.object({ kind: z.literal("price-reduced"), from: price, to: price }),
    z.object({ kind: z.literal("price-increased"), from: price, to: price }),
  ])
  .meta({
    id: "SavedHomeChange",
    description:
      "What changed since the home was saved. `withdrawn`: deleted, or no longer listed or sold; `under-offer`: an offer was accepted since; `sold-stc`: sold subject to contract since; `back-on-market`: for sale again (after being sold, or after a sale fell through).",
  });

export const SavedHomeSchema = documents<ReturnType<typeof toSavedHomeJson>>()(
  z
    .object({
      propertyId: z
        .number()
        .int()
        .nullable()
        .meta({ description: "The property's id; null once the property has been deleted." }),
      address: z.string().meta({ description: "The address now, or as it was when saved once deleted." }),
      savedAt: isoDateTime,
      priceAtSave: price,
      price: price.nullable().meta({ description: "The asking price now; null once withdrawn." }),
      status: z.enum(["completed", "sold", "withdrawn"]),
      changes: z.array(ChangeSchema),
    })
    .meta({ id: "SavedHome", description: "A home the signed-in account saved, and what changed since." }),
);

const tag = "Saved homes";

/** The list, and where every save button posts; signed out, a save goes to log in first. */
export const savedHomesPage = page({
  path: "saved-homes",
  file: "modules/shortlist/pages/saved-homes.tsx",
  access: "signed-in",
  postAccess: "public",
  render: "document",
});

/** Finishes a save started while signed out. */
export const saveHomePage = page({
  path: "saved-homes/new",
  file: "modules/shortlist/pages/save-home.tsx",
  access: "signed-in",
  render: "document",
});

export const shortlistEndpoint = api({
  path: "/shortlist",
  file: "modules/shortlist/api/shortlist.ts",
  tag,
  operations: {
    get: {
      operationId: "listShortlist",
      summary: "My saved homes",
      description:
        "Newest first, each with what changed since it was saved (price reduced or increased, sold, withdrawn).",
      access: "signed-in",
      responses: { 200: { description: "The saved homes (at most 500).", schema: z.array(SavedHomeSchema) } },
      errors: { 401: "Signed out." },
    },
  },
});

const propertyDescription = "The property's id (as in /properties/{id}).";

export const savedHomeEndpoint = api({
  path: "/shortlist/{propertyId}",
  file: "modules/shortlist/api/saved-home.ts",
  tag,
  operations: {
    put: {
      operationId: "saveToShortlist",
      summary: "Save a home",
      description:
        "Saves a listed or sold home, keeping its price and status now so that later changes can be shown. Idempotent: saving a saved home again changes nothing and answers 200.",
      access: "signed-in",
      params: { path: idParam("propertyId", propertyDescription, NOT_A_PUBLIC_HOME) },
      responses: {
        201: { description: "Saved.", schema: SavedHomeSchema },
        200: { description: "It was saved already.", schema: SavedHomeSchema },
      },
      errors: {
        401: "Signed out.",
        404: "No listed or sold property has this id.",
        409: "The account already keeps 500 saved homes.",
      },
    },
    delete: {
      operationId: "removeFromShortlist",
      summary: "Remove a saved home",
      access: "signed-in",
      params: { path: idParam("propertyId", propertyDescription, NOT_SAVED) },
      responses: { 204: { description: "Removed." } },
      errors: { 401: "Signed out.", 404: "This home is not among the account's saved homes." },
    },
  },
});

export const shortlist = area({
  name: "shortlist",
  pages: [savedHomesPage, saveHomePage],
  endpoints: [shortlistEndpoint, savedHomeEndpoint],
});
