// The /valuation flow's steps and the rules for moving between them; the progress itself (a Draft) is
// kept by flow.server.ts. Pure, so the page can link to steps too.
import { z } from "zod";

import { normalisePostcode } from "../geo/postcode";
import { FLOW_STEPS, type FlowStep } from "./flow-steps";

export { type FlowStep, stepPath } from "./flow-steps";

export const DraftSchema = z.object({
  /** Set once step 1 chose "instant": only that choice continues on this site. */
  valuationType: z.literal("instant").optional(),
  postcode: z
    .string()
    .refine((v) => normalisePostcode(v) === v)
    .optional(),
  /** Set by a successful submit: the thank-you page shows only then. */
  submittedId: z.number().int().positive().optional(),
});

export type Draft = z.output<typeof DraftSchema>;

/** The step a visitor asked for (?step=…), or the furthest one their progress allows. */
export function allowedStep(requested: string | null, draft: Draft): FlowStep {
  const step = FLOW_STEPS.find((s) => s === requested) ?? "type";
  if (step === "thank-you") return draft.submittedId ? step : "type";
  if (step === "details" && !draft.postcode) return draft.valuationType ? "postcode" : "type";
  if (step === "postcode" && !draft.valuationType) return "type";
  return step;
}
