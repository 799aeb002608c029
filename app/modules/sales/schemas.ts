// One schema for the progression payload (PUT /api/v1/admin/projects/{id}/progression); the admin's forms on
// the Sale progress tab are read into the same shape (progressionOfForm) and checked by it.
import { z } from "zod";

import { isIsoDate } from "../../lib/dates";
import { NOT_BLANK, optionalParagraphs, optionalPhoneNumber, optionalText } from "../../lib/fields";
import { storableText } from "../../lib/storable-text";
import { MILESTONE_API_KEYS } from "./milestones";

/** An email address, or blank or null to clear the one saved. */
const optionalEmail = z.preprocess(
  (value) => (typeof value === "string" ? storableText(value).trim().toLowerCase() : value),
  z
    .union(
      [
        z.literal(""),
        z.null(),
        z
          .email({ error: "Enter a valid email address, like name@example.co.uk." })
          .max(254, { error: "Use at most 254 characters." }),
      ],
      { error: "Enter a valid email address, like name@example.co.uk." },
    )
    .optional()
    .transform((value) => value || undefined),
);

/** One side's solicitor: every field optional; a blank one clears what was saved. */
export const SolicitorSchema = z
  .object({
    firm: optionalText(200),
    name: optionalText(200),
    email: optionalEmail,
    phone: optionalPhoneNumber,
    address: optionalParagraphs(500),
  })
  .strict();

const saleDate = z
  .string({ error: "Enter the date as YYYY-MM-DD." })
  .trim()
  .refine(isIsoDate, { error: "Enter a real date, like 2026-12-01." })
  .meta({ format: "date" })
  .nullable();

export const MilestoneUpdateSchema = z
  .object({
    key: z.enum(MILESTONE_API_KEYS, { error: "Choose a milestone from the list." }),
    date: saleDate,
    // Absent: left as it is; blank: cleared.
    note: z
      .string({ error: "Enter text." })
      .overwrite(storableText)
      .trim()
      .max(1000, { error: "Use at most 1,000 characters." })
      .optional(),
  })
  .strict();

export const ProgressionUpdateSchema = z
  .object({
    solicitors: z.object({ seller: SolicitorSchema.optional(), buyer: SolicitorSchema.optional() }).strict().optional(),
    // Absent: left as it is; blank or null: cleared.
    subjectTo: z
      .string({ error: "Enter text." })
      .overwrite(storableText)
      .trim()
      .max(2000, { error: "Use at most 2,000 characters." })
      .nullable()
      .optional(),
    milestones: z
      .array(MilestoneUpdateSchema)
      .max(MILESTONE_API_KEYS.length * 2)
      .optional(),
    issueMemorandum: z.literal(true, { error: "issueMemorandum can only be true." }).optional(),
    fallThrough: z
      .object({
        reason: z
          .string()
          .overwrite(storableText)
          .trim()
          .min(1, { error: "Say why the sale fell through." })
          .max(1000)
          .meta(NOT_BLANK),
      })
      .strict()
      .optional(),
  })
  .strict();

export type ProgressionUpdate = z.output<typeof ProgressionUpdateSchema>;
export type Solicitor = z.output<typeof SolicitorSchema>;
