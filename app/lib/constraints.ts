// The browser's own checks on a form's fields, in the schema's words: the Constraint Validation API finds
// what is wrong, ClientRules (made on the server from the form's zod schema, client-rules.server.ts) say it.
// Pure, so pages with React (conform's onValidate, client-rules.ts) and without it (app/browser/form-checks.ts)
// run the same checks, and unit tests run them on plain objects.

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

export const VALIDITY_STATES = [
  "valueMissing",
  "typeMismatch",
  "patternMismatch",
  "tooLong",
  "tooShort",
  "rangeUnderflow",
  "rangeOverflow",
  "stepMismatch",
  "badInput",
] as const;
export type ValidityStateName = (typeof VALIDITY_STATES)[number];

export type ClientRules = {
  constraint: Record<string, FieldConstraint>;
  messages: Record<string, Partial<Record<ValidityStateName, string>>>;
  /** Fields that must repeat another (a password typed twice), with the schema's message. */
  matches?: Record<string, { field: string; message: string }>;
};

/** What a page sends this module (in the form's data-rules): the constraints are the inputs' own attributes. */
export type BrowserRules = Pick<ClientRules, "messages" | "matches">;

/** An input, select or textarea, as far as the checks need one (plain objects stand in for them in unit tests). */
export type CheckedControl = {
  name: string;
  value: string;
  willValidate: boolean;
  validity: Partial<Record<ValidityStateName | "valid", boolean>>;
  validationMessage: string;
};
export type CheckedForm = { elements: ArrayLike<unknown> };

const isControl = (element: unknown): element is CheckedControl =>
  typeof element === "object" &&
  element !== null &&
  "validity" in element &&
  "willValidate" in element &&
  typeof (element as { name?: unknown }).name === "string";

const controls = (form: CheckedForm) => Array.from(form.elements).filter(isControl);

/** The first error of each invalid control, in the schema's words where it has some. */
export function constraintErrors(form: CheckedForm, rules: BrowserRules): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const all = controls(form);
  for (const element of all) {
    if (!element.name || errors[element.name] || !element.willValidate || element.validity.valid) continue;
    const state = VALIDITY_STATES.find((s) => element.validity[s]);
    errors[element.name] = [(state && rules.messages[element.name]?.[state]) || element.validationMessage];
  }
  const value = (name: string) => all.find((c) => c.name === name)?.value;
  for (const [name, { field, message }] of Object.entries(rules.matches ?? {})) {
    if (!errors[name] && value(name) && value(name) !== value(field)) errors[name] = [message];
  }
  return errors;
}

/** Fields whose message depends on `name`'s value: the field itself and those that must repeat it. */
export function dependentFields(name: string, rules: BrowserRules): string[] {
  return [
    name,
    ...Object.entries(rules.matches ?? {}).flatMap(([other, { field }]) => (field === name ? [other] : [])),
  ];
}
