// A buyer's saved homes as a list: photo, address, price now, when and at what price it was saved, what has
// changed since (price, sold, withdrawn), and a Remove button (a real form). /saved-homes shows them all,
// /my-home-search the latest few.
import { Link } from "react-router";

import { formatDate, formatPrice } from "../../lib/format";
import { listingPath } from "../../modules/listings/summary";
import { describeChange, type SavedHomeChange, type SavedHomeView } from "../../modules/shortlist/changes";
import { PLACEHOLDER_IMAGE } from "../listings/property-card";
import { buttonClass } from "../ui/button";

const changeStyle: Record<SavedHomeChange["kind"], string> = {
  "price-reduced": "bg-emerald-50 text-emerald-900 ring-emerald-700/25",
  "price-increased": "bg-amber-50 text-amber-950 ring-amber-700/25",
  sold: "bg-slate-900 text-white ring-slate-900",
  "back-on-market": "bg-sky-50 text-sky-950 ring-sky-700/25",
  "under-offer": "bg-amber-50 text-amber-950 ring-amber-700/25",
  "sold-stc": "bg-rose-50 text-rose-950 ring-rose-700/25",
  withdrawn: "bg-slate-100 text-slate-800 ring-slate-400/40",
};

export function SavedHomeList({
  homes,
  returnTo,
  className = "",
}: {
  homes: SavedHomeView[];
  /** The page the Remove buttons come back to. */
  returnTo: string;
  className?: string;
}) {
  return (
    <ul className={`space-y-4 ${className}`} aria-label="Saved homes">
      {homes.map((home) => (
        <li key={home.id}>
          <SavedHomeRow home={home} returnTo={returnTo} />
        </li>
      ))}
    </ul>
  );
}

function SavedHomeRow({ home, returnTo }: { home: SavedHomeView; returnTo: string }) {
  const cover = home.listing?.images[0];
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row">
      <img
        src={cover?.url ?? PLACEHOLDER_IMAGE}
        srcSet={cover?.srcSet}
        sizes={cover ? "(min-width: 640px) 12rem, 100vw" : undefined}
        alt=""
        width={cover?.width ?? 600}
        height={cover?.height ?? 400}
        loading="lazy"
        decoding="async"
        className="aspect-[3/2] w-full shrink-0 rounded-lg bg-slate-100 object-cover sm:w-48"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 className="text-base font-semibold text-slate-900">
          {home.listing ? (
            <Link to={listingPath(home.listing.id)} className="text-emerald-800 underline-offset-2 hover:underline">
              {home.address}
            </Link>
          ) : (
            home.address
          )}
        </h2>
        <p className="text-sm text-slate-700">
          {home.listing ? (
            <>
              <span className="text-lg font-bold text-slate-900">{formatPrice(home.listing.price)}</span>
              {" · "}
              {home.listing.propertyType}, {home.listing.bedrooms}{" "}
              {home.listing.bedrooms === 1 ? "bedroom" : "bedrooms"}
              {" · "}
            </>
          ) : null}
          Saved on {formatDate(home.savedAt)} at {formatPrice(home.priceAtSave)}
        </p>
        {home.changes.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Changes since you saved it">
            {home.changes.map((change) => (
              <li
                key={change.kind}
                className={`rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${changeStyle[change.kind]}`}
              >
                {describeChange(change)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No changes since you saved it.</p>
        )}
      </div>
      <form method="post" action="/saved-homes" className="shrink-0 self-start">
        <input type="hidden" name="intent" value="remove-entry" />
        <input type="hidden" name="savedHomeId" value={home.id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Remove<span className="sr-only"> {home.address}</span>
        </button>
      </form>
    </article>
  );
}
