import type { ReactNode } from "react";

/** The eyebrow, heading and lead paragraph that open each section of the marketing pages. */
export function SectionIntro({
  id,
  eyebrow,
  title,
  children,
  level = 2,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-bold tracking-wider text-emerald-700 uppercase">{eyebrow}</p>
      <Heading
        id={id}
        className={`mt-2 font-extrabold tracking-tight text-balance text-slate-900 ${level === 1 ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl"}`}
      >
        {title}
      </Heading>
      {children ? <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{children}</p> : null}
    </div>
  );
}
