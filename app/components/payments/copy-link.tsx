import { useState } from "react";

import { inputClass, useHydrated } from "../form-basics";

/** A read-only link with a Copy button; the button appears once JavaScript runs, since only it can copy. */
export function CopyLink({ id, label, link }: { id: string; label: string; link: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClass} min-w-0 text-sm`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={copy}
            className="shrink-0 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            {copied === "yes" ? "Copied" : "Copy"}
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-1 text-sm text-slate-600">
        {copied === "yes"
          ? "Link copied."
          : copied === "failed"
            ? "Your browser did not allow copying: select the link and copy it."
            : null}
      </p>
    </div>
  );
}
