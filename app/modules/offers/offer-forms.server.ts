// The offer pages' forms (the buyer's My offers, the seller's Offers tab): each post is one move on one offer,
// named by `offerId` and `intent`, with `amount` for a new figure. A failure comes back with the offer's id, so
// the page shows it beside that offer, and with what was typed, so nothing is lost.
import { data } from "react-router";
import type { z } from "zod";

import { fieldErrors, formDataOf } from "../../lib/http.server";
import { parseId } from "../../lib/ids";
import { ServiceError } from "../../lib/service-error";

export type OfferFormFailure = {
  /** The offer whose form failed; null when the failure concerns none of them (an unknown offer). */
  id: number | null;
  message?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
};

const failure = (status: number, body: OfferFormFailure) => data({ failure: body }, { status });

/**
 * Reads the posted move, checks it with `schema` and applies it; returns the move when it was made, or the
 * failure to answer with. Service errors other than ServiceError are thrown on.
 */
export async function applyOfferForm<Move extends { intent: string }>(
  request: Request,
  schema: z.ZodType<Move>,
  apply: (offerId: number, move: Move) => Promise<unknown>,
) {
  const form = await formDataOf(request);
  const id = parseId(form.get("offerId"));
  if (id === null) return { failed: failure(400, { id: null, message: "Choose an offer from the list." }) };
  const values = { amount: String(form.get("amount") ?? "") };
  const parsed = schema.safeParse({ intent: form.get("intent"), amount: values.amount });
  if (!parsed.success) return { failed: failure(400, { id, errors: fieldErrors(parsed.error), values }) };
  try {
    await apply(id, parsed.data);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status === 404) return { failed: failure(404, { id: null, message: error.message }) };
    return { failed: failure(error.status, { id, message: error.message, values }) };
  }
  return { move: parsed.data };
}
