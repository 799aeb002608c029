// ClientRules (client-rules.ts) from a zod schema: the HTML constraints conform reads from it, and the
// schema's message for each constraint, found by parsing a value that breaks just that constraint.
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

import type { ClientRules, ValidityState } from "./client-rules";

const cache = new WeakMap<z.ZodType, ClientRules>();

/**
 * Rules for a schema (worked out once per schema object). Checks across fields are not found in the
 * schema: a field that repeats another is named in `matches`, with the schema's message.
 */
export function clientRules(schema: z.ZodType, extra: Pick<ClientRules, "matches"> = {}): ClientRules {
  let rules = cache.get(schema);
  if (!rules) {
    rules = buildRules(schema);
    cache.set(schema, rules);
  }
  return extra.matches ? { ...rules, matches: extra.matches } : rules;
}

function buildRules(schema: z.ZodType): ClientRules {
  const constraint = getZodConstraint(schema);
  const messages: ClientRules["messages"] = {};
  /** The schema's first message for field `name` when it holds `value` (or is left out). */
  const messageFor = (name: string, value?: string) => {
    const formData = new FormData();
    if (value !== undefined) formData.set(name, value);
    const result = parseWithZod(formData, { schema }).reply();
    return result.error?.[name]?.[0] ?? undefined;
  };
  for (const [name, c] of Object.entries(constraint)) {
    if (/[.[]/.test(name)) continue; // only top-level fields
    const found: Partial<Record<ValidityState, string | undefined>> = {
      valueMissing: c.required ? messageFor(name) : undefined,
      tooLong: c.maxLength !== undefined ? messageFor(name, "a".repeat(c.maxLength + 1)) : undefined,
      tooShort:
        c.minLength !== undefined && c.minLength > 1 ? messageFor(name, "a".repeat(c.minLength - 1)) : undefined,
      patternMismatch: c.pattern ? messageFor(name, "~") : undefined,
      rangeUnderflow: typeof c.min === "number" ? messageFor(name, String(c.min - 1)) : undefined,
      rangeOverflow: typeof c.max === "number" ? messageFor(name, String(c.max + 1)) : undefined,
      // Only email, URL and similar inputs can mismatch their type; "x" is none of those.
      typeMismatch: messageFor(name, "x"),
    };
    const defined = Object.entries(found).filter(
      (entry): entry is [ValidityState, string] => typeof entry[1] === "string",
    );
    if (defined.length) messages[name] = Object.fromEntries(defined);
  }
  return { constraint, messages };
}
