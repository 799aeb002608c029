// The valuation request (spec §3): the three steps of /valuation validate their part of it, and
// POST /api/v1/valuation/request takes it whole. Server only: the browser gets ClientRules from them.
import { z } from "zod";

import { emailAddress, optionalParagraphs, phoneNumber, requiredText } from "../../lib/fields";
import { storableText } from "../../lib/storable-text";
import { normalisePostcode, POSTCODE_PATTERN } from "../geo/postcode";
import { MESSAGE_MAX_LENGTH, VALUATION_TYPES } from "./options";

export { MESSAGE_MAX_LENGTH, NEXT_STEPS, VALUATION_TYPE_LABELS, VALUATION_TYPES, type ValuationType } from "./options";

const valuationType = z.enum(VALUATION_TYPES, { error: "Choose the type of valuation you need." }).default("instant");

export const postcode = z
  .string({ error: "Enter your property's postcode." })
  .overwrite(storableText)
  .trim()
  .min(1, { error: "Enter your property's postcode." })
  .max(16, { error: "Enter a UK postcode, like SW1A 1AA." })
  .meta({ pattern: POSTCODE_PATTERN })
  .transform((value, ctx) => {
    const normalised = normalisePostcode(value);
    if (!normalised) {
      ctx.addIssue({ code: "custom", message: "Enter a full UK postcode, like SW1A 1AA." });
      return z.NEVER;
    }
    return normalised;
  });

const contactDetails = {
  firstName: requiredText("Enter your first name.", 100),
  lastName: requiredText("Enter your last name.", 100),
  email: emailAddress,
  contactNumber: phoneNumber,
  message: optionalParagraphs(MESSAGE_MAX_LENGTH),
  marketingConsent: z.boolean({ error: "marketingConsent must be true or false." }).default(false),
};

/** Step 1: 'What type of valuation do you need?' */
export const ValuationTypeStepSchema = z.object({ valuationType });
/** Step 2: 'What's your property's postcode?' */
export const PostcodeStepSchema = z.object({ postcode });
/** Step 3: 'Your contact details'. */
export const ContactDetailsStepSchema = z.object(contactDetails);

export type ValuationTypeStepFields = z.input<typeof ValuationTypeStepSchema>;
export type PostcodeStepFields = z.input<typeof PostcodeStepSchema>;
export type ContactDetailsStepFields = z.input<typeof ContactDetailsStepSchema>;

/** The whole request, as the JSON API takes it. purposeType is not shown to people; it defaults to "sell". */
export const ValuationRequestSchema = z.object({
  valuationType,
  purposeType: z
    .string({ error: "purposeType must be text." })
    .overwrite(storableText)
    .trim()
    .regex(/^[a-z][a-z_-]{0,29}$/i, { error: "purposeType must be a short word, like sell." })
    .default("sell"),
  postcode,
  ...contactDetails,
});

export type ValuationRequestInput = z.output<typeof ValuationRequestSchema>;
