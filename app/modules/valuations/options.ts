// The valuation flow's choices and texts, apart from its zod schemas (schemas.ts) so the page's browser code carries no zod.
export const VALUATION_TYPES = ["sales", "instant", "remortgage"] as const;
export type ValuationType = (typeof VALUATION_TYPES)[number];

export const VALUATION_TYPE_LABELS: Record<ValuationType, string> = {
  sales: "Sell your property",
  instant: "Get an instant valuation",
  remortgage: "Get ready to remortgage",
};

export const MESSAGE_MAX_LENGTH = 2000;

/** The thank-you page's 'What happens next?', also repeated in the confirmation email. */
export const NEXT_STEPS = [
  "A RICS-qualified valuer reviews your property details.",
  "We send you a detailed valuation report by email.",
  "An agent calls you to talk it through.",
  "We advise you on the best strategy for selling your home.",
] as const;
