import { useEffect, useState } from "react";

export type Toast = { message: string; type: "success" | "error" | "info" | "warning"; description?: string };

const styles: Record<Toast["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  info: "border-sky-300 bg-sky-50 text-sky-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  error: "border-red-300 bg-red-50 text-red-950",
};

/**
 * The flash message set by the last action (top right). Rendered by the server, so it shows without
 * JavaScript; with it, a success toast leaves after 2 s and an error after 4 s (spec §9). On a page sent
 * without scripts, `leaveWithoutScript` does the same with a CSS animation.
 */
export function Toaster({ toast, leaveWithoutScript = false }: { toast?: Toast; leaveWithoutScript?: boolean }) {
  const [dismissed, setDismissed] = useState<Toast | undefined>();
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setDismissed(toast), toast.type === "error" ? 4000 : 2000);
    return () => clearTimeout(timer);
  }, [toast]);
  const visible = toast && dismissed !== toast;
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed top-4 right-4 z-50 flex w-full max-w-sm flex-col gap-2 px-4 sm:px-0"
    >
      {visible ? (
        <div
          className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${styles[toast.type]} ${leaveWithoutScript ? (toast.type === "error" ? "toast-leave-4s" : "toast-leave-2s") : ""}`}
        >
          <p className="font-semibold">{toast.message}</p>
          {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/** The toast an action returned with its data ({ toast }), shown on the page it rendered, with or without JavaScript. */
export function toastFrom(actionData: unknown): Toast | undefined {
  return actionData && typeof actionData === "object" && "toast" in actionData
    ? (actionData.toast as Toast)
    : undefined;
}
