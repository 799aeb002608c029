import { z } from "zod";

/**
 * "42" (or 42 from a JSON body) → 42; anything that cannot be a database id → null, so /view-properties/abc
 * or /payment/0 is a 404, not a 500. Ids are positive and fit PostgreSQL's integer.
 */
export function parseId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A form field holding a database id ("42"), by parseId's rule; anything else is `message`. */
export const idField = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => parseId(value) !== null, { error: message })
    .transform((value) => parseId(value)!);
