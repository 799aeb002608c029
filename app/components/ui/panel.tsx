// A white card with its heading: the sections of the seller's and buyer's pages and of the project forms.
// The heading names the section for assistive technology (aria-labelledby).
import type { ReactNode } from "react";

export function Panel({
  title,
  id = `card-${title.toLowerCase().replace(/\W+/g, "-")}`,
  description,
  className = "",
  children,
}: {
  title: string;
  /** The heading's id; by default made from the title. */
  id?: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
