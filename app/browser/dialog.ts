// A native <dialog> opened as a modal (showModal(): the page goes inert, Escape closes it). On top of what
// the browser does: a click on the backdrop or on `[data-close]` closes it, and Tab wraps round inside it
// instead of leaving for the browser's own controls. `a[data-dialog="<id>"]` opens that dialog; without
// JavaScript the link leads to a page with the same content. React's ModalDialog
// (app/components/ui/modal-dialog.tsx) attaches the same module.
import { type Attach, listeners, modifiedClick } from "./behaviour";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Opens `dialog` as a modal, focusing its `data-initial-focus` (a selector) when it has one. */
export function openModal(dialog: HTMLDialogElement) {
  if (!dialog.open) dialog.showModal();
  const first = dialog.dataset.initialFocus;
  if (first) dialog.querySelector<HTMLElement>(first)?.focus();
}

/** For a `<dialog>`: backdrop clicks, `[data-close]` and the Tab wrap. */
export const attach: Attach<HTMLDialogElement> = (dialog) => {
  const { signal, detach } = listeners();
  dialog.addEventListener(
    "click",
    (event) => {
      const target = event.target as Element;
      // Only a click on the backdrop lands on the <dialog> itself: its content fills it edge to edge.
      if (target === dialog || target.closest("[data-close]")) {
        event.preventDefault();
        requestClose(dialog);
      }
    },
    { signal },
  );
  dialog.addEventListener("keydown", (event) => wrapTab(dialog, event), { signal });
  return detach;
};

/**
 * Closes `dialog` the way Escape does: a cancelable `cancel` event first, so that whoever owns the dialog's
 * open state (React's ModalDialog) can close it itself instead.
 */
export function requestClose(dialog: HTMLDialogElement) {
  if (dialog.dispatchEvent(new Event("cancel", { cancelable: true }))) dialog.close();
}

/** For `a[data-dialog="<id>"]`: opens that dialog in place. */
export const attachOpener: Attach<HTMLAnchorElement> = (link) => {
  const { signal, detach } = listeners();
  link.setAttribute("aria-haspopup", "dialog");
  link.addEventListener(
    "click",
    (event) => {
      const dialog = link.ownerDocument.getElementById(link.dataset.dialog ?? "");
      if (!(dialog instanceof HTMLDialogElement) || modifiedClick(event)) return;
      event.preventDefault();
      openModal(dialog);
    },
    { signal },
  );
  return detach;
};

function wrapTab(dialog: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== "Tab") return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const edge = event.shiftKey ? focusable[0] : focusable.at(-1);
  if (edge && dialog.ownerDocument.activeElement === edge) {
    event.preventDefault();
    (event.shiftKey ? focusable.at(-1) : focusable[0])?.focus();
  }
}
