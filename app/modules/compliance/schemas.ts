// One schema per compliance payload: the API's JSON bodies and the pages' forms.
import { z } from "zod";

import { RISK_FACTOR_KEYS, SAR_SUBJECT_MAX, SELLER_CAPACITIES, TEXT_MAX } from "./options";

const fullName = z
  .string({ error: "Enter the person's full name." })
  .trim()
  .min(2, { error: "Enter the person's full name." })
  .max(120, { error: "Keep the name under 120 characters." });
const email = z
  .union([z.literal(""), z.email({ error: "Enter a valid email address, or leave it empty." }).max(254)])
  .default("");
const capacity = z.enum(SELLER_CAPACITIES, { error: "Choose owner, joint owner or beneficial owner." });
const text = (what: string, min = 1) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(min, { error: `Enter ${what}.` })
    .max(TEXT_MAX, { error: `Keep it under ${TEXT_MAX} characters.` });

/** POST /api/v1/admin/projects/{id}/checks, and the page's "add a person" form. */
export const AddSellerCheckSchema = z.object({ fullName, email, capacity }).strict();
export type AddSellerCheckInput = z.output<typeof AddSellerCheckSchema>;
export const AddSellerCheckFormSchema = z.object({ full_name: fullName, email, capacity });

const riskFactors = z.object(
  Object.fromEntries(RISK_FACTOR_KEYS.map((key) => [key, z.boolean().default(false)])),
) as z.ZodObject<Record<(typeof RISK_FACTOR_KEYS)[number], z.ZodDefault<z.ZodBoolean>>>;

/** What a member of staff records after seeing a person's documents. */
export const RecordCheckSchema = z
  .object({
    identityVerified: z.boolean({ error: "Say whether the identity was verified (true or false)." }),
    addressVerified: z.boolean({ error: "Say whether the address was verified (true or false)." }),
    evidence: text("what you saw (documents, numbers, who checked)", 10),
    sourceOfFunds: z.string().trim().max(TEXT_MAX).default(""),
    sourceOfFundsChecked: z.boolean().default(false),
    riskFactors: riskFactors.strict().default({} as never),
    outcome: z.enum(["pass", "fail"], { error: 'outcome must be "pass" or "fail".' }),
  })
  .strict();
export type RecordCheckInput = z.output<typeof RecordCheckSchema>;

const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");
export const RecordCheckFormSchema = z.object({
  identity_verified: checkbox,
  address_verified: checkbox,
  evidence: text("what you saw (documents, numbers, who checked)", 10),
  source_of_funds: z.string().trim().max(TEXT_MAX).default(""),
  source_of_funds_checked: checkbox,
  ...Object.fromEntries(RISK_FACTOR_KEYS.map((key) => [key, checkbox])),
  outcome: z.enum(["pass", "fail"], { error: "Choose whether the check passed." }),
}) as z.ZodObject<
  {
    identity_verified: typeof checkbox;
    address_verified: typeof checkbox;
    evidence: ReturnType<typeof text>;
    source_of_funds: z.ZodDefault<z.ZodString>;
    source_of_funds_checked: typeof checkbox;
    outcome: z.ZodEnum<{ pass: "pass"; fail: "fail" }>;
  } & Record<(typeof RISK_FACTOR_KEYS)[number], typeof checkbox>
>;

export const recordInputFromForm = (form: z.output<typeof RecordCheckFormSchema>): RecordCheckInput => ({
  identityVerified: form.identity_verified,
  addressVerified: form.address_verified,
  evidence: form.evidence,
  sourceOfFunds: form.source_of_funds,
  sourceOfFundsChecked: form.source_of_funds_checked,
  riskFactors: Object.fromEntries(RISK_FACTOR_KEYS.map((key) => [key, form[key]])) as RecordCheckInput["riskFactors"],
  outcome: form.outcome,
});

/** A possible sanctions match: a person decides. */
export const DecideMatchSchema = z
  .object({
    decision: z.enum(["not_a_match", "confirmed_match"], {
      error: 'decision must be "not_a_match" or "confirmed_match".',
    }),
    note: text("why (what told the names apart, or what confirmed the match)", 10),
  })
  .strict();
export type DecideMatchInput = z.output<typeof DecideMatchSchema>;

/** PUT /api/v1/admin/checks/{id}: record a result or decide a match. */
export const UpdateCheckSchema = z.discriminatedUnion(
  "action",
  [
    RecordCheckSchema.extend({ action: z.literal("record") }).strict(),
    DecideMatchSchema.extend({ action: z.literal("decide") }).strict(),
  ],
  { error: 'action must be "record" or "decide".' },
);

export const SarSchema = z.object({
  subject: z
    .string({ error: "Say who or what the report is about." })
    .trim()
    .min(2, { error: "Say who or what the report is about." })
    .max(SAR_SUBJECT_MAX, { error: `Keep it under ${SAR_SUBJECT_MAX} characters.` }),
  details: text("what made you suspicious", 10),
});

export const SarOutcomeSchema = z.object({
  report_id: z.coerce.number().int().positive(),
  outcome: text("the outcome (for example: reported to the NCA, or no further action and why)", 5),
});

export const RiskAssessmentSchema = z.object({
  summary: text("the assessment: the risks the firm faces and how it manages them", 20),
  review_due: z.iso.date({ error: "Enter the review date as a date." }),
});
