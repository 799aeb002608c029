import { PORTAL_STATE_LABELS, type PortalState } from "../../modules/portals/admin-labels";

const stateClass: Record<PortalState, string> = {
  live: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  removed: "bg-slate-100 text-slate-800 ring-slate-300",
  not_sent: "bg-white text-slate-700 ring-slate-300",
  rejected: "bg-red-50 text-red-800 ring-red-200",
  failed: "bg-amber-50 text-amber-900 ring-amber-200",
};

/** A home's state on one portal: Live, Removed, Not sent, Rejected or Failed. */
export function PortalStateBadge({ state }: { state: PortalState }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${stateClass[state]}`}>
      {PORTAL_STATE_LABELS[state]}
    </span>
  );
}
