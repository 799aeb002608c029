// Pieces the compliance pages share: a check's status, the gates a step waits for, a check's summary.
import { CHECK_STATUS_LABELS } from "../../modules/compliance/options";

type Status = keyof typeof CHECK_STATUS_LABELS;

const TONE: Record<Status, string> = {
  pending: "bg-slate-100 text-slate-800",
  in_review: "bg-sky-100 text-sky-900",
  possible_match: "bg-red-100 text-red-900",
  passed: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

export function CheckStatusBadge({ status }: { status: Status }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ${TONE[status]}`}>
      {CHECK_STATUS_LABELS[status]}
    </span>
  );
}

export type GateView = { key: string; label: string; met: boolean; missing: string | null };

/** Each gate, met or not, in words (never colour alone). */
export function GateList({ gates, id }: { gates: GateView[]; id?: string }) {
  return (
    <ul id={id} className="mt-2 space-y-1.5">
      {gates.map((gate) => (
        <li key={gate.key} className="flex gap-2 text-sm">
          <span className={gate.met ? "font-semibold text-emerald-800" : "font-semibold text-red-700"}>
            {gate.met ? "Done:" : "Missing:"}
          </span>
          <span className="text-slate-800">{gate.label}</span>
        </li>
      ))}
    </ul>
  );
}

export const partyLabel = (check: { party: string; capacity: string }) =>
  check.party === "buyer" ? "Buyer" : `Seller (${check.capacity})`;
