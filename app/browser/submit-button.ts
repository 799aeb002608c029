// `button[data-submit]` (app/components/form-basics.tsx SubmitButton): while its form is on its way the
// button carries `data-pending` and is disabled; its markup holds both labels and CSS shows the one that
// `data-pending` picks, so no script writes its text. On a React page React sets the same attribute from the
// navigation state (React Router's <Form> sends the form itself) and attaches only `attachNeedsValue`.
// `data-needs-value="<field>"`: disabled while that field is blank. Without JavaScript the button simply
// submits, and the server answers for a blank field.
import { type Attach, listeners } from "./behaviour";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export const attach: Attach<HTMLButtonElement> = (button) => {
  const { signal, detach } = listeners();
  const form = button.form;
  if (!form) return detach;
  form.addEventListener(
    "submit",
    (event) => {
      const submitter = event.submitter ?? form.querySelector("button[data-submit]");
      if (event.defaultPrevented || submitter !== button) return;
      // After the event: a submitter disabled during it would leave the form's data.
      setTimeout(() => setPending(button, true));
    },
    { signal },
  );
  // Back to the page from the history cache: the button is ready again.
  window.addEventListener("pageshow", (event) => event.persisted && setPending(button, false), { signal });
  const detachNeedsValue = attachNeedsValue(button);
  return () => {
    detach();
    detachNeedsValue();
    if (button.hasAttribute("data-pending")) setPending(button, false);
  };
};

/** `data-needs-value` alone: what a React page attaches (its pending state comes from the navigation). */
export const attachNeedsValue: Attach<HTMLButtonElement> = (button) => {
  const { signal, detach } = listeners();
  const needs = neededField(button);
  if (needs) {
    const update = () => (button.disabled = button.hasAttribute("data-pending") || blank(needs));
    needs.addEventListener("input", update, { signal });
    update();
  }
  return detach;
};

/** Shows or ends the pending state (a form sent in place is answered without leaving the page). */
export function setPending(button: HTMLButtonElement, pending: boolean) {
  button.toggleAttribute("data-pending", pending);
  const needs = neededField(button);
  button.disabled = pending || (needs !== null && blank(needs));
}

function neededField(button: HTMLButtonElement): Field | null {
  const field = button.form?.elements.namedItem(button.dataset.needsValue ?? "");
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement
    ? field
    : null;
}

const blank = (field: Field) => field.value.trim() === "";
