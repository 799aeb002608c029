/**
 * Shared class lists for link-styled buttons, so every call to action has the same size,
 * contrast (white on emerald-700 passes WCAG AA) and visible keyboard focus.
 */
const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2";

const variants = {
  primary: "bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-emerald-700",
  secondary:
    "border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-emerald-700",
  /** Deleting things: white on red-700 passes WCAG AA. */
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700",
  /** For dark (emerald-900 / slate-900) backgrounds. */
  inverse: "bg-white text-emerald-900 shadow-sm hover:bg-emerald-50 focus-visible:outline-white",
  inverseOutline: "border border-white/60 text-white hover:bg-white/10 focus-visible:outline-white",
} as const;

const sizes = {
  sm: "px-3.5 py-2 text-sm",
  md: "px-5 py-2.5 text-base",
  lg: "px-6 py-3.5 text-base sm:text-lg",
} as const;

export function buttonClass({
  variant = "primary",
  size = "md",
  className = "",
}: { variant?: keyof typeof variants; size?: keyof typeof sizes; className?: string } = {}) {
  return [base, variants[variant], sizes[size], className].filter(Boolean).join(" ");
}
