// `form[data-rules]`: field checks as people fill the form in, in the schema's words (the rules come from
// the server, client-rules.server.ts). A field is checked once it is left, then again as it changes; a form
// the server sent back with errors counts every field as checked and focuses the first error. A submit
// always goes to the server, which checks everything again.
import { type BrowserRules, type CheckedControl, constraintErrors, dependentFields } from "../lib/constraints";
import { type Attach, listeners } from "./behaviour";

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const errorListId = (form: HTMLFormElement, name: string) => `${form.id}-${name}-error`;

const isControl = (element: unknown): element is FieldElement & CheckedControl =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

export const attach: Attach<HTMLFormElement> = (form) => {
  const rules = JSON.parse(form.dataset.rules ?? "{}") as BrowserRules;
  const { signal, detach } = listeners();
  const checked = new Set<string>();
  const controls = () => Array.from(form.elements).filter(isControl);

  const show = (name: string, errors: Record<string, string[]>) => {
    const list = form.ownerDocument.getElementById(errorListId(form, name));
    if (!list) return;
    const message = errors[name]?.[0];
    list.replaceChildren(
      ...(message ? [Object.assign(form.ownerDocument.createElement("li"), { textContent: message })] : []),
    );
    list.hidden = !message;
    for (const field of controls().filter((c) => c.name === name)) {
      const described = (field.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .filter((id) => id && id !== list.id);
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
    const name = isControl(target) && target.form === form ? target.name : "";
    return name && form.ownerDocument.getElementById(errorListId(form, name)) ? name : null;
  };

  form.addEventListener(
    "focusout",
    (event) => {
      const name = nameOf(event.target);
      if (!name || checked.has(name)) return;
      checked.add(name);
      check(name);
    },
    { signal },
  );
  form.addEventListener(
    "input",
    (event) => {
      const name = nameOf(event.target);
      if (name && checked.has(name)) check(name);
    },
    { signal },
  );

  const answeredWithErrors =
    form.querySelector('[aria-invalid="true"]') || form.ownerDocument.getElementById(`${form.id}-error`);
  if (answeredWithErrors) {
    for (const control of controls()) if (control.name) checked.add(control.name);
    // Unless someone has already moved on into the page.
    const active = form.ownerDocument.activeElement;
    if (!active || active === form.ownerDocument.body)
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }
  return detach;
};
