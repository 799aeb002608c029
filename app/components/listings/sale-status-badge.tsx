// The public sale status on a card, the property page and the map: "Under offer", "Sold STC" or "Sold"
// (nothing while the home is simply for sale).
import { PUBLIC_SALE_STATUS_LABELS, type PublicSaleStatus } from "../../modules/sales/sale-status";

const STYLES: Record<Exclude<PublicSaleStatus, "for-sale">, string> = {
  "under-offer": "bg-amber-800 text-white",
  "sold-stc": "bg-rose-800 text-white",
  sold: "bg-slate-900 text-white",
};

export function SaleStatusBadge({ status, className = "" }: { status: PublicSaleStatus; className?: string }) {
  if (status === "for-sale") return null;
  return (
    <span
      data-sale-status={status}
      className={`rounded-md px-2.5 py-1 text-xs font-bold tracking-wide uppercase ${STYLES[status]} ${className}`}
    >
      {PUBLIC_SALE_STATUS_LABELS[status]}
    </span>
  );
}
