// The admin inboxes (valuation requests, contact messages): a paged list, newest first, and a detail
// page with 'Mark as handled'. One layout for every inbox, so they look and work alike.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { formatDateTime } from "../lib/format";
import { AdminTable } from "./admin/admin-table";
import { buttonClass } from "./ui/button";
import { CheckCircleIcon } from "./ui/icons";

const linkClass =
  "font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

export type InboxRow = {
  id: number;
  href: string;
  title: string;
  cells: ReactNode[];
  createdAt: string | Date;
  handledAt: string | Date | null;
};

type InboxListProps = {
  title: string;
  noun: [singular: string, plural: string];
  columns: string[];
  rows: InboxRow[];
  page: { page: number; pageCount: number; total: number };
  basePath: string;
};

export function InboxList({ title, noun, columns, rows, page, basePath }: InboxListProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/admin-propertylisting" className={`${linkClass} text-sm`}>
        <span aria-hidden="true">← </span>Dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-slate-600">
        {page.total} {page.total === 1 ? noun[0] : noun[1]}, newest first.
      </p>
      {rows.length ? (
        <AdminTable caption={title} columns={["Received", "From", ...columns, "Status"]} className="mt-6">
          {rows.map((row) => (
            <tr key={row.id} className={row.handledAt ? "" : "bg-emerald-50/40"}>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateTime(row.createdAt)}</td>
              <th scope="row" className="px-4 py-3 font-medium">
                <Link to={row.href} className={linkClass}>
                  {row.title}
                </Link>
              </th>
              {row.cells.map((cell, i) => (
                <td key={columns[i]} className="px-4 py-3 text-slate-700">
                  {cell}
                </td>
              ))}
              <td className="px-4 py-3">
                <HandledBadge handledAt={row.handledAt} />
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          Nothing here yet.
        </p>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} basePath={basePath} />
    </section>
  );
}

function Pagination({ page, pageCount, basePath }: { page: number; pageCount: number; basePath: string }) {
  if (pageCount <= 1) return null;
  const to = (n: number) => (n === 1 ? basePath : `${basePath}?page=${n}`);
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={buttonClass({ variant: "secondary", size: "sm" })}>
          Newer
        </Link>
      ) : (
        <span />
      )}
      <p className="text-slate-700">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={to(page + 1)} className={buttonClass({ variant: "secondary", size: "sm" })}>
          Older
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function HandledBadge({ handledAt }: { handledAt: string | Date | null }) {
  return handledAt ? (
    <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
      Handled
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
      New
    </span>
  );
}

type InboxDetailProps = {
  title: string;
  backTo: { href: string; label: string };
  fields: { label: string; value: ReactNode }[];
  createdAt: string | Date;
  handledAt: string | Date | null;
};

export function InboxDetail({ title, backTo, fields, createdAt, handledAt }: InboxDetailProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={backTo.href} className={`${linkClass} text-sm`}>
        <span aria-hidden="true">← </span>
        {backTo.label}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <HandledBadge handledAt={handledAt} />
      </div>
      <p className="mt-1 text-slate-600">Received {formatDateTime(createdAt)}</p>
      <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
        {fields.map((field) => (
          <div key={field.label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-semibold text-slate-700">{field.label}</dt>
            <dd className="break-words whitespace-pre-wrap text-slate-900 sm:col-span-2">{field.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6">
        {handledAt ? (
          <p className="flex items-center gap-2 text-slate-700">
            <CheckCircleIcon className="size-5 text-emerald-700" />
            Handled {formatDateTime(handledAt)}
          </p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="handled" />
            <button type="submit" className={buttonClass()}>
              Mark as handled
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}

/** A mailto: or tel: link for a detail page. */
export function ContactLink({ kind, value }: { kind: "mailto" | "tel"; value: string }) {
  return (
    <a href={`${kind}:${kind === "tel" ? value.replace(/[^\d+]/g, "") : value}`} className={linkClass}>
      {value}
    </a>
  );
}
