// Pieces the buyer's offers page and the seller's Offers tab share: the status badge and the offer's history.
import type { OfferStatus } from "../../generated/prisma/enums";
import { formatDateTime, formatPrice } from "../../lib/format";
import { OFFER_EVENT_LABELS, OFFER_STATUS_LABELS } from "../../modules/offers/state";
import { TextInput } from "../forms";

export type OfferEventView = { action: string; amount: number | null; by: string; at: string };

const BY: Record<string, string> = { buyer: "buyer", seller: "seller", agency: "agency for the seller" };

/** Accepted in green, still waiting for someone in amber, ended in grey. */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const colours =
    status === "accepted"
      ? "bg-emerald-50 text-emerald-900 ring-emerald-700/30"
      : status === "pending" || status === "countered"
        ? "bg-amber-50 text-amber-900 ring-amber-700/30"
        : "bg-slate-100 text-slate-800 ring-slate-400/40";
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${colours}`}>
      {OFFER_STATUS_LABELS[status]}
    </span>
  );
}

export function OfferHistory({ events, headingId }: { events: OfferEventView[]; headingId: string }) {
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-semibold text-emerald-800" id={headingId}>
        History
      </summary>
      <ol className="mt-2 space-y-1 text-sm text-slate-700" aria-labelledby={headingId}>
        {events.map((event, i) => (
          <li key={i}>
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>:{" "}
            {OFFER_EVENT_LABELS[event.action] ?? event.action}
            {event.amount === null ? "" : ` ${formatPrice(event.amount)}`} (by the {BY[event.by] ?? event.by})
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The amount field of a new offer or a counter-offer, with its error beside it and what was typed kept. */
export function OfferAmountField({
  id,
  label,
  value,
  errors,
}: {
  id: string;
  label: string;
  value?: string;
  errors?: string[];
}) {
  return (
    <TextInput
      id={id}
      name="amount"
      label={label}
      inputMode="numeric"
      autoComplete="off"
      required
      defaultValue={value ?? ""}
      errors={errors}
      className="w-48"
    />
  );
}
