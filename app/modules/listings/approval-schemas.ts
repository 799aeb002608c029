// One schema for the seller's decision on their listing (the approval page's forms are read into the same shape).
import { z } from "zod";

import { requiredParagraphs } from "../../lib/fields";
import { CHANGE_COMMENT_MAX, LISTING_SECTIONS } from "./approval-sections";

/** The listing's fingerprint as the seller saw it: an approval covers exactly that content. */
const Fingerprint = z
  .string({ error: "Reload the page: the listing you looked at is not named." })
  .regex(/^[0-9a-f]{64}$/, { error: "Reload the page: the listing you looked at is not named." })
  .meta({ description: "The `fingerprint` the listing had when the seller looked at it (from GET …/approval)." });

export const ListingChangeSchema = z
  .object({
    section: z.enum(LISTING_SECTIONS, { error: "Choose a section of the listing." }),
    comment: requiredParagraphs("Say what should change.", CHANGE_COMMENT_MAX),
  })
  .strict();

export const ListingReviewSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), fingerprint: Fingerprint }).strict(),
  z
    .object({
      decision: z.literal("request-changes"),
      fingerprint: Fingerprint,
      // One entry a section; two for one section are kept as one, their comments joined.
      changes: z
        .array(ListingChangeSchema)
        .min(1, { error: "Say what should change in at least one section." })
        .max(LISTING_SECTIONS.length * 2),
    })
    .strict(),
]);
export type ListingReviewInput = z.output<typeof ListingReviewSchema>;
