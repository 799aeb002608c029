// One schema per offer payload: the API's JSON bodies and the pages' forms. Amounts are whole pounds; a form
// may write them as people do ("£310,000").
import { z } from "zod";

import { POSITIONS } from "./positions";
import { OFFER_MAX, OFFER_MIN } from "./state";

const range = `between £${OFFER_MIN.toLocaleString("en-GB")} and £${OFFER_MAX.toLocaleString("en-GB")}`;

/** Whole pounds; a form's "£310,000" or "310000" reads as 310000. */
export const offerAmount = (what = "the amount") =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const cleaned = value.replace(/[£,\s]/g, "");
      if (cleaned === "") return undefined;
      return /^\d+(\.0+)?$/.test(cleaned) ? Number(cleaned) : value;
    },
    z
      .number({ error: `Enter ${what} in whole pounds, like 310000.` })
      .int({ error: `Enter ${what} in whole pounds, like 310000.` })
      .min(OFFER_MIN, { error: `Enter ${what} ${range}.` })
      .max(OFFER_MAX, { error: `Enter ${what} ${range}.` }),
  );

export const buyerPosition = z.enum(POSITIONS, { error: "Choose your position from the list." });

/** POST /api/v1/properties/{id}/offers */
export const MakeOfferJsonSchema = z
  .object({
    amount: offerAmount("your offer"),
    position: buyerPosition,
    mortgageInPrinciple: z.boolean({ error: "Say whether you have a mortgage agreed in principle (true or false)." }),
  })
  .strict();
export type MakeOfferInput = z.output<typeof MakeOfferJsonSchema>;

/** The offer form on /view-properties/:projectId/offer (the file is read apart from this). */
export const MakeOfferFormSchema = z.object({
  amount: offerAmount("your offer"),
  position: buyerPosition,
  mortgageInPrinciple: z.enum(["yes", "no"], {
    error: "Say whether you have a mortgage agreed in principle.",
  }),
});

/** PUT /api/v1/offers/{id}: the buyer's moves. */
export const BuyerMoveJsonSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("accept") }).strict(),
    z.object({ action: z.literal("raise"), amount: offerAmount("your new offer") }).strict(),
    z.object({ action: z.literal("withdraw") }).strict(),
  ],
  { error: 'action must be "accept", "raise" or "withdraw".' },
);

/** PUT /api/v1/vendor/bookings/{id}/offers/{offerId}: the seller's (or the agency's) moves. */
export const SellerMoveJsonSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("accept") }).strict(),
    z.object({ action: z.literal("reject") }).strict(),
    z.object({ action: z.literal("counter"), amount: offerAmount("the counter-offer") }).strict(),
  ],
  { error: 'action must be "accept", "reject" or "counter".' },
);

/** The pages' forms: the same moves, the amount typed in a field of its own. */
export const BuyerMoveFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("raise"), amount: offerAmount("your new offer") }),
  z.object({ intent: z.literal("withdraw") }),
]);
export const SellerMoveFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("reject") }),
  z.object({ intent: z.literal("counter"), amount: offerAmount("the counter-offer") }),
]);

/** PUT /api/v1/offers/{id}/proof-of-funds, as the reference documents it (the handler reads the part itself). */
export const ProofOfFundsUploadSchema = z.object({
  file: z.string().meta({ format: "binary", description: "One PDF, JPEG or PNG file, at most 10 MB." }),
});
