// One schema for recording a complaint and one for its final response (the admin page's forms and the API).
import { z } from "zod";

import { isIsoDate } from "../../lib/dates";
import { emailAddressOf, requiredParagraphs, requiredText } from "../../lib/fields";
import { COMPLAINT_DETAILS_MAX, FINAL_RESPONSE_MAX } from "./options";

const day = (what: string) =>
  z
    .string({ error: "Enter the date as YYYY-MM-DD." })
    .refine(isIsoDate, { error: "Enter a real date, like 2026-12-01." })
    .meta({ format: "date", description: `${what} (YYYY-MM-DD, UK date); left out: today.` })
    .optional();

export const ComplaintSchema = z
  .object({
    name: requiredText("Enter the complainant's name.", 200),
    email: emailAddressOf("the complainant's"),
    details: requiredParagraphs("Enter what the complaint is about.", COMPLAINT_DETAILS_MAX),
    received_on: day("When the complaint was received"),
    project_id: z
      .number({ error: "Enter the property's booking number." })
      .int({ error: "Enter the property's booking number." })
      .min(1, { error: "Enter the property's booking number." })
      .max(2_147_483_647, { error: "Enter the property's booking number." })
      .optional()
      .meta({ description: "The booking (property) the complaint is about, if any." }),
  })
  .strict();
export type ComplaintInput = z.output<typeof ComplaintSchema>;

export const FinalResponseSchema = z
  .object({
    final_response: requiredParagraphs("Enter the final response you sent.", FINAL_RESPONSE_MAX),
    sent_on: day("When the final response was sent"),
  })
  .strict();
export type FinalResponseInput = z.output<typeof FinalResponseSchema>;
