// A native <dialog> opened with showModal(): the rest of the page becomes inert and Escape closes it.
// app/browser/dialog.ts (the module pages sent without React use) adds the rest: a click on the backdrop or on
// `[data-close]` closes it, and Tab wraps round inside it. Closing goes through the dialog's `cancel` event,
// which this component turns into `onClose`, so the open state stays the caller's. Without JavaScript,
// `open` renders it in place (as an overlay).
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef } from "react";

import { attach as attachDialog, openModal } from "../../browser/dialog";
import { useHydrated } from "../form-basics";

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
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const ref = useCallback((element: HTMLDialogElement | null) => {
    dialog.current = element;
    return element ? attachDialog(element) : undefined;
  }, []);
  useEffect(() => {
    const element = dialog.current;
    if (!element || !hydrated) return;
    if (open) openModal(element);
    else if (element.open) element.close();
  }, [open, hydrated]);
  return (
    <dialog
      // The server-rendered (non-modal) dialog and the scripted one are different elements: taking the
      // `open` attribute off a modal dialog would leave the page inert.
      key={hydrated ? "modal" : "static"}
      ref={ref}
      open={!hydrated && open ? true : undefined}
      aria-labelledby={labelledBy}
      aria-modal={hydrated ? true : undefined}
      data-initial-focus={initialFocus}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      className={`p-0 backdrop:bg-slate-950/70 backdrop:backdrop-blur-sm ${className}`}
    >
      {children}
    </dialog>
  );
}
