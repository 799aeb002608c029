import { z } from "zod";

/**
 * "42" (or 42 from a JSON body) → 42; anything that cannot be a database id → null, so /view-properties/abc
 * or /payment/0 is a 404, not a 500. Ids are positive and fit PostgreSQL's integer.
 */
export function parseId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** The largest id: PostgreSQL's integer. */
export const MAX_ID = 2_147_483_647;

/** parseId's rule as a schema (ids in paths and query strings), which the OpenAPI document publishes as it is. */
export const idSchema = (message = "Give an id: a whole number from 1.") =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });

export const IdSchema = idSchema();

/** A form field holding a database id ("42"), by parseId's rule; anything else is `message`. */
export const idField = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => parseId(value) !== null, { error: message })
    .transform((value) => parseId(value)!);
