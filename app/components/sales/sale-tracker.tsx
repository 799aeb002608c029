// The sale's steps from an accepted offer to completion, as the seller, the buyer and the agency see them:
// each done with its date (and note), planned with its date, or "Not yet". Read-only; the admin's forms are
// drawn beside it by the seller's tab.
import type { ReactNode } from "react";

import { formatDate, formatPrice } from "../../lib/format";
import type { SaleView, SolicitorView } from "../../modules/sales/sale-view";
import { CheckIcon } from "../ui/icons";

export const SALE_STATE_LABELS: Record<SaleView["state"], string> = {
  "in-progress": "In progress",
  completed: "Completed",
  "fallen-through": "Fallen through",
};

export function SaleTracker({ sale }: { sale: SaleView }) {
  return (
    <ol aria-label="Sale milestones" className="space-y-3">
      {sale.milestones.map((step) => (
        <li
          key={step.key}
          data-state={step.state}
          className={`flex gap-3 rounded-lg border px-4 py-3 ${step.state === "done" ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-white"}`}
        >
          <span
            aria-hidden="true"
            className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full ${step.state === "done" ? "bg-emerald-700 text-white" : "border border-slate-300 bg-white"}`}
          >
            {step.state === "done" ? <CheckIcon className="size-4" /> : null}
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{step.label}</p>
            <p className="text-sm text-slate-700">
              {step.state === "done" && step.date
                ? `Done on ${formatDate(step.date)}`
                : step.state === "planned" && step.date
                  ? `Planned for ${formatDate(step.date)}`
                  : "Not yet"}
            </p>
            {step.note ? <p className="mt-1 text-sm break-words text-slate-700">{step.note}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function Solicitor({ title, solicitor }: { title: string; solicitor: SolicitorView }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{title}</dt>
      <dd className="mt-0.5 text-slate-900">
        {solicitor.firm ? (
          <>
            <span className="font-semibold">{solicitor.firm}</span>
            {[solicitor.name, solicitor.email, solicitor.phone, solicitor.address].filter(Boolean).map((line) => (
              <span key={line} className="block text-sm break-words">
                {line}
              </span>
            ))}
          </>
        ) : (
          "Not instructed yet"
        )}
      </dd>
    </div>
  );
}

/** The sale's facts: buyer, price, state, solicitors and the memorandum (with its download link). */
export function SaleSummary({ sale, children }: { sale: SaleView; children?: ReactNode }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className="text-sm text-slate-600">Buyer</dt>
        <dd className="mt-0.5 font-semibold text-slate-900">{sale.buyerName ?? "Not shown: this sale has ended"}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Agreed price</dt>
        <dd className="mt-0.5 font-semibold text-slate-900">{formatPrice(sale.agreedPrice)}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Sale</dt>
        <dd className="mt-0.5 font-semibold text-slate-900">
          {SALE_STATE_LABELS[sale.state]}
          {sale.state === "fallen-through" && sale.fallThroughReason ? `: ${sale.fallThroughReason}` : null}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Memorandum of sale</dt>
        <dd className="mt-0.5 text-slate-900">
          {sale.memorandumIssuedAt && sale.memorandumUrl ? (
            <>
              Issued on {formatDate(sale.memorandumIssuedAt)} ·{" "}
              <a href={sale.memorandumUrl} className="font-semibold text-emerald-800 underline underline-offset-2">
                Download the memorandum of sale
              </a>
            </>
          ) : (
            "Not issued yet"
          )}
        </dd>
      </div>
      <Solicitor title="Seller's solicitor" solicitor={sale.solicitors.seller} />
      <Solicitor title="Buyer's solicitor" solicitor={sale.solicitors.buyer} />
      {sale.subjectTo ? (
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-600">Sale subject to</dt>
          <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900">{sale.subjectTo}</dd>
        </div>
      ) : null}
      {children}
    </dl>
  );
}
