// `button[data-pending-text]`: while its form is on its way the button is disabled and says so ("Sending…").
// `button[data-needs-value="<field>"]`: disabled while that field is blank. Without JavaScript the button
// simply submits, and the server answers for a blank field.
import { type Attach, listeners } from "./behaviour";

export const attach: Attach<HTMLButtonElement> = (button) => {
  const { signal, detach } = listeners();
  const form = button.form;
  const pendingText = button.dataset.pendingText;
  if (form && pendingText) {
    form.addEventListener(
      "submit",
      (event) => {
        const submitter = event.submitter ?? form.querySelector("button[data-pending-text]");
        if (event.defaultPrevented || submitter !== button) return;
        // After the event: a submitter disabled during it would leave the form's data.
        setTimeout(() => showPending(button, pendingText));
      },
      { signal },
    );
    // Back to the page from the history cache: the button is ready again.
    window.addEventListener("pageshow", (event) => event.persisted && restore(button), { signal });
  }
  const needs = form?.elements.namedItem(button.dataset.needsValue ?? "");
  if (needs instanceof HTMLInputElement || needs instanceof HTMLSelectElement || needs instanceof HTMLTextAreaElement) {
    const update = () => (button.disabled = needs.value.trim() === "");
    needs.addEventListener("input", update, { signal });
    update();
  }
  return () => {
    detach();
    restore(button);
  };
};

function showPending(button: HTMLButtonElement, pendingText: string) {
  button.dataset.idleText = button.textContent ?? "";
  button.textContent = pendingText;
  button.disabled = true;
}

/** The button as it was before its form was sent (a form sent in place is answered without leaving the page). */
export function restore(button: HTMLButtonElement) {
  if (button.dataset.idleText === undefined) return;
  button.textContent = button.dataset.idleText;
  button.disabled = false;
  delete button.dataset.idleText;
}
