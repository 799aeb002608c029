import { Form, Link } from "react-router";

import { inputClass } from "../components/form-basics";
import { PropertyCard } from "../components/listings/property-card";
import { buttonClass } from "../components/ui/button";
import { SearchIcon } from "../components/ui/icons";
import { Pagination } from "../components/ui/pagination";
import { getEnv } from "../lib/env.server";
import { formatCount } from "../lib/format";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { getUser } from "../modules/auth/identity.server";
import { listPublicListings } from "../modules/listings/listings.server";
import {
  LISTING_SORTS,
  listingQueryString,
  MAX_SEARCH_LENGTH,
  PAGED_MATCHES_NOTE,
  parseListingQuery,
} from "../modules/listings/query";
import { savedIdsFor } from "../modules/shortlist/shortlist.server";
import type { Route } from "./+types/view-properties";

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListingQuery(new URL(request.url).searchParams);
  const result = await listPublicListings(query);
  // The viewer's own saved homes: read per request, never kept with the shared listing data.
  const savedIds = await savedIdsFor(
    await getUser(request),
    result.listings.map((listing) => listing.id),
  );
  return {
    ...result,
    savedIds,
    query,
    canonicalUrl: `${getEnv().PUBLIC_URL}/view-properties${listingQueryString({ page: result.page })}`,
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const title = data?.query.q ? `Homes for sale matching “${data.query.q}” | MoveWise` : "Homes for sale | MoveWise";
  const description =
    "Browse homes for sale with MoveWise: photos, floor plans, EPCs and full material information, and book a free viewing online.";
  return [
    { title },
    { name: "description", content: description },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
};

// Links, cards and a GET form: sent without React. Choosing a sort order sends the form at once
// (app/browser/auto-submit.ts) (docs/decisions/0002-pages-without-react.md).
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export default function ViewProperties({ loaderData }: Route.ComponentProps) {
  const { listings, total, pagedTotal, page, pageCount, pageSize, query, savedIds } = loaderData;
  // Where saving a home returns to: this page, named by its own parameters only (an address's other
  // parameters would be repeated in every card's form).
  const here = `/view-properties${listingQueryString({ ...query, page })}`;
  const first = (page - 1) * pageSize + 1;
  const last = first + listings.length - 1;

  return (
    <>
      <section className="border-b border-slate-200 bg-linear-to-b from-emerald-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pt-10 pb-8 sm:px-6 lg:px-8">
          <p className="text-sm font-bold tracking-wider text-emerald-700 uppercase">Property for sale</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Homes for sale</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">
            Every home comes with photos, a floor plan, its EPC and full material information. Viewings are free.
          </p>

          <Form
            method="get"
            action="/view-properties"
            role="search"
            aria-label="Homes for sale"
            className="mt-8 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto_auto] sm:items-end"
          >
            <div>
              <label htmlFor="q" className="block text-sm font-medium text-slate-800">
                Search by address or property type
              </label>
              <input
                id="q"
                name="q"
                type="search"
                defaultValue={query.q}
                key={query.q}
                maxLength={MAX_SEARCH_LENGTH}
                placeholder="e.g. Leicester, LE2 or semi-detached"
                className={`${inputClass} mt-1`}
              />
            </div>
            <div>
              <label htmlFor="sort" className="block text-sm font-medium text-slate-800">
                Sort by
              </label>
              <select
                id="sort"
                name="sort"
                defaultValue={query.sort}
                key={query.sort}
                data-auto-submit
                className={`${inputClass} mt-1 pr-8 sm:w-48`}
              >
                {LISTING_SORTS.map((sort) => (
                  <option key={sort.value} value={sort.value}>
                    {sort.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass({ className: "w-full sm:w-auto" })}>
              <SearchIcon className="size-5" />
              Search
            </button>
          </Form>
        </div>
      </section>

      <section aria-labelledby="results-heading" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="results-heading" className="text-lg font-semibold text-slate-900" aria-live="polite">
            {total === 0
              ? "No properties found"
              : `${formatCount(total)} ${total === 1 ? "property" : "properties"}${query.q ? ` matching “${query.q}”` : ""}`}
          </h2>
          {total > 0 ? (
            <p className="text-sm text-slate-600">
              Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
              {pageCount > 1 ? ` · Page ${formatCount(page)} of ${formatCount(pageCount)}` : ""}
            </p>
          ) : null}
        </div>

        {listings.length ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {listings.map((listing, i) => (
              <li key={listing.id} className="flex">
                <PropertyCard
                  listing={listing}
                  imageLoading={i === 0 ? "eager" : "lazy"}
                  headingLevel={3}
                  save={{ saved: savedIds.includes(listing.id), returnTo: here }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-xl border border-dashed border-slate-300 px-6 py-14 text-center">
            <p className="text-lg font-semibold text-slate-900">No homes match your search.</p>
            <p className="mt-2 text-slate-600">
              Try a town, a postcode district such as LE2, or a type such as flat or detached.
            </p>
            <Link to="/view-properties" className={buttonClass({ variant: "secondary", className: "mt-6" })}>
              Clear search
            </Link>
          </div>
        )}

        <div className="mt-10">
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(p) => `/view-properties${listingQueryString({ ...query, page: p })}`}
            label="Pages of results"
          />
          {pagedTotal < total && page === pageCount ? (
            <p className="mt-4 text-center text-sm text-slate-600">{PAGED_MATCHES_NOTE}</p>
          ) : null}
        </div>
      </section>
    </>
  );
}
