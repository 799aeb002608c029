import { VIEWING_STATUS_LABELS, type ViewingStatus } from "../../modules/viewings/schemas";

const STATUS_STYLES: Record<ViewingStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-emerald-100 text-emerald-900",
  declined: "bg-slate-200 text-slate-900",
  proposed: "bg-sky-100 text-sky-900",
  cancelled: "bg-slate-200 text-slate-900",
};

export function ViewingStatusBadge({ status }: { status: ViewingStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}>
      {VIEWING_STATUS_LABELS[status]}
    </span>
  );
}
