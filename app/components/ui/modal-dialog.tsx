// A native <dialog> opened with showModal(): the rest of the page becomes inert and Escape closes it.
// On top of that: a click on the backdrop closes it, and Tab wraps round inside it instead of leaving
// for the browser's own controls. Without JavaScript, `open` renders it in place (as an overlay).
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";

import { useHydrated } from "../form-basics";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

type ModalDialogProps = {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  className?: string;
  children: ReactNode;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  /** A selector for what to focus on opening; by default the browser focuses the first control. */
  initialFocus?: string;
};

export function ModalDialog({
  open,
  onClose,
  labelledBy,
  className = "",
  children,
  onKeyDown,
  initialFocus,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (initialFocus) dialog.querySelector<HTMLElement>(initialFocus)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, hydrated, initialFocus]);
  return (
    <dialog
      // The server-rendered (non-modal) dialog and the scripted one are different elements: taking the
      // `open` attribute off a modal dialog would leave the page inert.
      key={hydrated ? "modal" : "static"}
      ref={ref}
      open={!hydrated && open ? true : undefined}
      aria-labelledby={labelledBy}
      aria-modal={hydrated ? true : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Only a click on the backdrop lands on the <dialog> itself: its content fills it edge to edge.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        trapTab(event);
      }}
      className={`p-0 backdrop:bg-slate-950/70 backdrop:backdrop-blur-sm ${className}`}
    >
      {children}
    </dialog>
  );
}
