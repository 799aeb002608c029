// Parts of the property page (app/routes/view-properties.$projectId.tsx): its sections, the viewing panel
// beside them, and the safety advice at the foot.
import type { ReactNode } from "react";

import { formatDate, formatPrice } from "../../lib/format";
import { type PriceChangeFacts, priceChangeText } from "../../modules/listings/labels";
import { requestViewingPath } from "../../modules/listings/summary";
import { telHref } from "../layout/site-header";
import { buttonClass } from "../ui/button";
import { CalendarIcon, PhoneIcon, ShieldCheckIcon } from "../ui/icons";

export function Section({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A link to the form's own page; with JavaScript it opens the dialog instead (app/browser/dialog.ts). */
export function BookViewingButton({ listingId, className = "" }: { listingId: number; className?: string }) {
  return (
    <a
      href={requestViewingPath(listingId)}
      data-dialog="viewing-dialog"
      className={buttonClass({ size: "lg", className })}
    >
      <CalendarIcon className="size-5" />
      Book a Viewing
    </a>
  );
}

/** Beside the sections on wide screens: the price, what can be done (`children`) and the agent's number. */
export function ViewingPanel({
  price,
  priceNote,
  contactPhone,
  children,
}: {
  price: number;
  /** e.g. "Reduced from £350,000". */
  priceNote?: string | null;
  contactPhone?: string;
  children: ReactNode;
}) {
  return (
    <aside aria-label="Arrange a viewing" className="hidden lg:block">
      <div className="sticky top-24 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div>
          <p className="text-sm font-medium text-slate-600">Offers in Excess of</p>
          <p className="text-3xl font-extrabold tracking-tight text-slate-900">{formatPrice(price)}</p>
          {priceNote ? <p className="text-sm font-medium text-emerald-800">{priceNote}</p> : null}
        </div>
        {children}
        {contactPhone ? (
          <a
            href={telHref(contactPhone)}
            className="flex items-center gap-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 hover:bg-emerald-100"
          >
            <span className="grid size-10 place-items-center rounded-full bg-emerald-700 text-white">
              <PhoneIcon className="size-5" />
            </span>
            <span>
              <span className="block font-semibold">Call the agent</span>
              {contactPhone}
            </span>
          </a>
        ) : null}
        <p className="text-xs text-slate-600">Viewings are free and accompanied. We confirm your slot by email.</p>
      </div>
    </aside>
  );
}

/** The asking price's changes while listed, newest first, ending with the price it was listed at. */
export function PriceHistory({
  changes,
  listedAt,
  price,
}: {
  changes: (PriceChangeFacts & { changedAt: string })[];
  listedAt: string | null;
  price: number;
}) {
  const firstPrice = changes.length ? changes[changes.length - 1]!.fromPrice : price;
  return (
    <Section id="price-history" title="Price history">
      <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {changes.map((change) => (
          <li key={change.changedAt} className="flex flex-wrap justify-between gap-x-4 px-4 py-3 text-sm">
            <span className="font-medium text-slate-900">{priceChangeText(change)}</span>
            <time dateTime={change.changedAt} className="text-slate-600">
              {formatDate(change.changedAt)}
            </time>
          </li>
        ))}
        {listedAt ? (
          <li className="flex flex-wrap justify-between gap-x-4 px-4 py-3 text-sm">
            <span className="font-medium text-slate-900">Listed at {formatPrice(firstPrice)}</span>
            <time dateTime={listedAt} className="text-slate-600">
              {formatDate(listedAt)}
            </time>
          </li>
        ) : null}
      </ol>
    </Section>
  );
}

export function SafetyAdvice() {
  return (
    <aside
      aria-label="Safety advice and disclaimer"
      className="mt-16 space-y-4 rounded-2xl bg-slate-50 p-6 text-sm text-slate-700"
    >
      <p className="flex gap-3">
        <ShieldCheckIcon className="size-5 shrink-0 text-emerald-700" />
        <span>
          Never send money to secure a viewing or a property before you have seen it and spoken to us.{" "}
          <a
            href="https://www.actionfraud.police.uk/"
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-emerald-800 underline"
          >
            Read Action Fraud’s security advice
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </span>
      </p>
      <p className="text-slate-600">
        This advertisement is a guide only and does not form part of any offer or contract. Measurements, floor plans
        and photographs are approximate and for illustration; fixtures, fittings and services have not been tested.
        Broadband and mobile information comes from Ofcom’s checkers: actual speeds and coverage may differ. Please
        check anything important to you before you travel to a viewing or commit to a purchase.
      </p>
    </aside>
  );
}
