/**
 * An agent's personal interest in the sale, declared as the Estate Agents Act 1979 s.21 asks: before a buyer
 * views or offers, on the listing and in the viewing and offer forms.
 */
export function PersonalInterestNotice({ declaration, className = "" }: { declaration: string; className?: string }) {
  return (
    <section
      aria-label="Declaration of personal interest"
      className={`rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900 ${className}`}
    >
      <p className="font-semibold">Declaration of personal interest</p>
      <p className="mt-1 whitespace-pre-line">{declaration}</p>
    </section>
  );
}
