// Instant form validation in the browser without zod: zod stays on the server, out of the pages' JavaScript
// (docs/decisions/0004-client-rules-from-server-schemas.md). The server
// turns a form's zod schema into ClientRules (client-rules.server.ts): conform's HTML constraints
// (required, maxLength, pattern, min, max…) and, for each field, the schema's own message for each way
// the browser can find the field invalid. The browser checks the constraints (the Constraint Validation
// API) and shows those messages: the checks are constraints.ts's, the same on React pages (here, for
// conform) and on pages sent without React (app/browser/form-checks.ts). The server action still validates
// everything with the schema, and its errors (the only ones without JavaScript) are what counts.
import { parse } from "@conform-to/react";

import { type ClientRules, constraintErrors } from "./constraints";

export {
  type BrowserRules,
  type ClientRules,
  constraintErrors,
  type FieldConstraint,
  VALIDITY_STATES,
  type ValidityStateName as ValidityState,
} from "./constraints";

/** The part of the rules a page without React needs (its form's data-rules). */
export function browserRules(rules: ClientRules): string {
  return JSON.stringify(
    rules.matches ? { messages: rules.messages, matches: rules.matches } : { messages: rules.messages },
  );
}

/**
 * conform's onValidate. While people fill the form in (a field left or changed: a "validate" intent) it
 * reports the constraint errors. A submit always goes on to the server: the schema there finds what the
 * constraints cannot (a date too soon, a phone number's format) and answers with every field's errors
 * at once, in the same words with and without JavaScript.
 */
export function validateWithRules<Value>(form: HTMLFormElement, formData: FormData, rules: ClientRules) {
  return parse<Value, string[]>(formData, {
    resolve: (value, intent) => {
      if (intent === null) return { value: value as Value };
      const errors = constraintErrors(form, rules);
      return Object.keys(errors).length > 0 ? { error: errors } : { value: value as Value };
    },
  });
}
