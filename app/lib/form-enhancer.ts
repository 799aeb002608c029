// Forms in the browser without React (issue 12: at most 120 KB of JavaScript on a public page). Pages
// with forms (log in, sign up, contact, valuation, viewing request) are sent without React's scripts and
// load this module instead (vite.config.ts builds it on its own, minified and hashed, and root.tsx adds it).
// It gives them what React gave them: field checks as people fill the form in, in the schema's words
// (ClientRules from client-rules.server.ts), the submit button's "Sending…" label, a password's
// Show/Hide button and a button that waits for a field. The checks themselves (`constraintErrors`) are
// also what the React forms run (client-rules.ts `validateWithRules`, conform's onValidate), so both
// kinds of page find the same errors with the same messages.
//
// Self-contained on purpose: no imports, since vite.config.ts transforms this one file without bundling.
// Without JavaScript all of this is missing and nothing breaks: every form posts to its route's action,
// which checks the schema and answers with the same messages.

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
  typeof element === "object" && element !== null && "validity" in element && "willValidate" in element && typeof (element as { name?: unknown }).name === "string";

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
  return [name, ...Object.entries(rules.matches ?? {}).flatMap(([other, { field }]) => (field === name ? [other] : []))];
}

// ---- The page: everything below touches the document. ----

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const errorListId = (form: HTMLFormElement, name: string) => `${form.id}-${name}-error`;

/**
 * Field checks as conform does them on the React pages: a field is checked once it is left, then again as
 * it changes. A page that comes back from the server with errors (a failed submit) counts every field as
 * checked, and the first field with an error gets the focus (as conform gives it). A submit always goes
 * to the server.
 */
export function enhanceFormChecks(form: HTMLFormElement, rules: BrowserRules) {
  const checked = new Set<string>();
  const fieldsNamed = (name: string) => controls(form).filter((c): c is FieldElement & CheckedControl => c.name === name);

  const show = (name: string, errors: Record<string, string[]>) => {
    const list = form.ownerDocument.getElementById(errorListId(form, name));
    if (!list) return;
    const message = errors[name]?.[0];
    list.replaceChildren(...(message ? [Object.assign(form.ownerDocument.createElement("li"), { textContent: message })] : []));
    list.hidden = !message;
    for (const field of fieldsNamed(name)) {
      const described = (field.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id && id !== list.id);
      if (message) {
        field.setAttribute("aria-invalid", "true");
        described.unshift(list.id);
      } else field.removeAttribute("aria-invalid");
      if (described.length) field.setAttribute("aria-describedby", described.join(" "));
      else field.removeAttribute("aria-describedby");
    }
  };
  const check = (name: string) => {
    const errors = constraintErrors(form, rules);
    for (const field of dependentFields(name, rules)) if (checked.has(field)) show(field, errors);
  };
  const nameOf = (target: EventTarget | null) => {
    const name = (target as Partial<FieldElement> | null)?.name;
    return name && (target as FieldElement).form === form && form.ownerDocument.getElementById(errorListId(form, name)) ? name : null;
  };

  form.addEventListener("focusout", (event) => {
    const name = nameOf(event.target);
    if (!name || checked.has(name)) return;
    checked.add(name);
    check(name);
  });
  form.addEventListener("input", (event) => {
    const name = nameOf(event.target);
    if (name && checked.has(name)) check(name);
  });

  const answeredWithErrors = form.querySelector('[aria-invalid="true"]') || form.ownerDocument.getElementById(`${form.id}-error`);
  if (answeredWithErrors) {
    for (const control of controls(form)) if (control.name) checked.add(control.name);
    // Unless someone has already moved on into the page.
    const active = form.ownerDocument.activeElement;
    if (!active || active === form.ownerDocument.body) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }
}

/** The submit button reads its `data-pending-text` and is disabled while the form is on its way. */
function showPendingSubmit(form: HTMLFormElement) {
  form.addEventListener("submit", (event) => {
    const button = (event.submitter ?? form.querySelector("button[data-pending-text]")) as HTMLButtonElement | null;
    const pendingText = button?.dataset.pendingText;
    if (event.defaultPrevented || !button || !pendingText) return;
    // After the event: a submitter disabled during it would leave the form's data.
    setTimeout(() => {
      button.dataset.idleText = button.textContent ?? "";
      button.textContent = pendingText;
      button.disabled = true;
    });
  });
}

/** Back to the page from the history cache: the submit buttons are ready again. */
function restoreSubmitButtons(document: Document) {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-idle-text]")) {
    button.textContent = button.dataset.idleText ?? "";
    button.disabled = false;
    delete button.dataset.idleText;
  }
}

/** A button with `data-needs-value="<field>"` stays disabled while that field is blank. */
function waitForValue(form: HTMLFormElement) {
  for (const button of form.querySelectorAll<HTMLButtonElement>("button[data-needs-value]")) {
    const field = form.elements.namedItem(button.dataset.needsValue ?? "") as FieldElement | null;
    if (!field) continue;
    const update = () => (button.disabled = field.value.trim() === "");
    field.addEventListener("input", update);
    update();
  }
}

/** `button[data-password-toggle]` (hidden until now) shows and hides the password it controls. */
function passwordToggles(document: Document) {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-password-toggle]")) {
    const input = document.getElementById(button.getAttribute("aria-controls") ?? "");
    const label = button.firstChild;
    if (!(input instanceof HTMLInputElement) || !label) continue;
    button.hidden = false;
    button.addEventListener("click", () => {
      const visible = input.type === "password";
      input.type = visible ? "text" : "password";
      button.setAttribute("aria-pressed", String(visible));
      label.textContent = visible ? "Hide" : "Show";
    });
  }
}

/** Everything above, for every form of a page sent without React. Marks <html data-enhanced> when done. */
export function enhanceDocument(document: Document) {
  for (const form of Array.from(document.forms)) {
    const rules = form.dataset.rules;
    if (rules) enhanceFormChecks(form, JSON.parse(rules) as BrowserRules);
    showPendingSubmit(form);
    waitForValue(form);
  }
  passwordToggles(document);
  document.defaultView?.addEventListener("pageshow", (event) => {
    if (event.persisted) restoreSubmitButtons(document);
  });
  document.documentElement.dataset.enhanced = "true";
}
