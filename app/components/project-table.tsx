import type { ReactNode } from "react";
import { Link } from "react-router";

import { formatPrice } from "../lib/format";
import { AdminTable } from "./admin/admin-table";

type Row = {
  id: number;
  status: "pending" | "completed" | "sold";
  address: string;
  price: number;
  propertyType: string;
  vendorName: string;
};

const statusStyles: Record<Row["status"], { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900" },
  completed: { label: "Listed", className: "bg-emerald-100 text-emerald-900" },
  sold: { label: "Sold", className: "bg-slate-200 text-slate-900" },
};

export function StatusBadge({ status }: { status: Row["status"] }) {
  const { label, className } = statusStyles[status];
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}

/** The dashboards' project table; admins also see the customer's name. `actions` fills a last column of row buttons. */
export function ProjectTable<R extends Row>({
  rows,
  showCustomer,
  caption,
  rowLink,
  actions,
}: {
  rows: R[];
  showCustomer: boolean;
  caption: string;
  rowLink?: (id: number) => string;
  actions?: (row: R) => ReactNode;
}) {
  const addressOf = (row: R) =>
    rowLink ? (
      <Link to={rowLink(row.id)} className="font-medium text-emerald-800 hover:underline">
        {row.address}
      </Link>
    ) : (
      row.address
    );
  return (
    <>
      {/* Phones get one card per project; wider screens the table. */}
      <ul aria-label={caption} className="space-y-3 sm:hidden">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="text-slate-800">{addressOf(row)}</p>
              <StatusBadge status={row.status} />
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {showCustomer ? `${row.vendorName} · ` : null}
              <span className="font-semibold text-slate-900">{formatPrice(row.price)}</span> · {row.propertyType}
            </p>
            {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions(row)}</div> : null}
          </li>
        ))}
      </ul>
      <AdminTable
        caption={caption}
        columns={[
          ...(showCustomer ? ["Customer Name"] : []),
          "Address",
          "Price",
          "House Type",
          "Status",
          ...(actions ? [{ hidden: "Actions" }] : []),
        ]}
        className="hidden sm:block"
      >
        {rows.map((row) => (
          <tr key={row.id} className="hover:bg-slate-50">
            {showCustomer ? <td className="px-4 py-3 font-medium text-slate-900">{row.vendorName}</td> : null}
            <td className="px-4 py-3 text-slate-800">{addressOf(row)}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-800">{formatPrice(row.price)}</td>
            <td className="px-4 py-3 text-slate-800">{row.propertyType}</td>
            <td className="px-4 py-3">
              <StatusBadge status={row.status} />
            </td>
            {actions ? (
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">{actions(row)}</div>
              </td>
            ) : null}
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
