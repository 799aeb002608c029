// The save buttons' form (on property cards, the property page, /saved-homes/new and /saved-homes).
import { z } from "zod";

import { idField as id } from "../../lib/ids";

/** Where a save button sends the visitor back to: only the pages that show save buttons. */
export const SAVE_RETURN_PATH =
  /^\/(?:view-properties(?:\/\d{1,10})?|property-search|saved-homes|my-home-search)(?:\?[\x21-\x7e]{0,1500})?$/;

export const NOT_A_PUBLIC_HOME = "No listed property has this id.";
export const NOT_SAVED = "This home is not in your saved homes.";

const returnTo = z
  .string()
  .optional()
  .transform((path) => (path && SAVE_RETURN_PATH.test(path) ? path : undefined));

export const SaveHomeFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), propertyId: id("Choose a home to save."), returnTo }),
  z.object({ intent: z.literal("remove"), propertyId: id("Choose a home to remove."), returnTo }),
  // A saved home that has been deleted has no property id left: it is removed by its entry's id.
  z.object({ intent: z.literal("remove-entry"), savedHomeId: id("Choose a saved home to remove."), returnTo }),
]);

export type SaveHomeForm = z.output<typeof SaveHomeFormSchema>;

/** The page that finishes a save started while signed out (after logging in). */
export const finishSavePath = (propertyId: number, returnTo?: string) =>
  `/saved-homes/new?propertyId=${propertyId}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ""}`;
