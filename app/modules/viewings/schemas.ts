// Viewing request payloads, shared by the 'Request a Free Visit' form (client and server) and
// POST /api/v1/viewings/request. The API takes both shapes the spec shows: (a) propertyId with a
// 24-hour time, (b) bookingId with 'HH:MM AM|PM'. Either way the result is one ViewingRequestInput.
import { z } from "zod";

import { isIsoDate } from "../../lib/dates";
import { emailAddress as email, lineOfText, NOT_BLANK, phoneNumber } from "../../lib/fields";
import { MAX_ID } from "../../lib/ids";
import { storableText } from "../../lib/storable-text";
import { POSITIONS } from "../offers/positions";
import { SELLER_ACTIONS } from "./decisions";
import {
  DEFAULT_VIEWING_TIME,
  formatSlot,
  isViewingSlot,
  normaliseTime,
  VIEWING_SLOTS,
  viewingDateRange,
} from "./slots";

export const TIME_FORMAT_MESSAGE = "Enter a time like 10:30.";
export const SLOT_MESSAGE = "Choose a half-hour slot between 9:00 AM and 5:30 PM.";
export const TOO_SOON_MESSAGE = "Choose tomorrow or a later date.";
export const TOO_LATE_MESSAGE = "Choose a date in the next 6 months.";

const name = (what: string) =>
  lineOfText(`Enter your ${what}.`)
    .min(1, { error: `Enter your ${what}.` })
    .max(60, { error: `Use at most 60 characters for your ${what}.` })
    .meta(NOT_BLANK);

const contactFields = {
  firstName: name("first name"),
  lastName: name("last name"),
  email,
  phoneNumber,
  message: z
    .string()
    .overwrite(storableText)
    .trim()
    .max(1000, { error: "Keep the message under 1,000 characters." })
    .optional()
    .transform((v) => v || undefined),
};

function preferredDate(now: Date) {
  const { earliest, latest } = viewingDateRange(now);
  return z
    .string({ error: "Choose a preferred date." })
    .overwrite(storableText)
    .trim()
    .min(1, { error: "Choose a preferred date.", abort: true })
    .refine(isIsoDate, { error: "Enter the date as YYYY-MM-DD, e.g. 2026-03-14.", abort: true })
    .refine((date) => date >= earliest, { error: TOO_SOON_MESSAGE, abort: true })
    .refine((date) => date <= latest, { error: TOO_LATE_MESSAGE })
    .meta({ format: "date", description: "From tomorrow (UK time) to six months on." });
}

/** The times the API documents: each slot as "09:30" or "9:30 AM" (case, spacing and "9.30" are forgiven too). */
export const VIEWING_TIME_PATTERN = `^(?:${[...VIEWING_SLOTS, ...VIEWING_SLOTS.map(formatSlot)].join("|")})$`;

/** A time of day that must be one of the viewing slots; the result is "HH:MM". */
const viewingSlot = z
  .string({ error: TIME_FORMAT_MESSAGE })
  .meta({ pattern: VIEWING_TIME_PATTERN })
  .transform((text, ctx) => {
    const time = normaliseTime(text);
    if (time && isViewingSlot(time)) return time;
    ctx.addIssue({ code: "custom", message: time ? SLOT_MESSAGE : TIME_FORMAT_MESSAGE });
    return z.NEVER;
  });

const listingId = z.union(
  [
    z.number().int().positive().max(MAX_ID),
    // As text, up to nine digits: every one of them fits the database's integer ids (ten may not).
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ],
  {
    error: "Give the property's id as a number.",
  },
);

/** POST /api/v1/viewings/request; `now` fixes what "tomorrow" means (UK time). */
export function viewingRequestApiSchema(now = new Date()) {
  return z
    .object({
      propertyId: listingId.optional(),
      bookingId: listingId.optional(),
      ...contactFields,
      // JSON clients send null for "no message".
      message: contactFields.message.nullable().transform((v) => v ?? undefined),
      preferredDate: preferredDate(now),
      preferredTime: z
        .string({ error: TIME_FORMAT_MESSAGE })
        .meta({ pattern: VIEWING_TIME_PATTERN })
        .default(DEFAULT_VIEWING_TIME)
        .pipe(viewingSlot),
    })
    .meta({ anyOf: [{ required: ["propertyId"] }, { required: ["bookingId"] }] })
    .refine((v) => v.propertyId !== undefined || v.bookingId !== undefined, {
      path: ["propertyId"],
      error: "Say which property: send propertyId or bookingId.",
      // Reported together with any other field's errors.
      when: () => true,
    })
    .refine((v) => v.propertyId === undefined || v.bookingId === undefined || v.propertyId === v.bookingId, {
      path: ["bookingId"],
      error: "propertyId and bookingId name different properties; send one of them.",
    })
    .transform(({ propertyId, bookingId, ...rest }) => ({ ...rest, projectId: (propertyId ?? bookingId)! }));
}

/** The form: the time is a choice of the slots (values "HH:MM"), and a honeypot field people never see. */
export function viewingRequestFormSchema(now = new Date()) {
  return z.object({
    ...contactFields,
    preferredDate: preferredDate(now),
    preferredTime: z.enum(VIEWING_SLOTS, { error: SLOT_MESSAGE }),
    // Left empty by people; a filled-in one is refused (lib/honeypot.ts), as on every public form.
    website: z.string().optional(),
    // "dialog" when the form was sent from the page's dialog (JavaScript), which then stays on the page.
    source: z.string().optional(),
  });
}

export type ViewingRequestInput = z.output<ReturnType<typeof viewingRequestApiSchema>>;

/** The form's fields as the browser sends them. */
export type ViewingRequestFormFields = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  preferredDate: string;
  preferredTime: string;
  message?: string;
  website?: string;
  source?: string;
};
export const VIEWING_STATUSES = ["pending", "confirmed", "declined", "proposed", "cancelled"] as const;
export type ViewingStatus = (typeof VIEWING_STATUSES)[number];
export type ViewingDecision = "confirmed" | "declined";

export const VIEWING_STATUS_LABELS: Record<ViewingStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  declined: "Declined",
  proposed: "Another time proposed",
  cancelled: "Cancelled",
};

/** The admin inbox's filters. */
export type ViewingFilter = { projectId?: number; status?: ViewingStatus; page: number };

/** The seller's (or the agency's) answer to a viewing: the tab's buttons and PUT …/viewings/{viewingId}. */
export function viewingDecisionSchema(now = new Date()) {
  const { earliest, latest } = viewingDateRange(now);
  return z
    .object({
      action: z.enum(SELLER_ACTIONS, { error: "Choose confirm, decline, propose or cancel." }),
      date: z
        .string()
        .overwrite(storableText)
        .trim()
        .optional()
        .meta({ format: "date", description: "With propose: from tomorrow (UK time) to six months on." }),
      time: z.string().trim().optional().meta({ pattern: VIEWING_TIME_PATTERN, description: "With propose." }),
    })
    .meta({
      anyOf: [
        { properties: { action: { const: "propose" } }, required: ["action", "date", "time"] },
        { properties: { action: { enum: SELLER_ACTIONS.filter((action) => action !== "propose") } } },
      ],
    })
    .transform((value, ctx) => {
      if (value.action !== "propose") return { action: value.action };
      const date = value.date ?? "";
      if (!date) ctx.addIssue({ code: "custom", path: ["date"], message: "Choose a date to propose." });
      else if (!isIsoDate(date))
        ctx.addIssue({ code: "custom", path: ["date"], message: "Enter the date as YYYY-MM-DD, e.g. 2026-03-14." });
      else if (date < earliest) ctx.addIssue({ code: "custom", path: ["date"], message: TOO_SOON_MESSAGE });
      else if (date > latest) ctx.addIssue({ code: "custom", path: ["date"], message: TOO_LATE_MESSAGE });
      const time = value.time ? normaliseTime(value.time) : null;
      if (!time || !isViewingSlot(time)) ctx.addIssue({ code: "custom", path: ["time"], message: SLOT_MESSAGE });
      return { action: value.action, date, time: time ?? "" };
    });
}
export type ViewingDecisionInput = z.output<ReturnType<typeof viewingDecisionSchema>>;

export const INTERESTS = ["interested", "unsure", "not-interested"] as const;
export type Interest = (typeof INTERESTS)[number];
export const INTEREST_LABELS: Record<Interest, string> = {
  interested: "Interested",
  unsure: "Unsure",
  "not-interested": "Not interested",
};

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/**
 * Feedback on a viewing, from the agency's form, the buyer's emailed form and PUT /api/v1/admin/viewings/{id}/feedback.
 * Forms send attended as "yes"/"no", JSON as a boolean; an empty choice is no choice.
 */
export const viewingFeedbackSchema = z
  .object({
    attended: z.preprocess(
      (v) => (v === "yes" ? true : v === "no" ? false : v),
      z.boolean({ error: "Say whether the viewing took place." }),
    ),
    interest: z.preprocess(
      blankToUndefined,
      z.enum(INTERESTS, { error: "Choose how interested they are." }).optional(),
    ),
    comment: z.preprocess(
      (v) => v ?? "",
      z
        .string({ error: "Write the comment as text." })
        .overwrite(storableText)
        .trim()
        .max(2000, { error: "Keep the comment under 2,000 characters." }),
    ),
    position: z.preprocess(
      blankToUndefined,
      z.enum(POSITIONS, { error: "Choose one of the buyer's positions." }).optional(),
    ),
  })
  .meta({ anyOf: [{ properties: { attended: { const: false } } }, { required: ["interest"] }] })
  .refine((v) => !v.attended || v.interest !== undefined, {
    path: ["interest"],
    error: "Say how interested they are.",
  });
export type ViewingFeedbackInput = z.output<typeof viewingFeedbackSchema>;

/** A form's feedback fields as sent (for showing them again beside their errors). */
export function feedbackFormValues(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    attended: text("attended"),
    interest: text("interest"),
    comment: text("comment"),
    position: text("position"),
  };
}
