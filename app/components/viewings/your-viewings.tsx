// The "Your viewings" section of /my-home-search: the viewings the signed-in account asked for, with the
// links from the emails (accept another time, leave feedback) at hand.
import { Link } from "react-router";

import { listingPath } from "../../modules/listings/summary";
import type { ViewingStatus } from "../../modules/viewings/schemas";
import { formatSlot, formatViewingDate } from "../../modules/viewings/slots";
import { ViewingStatusBadge } from "./status-badge";

export type YourViewing = {
  id: number;
  propertyId: number;
  address: string;
  date: string;
  time: string;
  status: ViewingStatus;
  proposedDate: string | null;
  proposedTime: string | null;
  respondPath: string | null;
  feedbackPath: string | null;
};

const linkClass = "font-semibold text-emerald-800 underline-offset-2 hover:underline";

export function YourViewings({ viewings }: { viewings: YourViewing[] }) {
  return (
    <section aria-labelledby="your-viewings" className="mt-10">
      <h2 id="your-viewings" className="text-xl font-bold text-slate-900">
        Your viewings
      </h2>
      {viewings.length ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
          {viewings.map((viewing) => (
            <li key={viewing.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <Link to={listingPath(viewing.propertyId)} className={linkClass}>
                  {viewing.address}
                </Link>
                <p className="text-slate-700">
                  {formatViewingDate(viewing.date)} at {formatSlot(viewing.time)}
                </p>
                {viewing.respondPath && viewing.proposedDate && viewing.proposedTime ? (
                  <p className="text-sm text-slate-700">
                    Another time is proposed: {formatViewingDate(viewing.proposedDate)} at{" "}
                    {formatSlot(viewing.proposedTime)}.{" "}
                    <a href={viewing.respondPath} className={linkClass}>
                      Answer the proposal
                    </a>
                  </p>
                ) : null}
                {viewing.feedbackPath ? (
                  <p className="text-sm">
                    <a href={viewing.feedbackPath} className={linkClass}>
                      Leave feedback<span className="sr-only"> on {viewing.address}</span>
                    </a>
                  </p>
                ) : null}
              </div>
              <ViewingStatusBadge status={viewing.status} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          No viewings yet. Ask for one from any home&apos;s page while you are logged in and it shows here.
        </p>
      )}
    </section>
  );
}
