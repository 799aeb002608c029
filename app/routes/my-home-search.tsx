import { Link } from "react-router";

import { SavedHomeList } from "../components/shortlist/saved-home-list";
import { buttonClass } from "../components/ui/button";
import { ArrowRightIcon, BellIcon, HeartIcon, HomeIcon, SearchIcon } from "../components/ui/icons";
import { YourViewings } from "../components/viewings/your-viewings";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { requireUser } from "../modules/auth/guards.server";
import { offerCounts } from "../modules/offers/offers.server";
import { savedSearchCounts } from "../modules/saved-searches/saved-searches.server";
import { savedHomesOverview } from "../modules/shortlist/shortlist.server";
import { listMyViewings } from "../modules/viewings/seller-viewings.server";
import type { Route } from "./+types/my-home-search";

export const meta: Route.MetaFunction = () => [
  { title: "My home search | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Sent without React (docs/decisions/0002-pages-without-react.md): links and the saved homes' Remove forms.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

/** A buyer's home page after logging in: their saved homes and searches at a glance, and the way to search. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [homes, searches, viewings, offers] = await Promise.all([
    savedHomesOverview(user.id),
    savedSearchCounts(user.id),
    listMyViewings(user.id),
    user.role === "buyer" ? offerCounts(user.id) : null,
  ]);
  return { fullName: user.fullName, ...homes, searches, viewings, offers };
}

function HubLink({ to, Icon, title, detail }: { to: string; Icon: typeof HeartIcon; title: string; detail: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-800">
        <Icon className="size-6" />
      </span>
      <span>
        <span className="block text-lg font-bold text-slate-900">{title}</span>
        <span className="block text-slate-700">{detail}</span>
      </span>
      <ArrowRightIcon className="ml-auto size-5 text-emerald-700" />
    </Link>
  );
}

export default function MyHomeSearch({ loaderData }: Route.ComponentProps) {
  const { fullName, count, changed, latest, searches, viewings, offers } = loaderData;
  return (
    <div className="bg-slate-50">
      <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <p className="text-sm font-bold tracking-wider text-emerald-700 uppercase">Welcome, {fullName}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">My home search</h1>

        <div className="mt-8 grid gap-4 sm:grid-cols-2">
          <HubLink
            to="/saved-homes"
            Icon={HeartIcon}
            title="Saved homes"
            detail={count === 0 ? "None yet" : `${count} saved ${count === 1 ? "home" : "homes"}`}
          />
          <HubLink
            to="/saved-searches"
            Icon={BellIcon}
            title="Saved searches"
            detail={
              searches.count === 0
                ? "None yet: save one from the search results"
                : `${searches.count} saved, ${searches.emailing} with email alerts`
            }
          />
          {offers ? (
            <HubLink
              to="/my-offers"
              Icon={HomeIcon}
              title="My offers"
              detail={
                offers.count === 0
                  ? "None yet: make one from a property's page"
                  : `${offers.count} ${offers.count === 1 ? "offer" : "offers"}, ${offers.open} open`
              }
            />
          ) : null}
          <HubLink
            to="/property-search"
            Icon={SearchIcon}
            title="Search for a home"
            detail="By postcode, price, type and bedrooms"
          />
        </div>

        <section aria-labelledby="latest-changes" className="mt-10">
          <h2 id="latest-changes" className="text-xl font-bold text-slate-900">
            {changed.length ? "Latest changes to your saved homes" : "Your latest saved homes"}
          </h2>
          {changed.length || latest.length ? (
            <>
              {changed.length ? null : (
                <p className="mt-1 text-slate-700">No price or status changes since you saved them.</p>
              )}
              <SavedHomeList homes={changed.length ? changed : latest} returnTo="/my-home-search" className="mt-4" />
              <Link to="/saved-homes" className={buttonClass({ variant: "secondary", className: "mt-6" })}>
                See all saved homes
              </Link>
            </>
          ) : (
            <p className="mt-2 text-slate-700">
              Press Save on any home you like: it appears here, and so does any change to its price or status.
            </p>
          )}
        </section>

        <YourViewings viewings={viewings} />
      </section>
    </div>
  );
}
