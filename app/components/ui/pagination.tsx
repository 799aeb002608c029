// Page links for a paginated list: plain links (they work without JavaScript), the current page marked
// with aria-current, and a window of pages round it so a long list stays one row.
import { Link } from "react-router";

import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

const item =
  "inline-flex min-w-10 items-center justify-center gap-1 rounded-lg border px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";
const idle = `${item} border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50`;

/** Pages 1 … n with the current page and its neighbours; gaps are null. */
/** The address of page `n` of a list at `path` filtered by `filter` (empty values left out; page 1 has no page=). */
export function pageHref(path: string, filter: Record<string, string>, n: number) {
  const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value));
  if (n > 1) query.set("page", String(n));
  return query.size ? `${path}?${query}` : path;
}

export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const pages = [...wanted].sort((a, b) => a - b);
  return pages.flatMap((p, i) => (i > 0 && p - pages[i - 1]! > 1 ? [null, p] : [p]));
}

export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = "Pagination",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={idle} rel="prev">
          <ChevronLeftIcon className="size-4" />
          Previous
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-2">
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${item} border-emerald-700 bg-emerald-700 text-white`}>
                  <span className="sr-only">Page </span>
                  {p}
                </span>
              ) : (
                <Link to={hrefFor(p)} className={idle}>
                  <span className="sr-only">Page </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={idle} rel="next">
          Next
          <ChevronRightIcon className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
