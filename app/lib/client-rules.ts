// Instant form validation in the browser without zod (issue 12: zod stays on the server). The server
// turns a form's zod schema into ClientRules (client-rules.server.ts): conform's HTML constraints
// (required, maxLength, pattern, min, max…) and, for each field, the schema's own message for each way
// the browser can find the field invalid. The browser checks the constraints (the Constraint Validation
// API) and shows those messages; the server action still validates everything with the schema, and its
// errors (the only ones without JavaScript) are what counts.
import { parse } from "@conform-to/react";

export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
};

export const VALIDITY_STATES = ["valueMissing", "typeMismatch", "patternMismatch", "tooLong", "tooShort", "rangeUnderflow", "rangeOverflow", "stepMismatch", "badInput"] as const;
export type ValidityState = (typeof VALIDITY_STATES)[number];

export type ClientRules = {
  constraint: Record<string, FieldConstraint>;
  messages: Record<string, Partial<Record<ValidityState, string>>>;
  /** Fields that must repeat another (a password typed twice), with the schema's message. */
  matches?: Record<string, { field: string; message: string }>;
};

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/** The first error of each invalid control, in the schema's words where it has some. */
export function constraintErrors(form: HTMLFormElement, rules: ClientRules): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const element of Array.from(form.elements)) {
    if (!isControl(element) || !element.name || errors[element.name] || !element.willValidate || element.validity.valid) continue;
    const state = VALIDITY_STATES.find((s) => element.validity[s]);
    errors[element.name] = [(state && rules.messages[element.name]?.[state]) || element.validationMessage];
  }
  for (const [name, { field, message }] of Object.entries(rules.matches ?? {})) {
    const value = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    if (!errors[name] && value(name)?.value && value(name)?.value !== value(field)?.value) errors[name] = [message];
  }
  return errors;
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
