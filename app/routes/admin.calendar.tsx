import { Link } from "react-router";

import { ViewingStatusBadge } from "../components/viewings/status-badge";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { requireUser } from "../modules/auth/guards.server";
import { weekOf } from "../modules/viewings/london-time";
import { weekCalendar } from "../modules/viewings/seller-viewings.server";
import { formatSlot, formatViewingDate } from "../modules/viewings/slots";
import type { Route } from "./+types/admin.calendar";

export const meta: Route.MetaFunction = () => [{ title: "Calendar | MoveWise admin" }];

// A week of appointments: viewings still on and valuation visits. Links move between weeks; no JavaScript.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const week = weekOf(new URL(request.url).searchParams.get("week"));
  return { week, days: await weekCalendar(week.days) };
}

const linkClass =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-50";

export default function AdminCalendar({ loaderData }: Route.ComponentProps) {
  const { week, days } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/admin-propertylisting" className="text-sm font-semibold text-emerald-800 hover:underline">
        ← Property projects
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Calendar</h1>
      <p className="mt-1 text-slate-600">
        Week of {formatViewingDate(week.monday)}: viewings (pending, proposed and confirmed) and valuation visits.
      </p>
      <nav aria-label="Weeks" className="mt-4 flex flex-wrap gap-2">
        <Link to={`/admin/calendar?week=${week.previous}`} className={linkClass}>
          Previous week
        </Link>
        <Link to={`/admin/calendar?week=${week.thisWeek}`} className={linkClass}>
          This week
        </Link>
        <Link to={`/admin/calendar?week=${week.next}`} className={linkClass}>
          Next week
        </Link>
      </nav>
      <ol className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-7">
        {days.map(({ day, entries }) => (
          <li
            key={day}
            aria-labelledby={`day-${day}`}
            className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
          >
            <h2 id={`day-${day}`} className="text-sm font-semibold text-slate-900">
              {formatViewingDate(day)}
            </h2>
            {entries.length ? (
              <ul className="mt-2 space-y-2">
                {entries.map((entry) => (
                  <li
                    key={`${entry.kind}-${entry.id}-${entry.time}`}
                    className="rounded-lg border border-slate-100 bg-slate-50 p-2 text-sm text-slate-800"
                  >
                    <p className="font-semibold text-slate-900">
                      {entry.time ? `${formatSlot(entry.time)} · ` : null}
                      {entry.kind === "viewing" ? (entry.proposed ? "Proposed viewing" : "Viewing") : "Valuation visit"}
                    </p>
                    <p>
                      <Link
                        to={
                          entry.kind === "viewing"
                            ? `/view-a-property/${entry.propertyId}/viewings`
                            : `/admin-property-details/${entry.propertyId}`
                        }
                        className="text-emerald-800 hover:underline"
                      >
                        {entry.address}
                      </Link>
                    </p>
                    <p>{entry.name}</p>
                    {entry.kind === "viewing" ? <ViewingStatusBadge status={entry.status} /> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">Nothing booked.</p>
            )}
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-slate-600">
        <Link to="/admin/viewings" className="font-semibold text-emerald-800 hover:underline">
          All viewing requests
        </Link>
      </p>
    </section>
  );
}
