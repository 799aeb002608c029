/** The MoveWise mark (same drawing as the favicon) and word mark. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="#047857" />
      <path d="M6.5 15.5 16 7.5l9.5 8V25h-6.5v-5.5h-6V25H6.5z" fill="#fff" />
      <path d="M19.5 8h2.6v4.8l-2.6-2.2z" fill="#fff" />
    </svg>
  );
}

export function Wordmark({ tone = "dark", className = "" }: { tone?: "dark" | "light"; className?: string }) {
  return (
    <span className={`flex items-center gap-2 ${className}`}>
      <LogoMark />
      <span className={`text-xl font-extrabold tracking-tight ${tone === "dark" ? "text-slate-900" : "text-white"}`}>
        Move<span className={tone === "dark" ? "text-emerald-700" : "text-emerald-300"}>Wise</span>
      </span>
    </span>
  );
}
