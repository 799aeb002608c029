// The back office's tables of records: one look for all of them. A caption for screen readers, a row of column
// headings, and rows that scroll sideways in their box on a narrow screen.
import type { ReactNode } from "react";

/** A cell's padding, for the rows' cells too. */
export const adminCell = "px-4 py-3 align-top";

/** A column: its heading, or `{ hidden }` for one only screen readers need named (a row's actions). */
export type AdminColumn = string | { hidden: string };

export function AdminTable({
  caption,
  columns,
  className = "",
  children,
}: {
  caption: string;
  columns: AdminColumn[];
  /** Placement: margins, or when it shows. */
  className?: string;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    // relative: keeps the screen-reader-only headings inside the scrolling box.
    <div className={`relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm ${className}`}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col" className={adminCell}>
                  {column}
                </th>
              ) : (
                <th key={column.hidden} scope="col" className={adminCell}>
                  <span className="sr-only">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
