// The /valuation flow's steps and their addresses (no zod, so the page's browser code can use them).
export const FLOW_STEPS = ["type", "postcode", "details", "thank-you"] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

export function stepPath(step: FlowStep) {
  return step === "type" ? "/valuation" : `/valuation?step=${step}`;
}
