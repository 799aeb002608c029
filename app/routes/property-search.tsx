import { data, Form, Link } from "react-router";

import type { MapMarker } from "../browser/leaflet-map";
import { ErrorList, inputClass, SelectInput } from "../components/form-basics";
import { LeafletMap } from "../components/leaflet-map";
import { PropertyCard } from "../components/listings/property-card";
import { PostcodeCombobox } from "../components/postcode-combobox";
import { buttonClass } from "../components/ui/button";
import { formatPrice } from "../lib/format";
import { fieldErrors } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { ServiceError } from "../lib/service-error";
import { getUser } from "../modules/auth/identity.server";
import { fromSearchResults, listingPath, requestViewingPath } from "../modules/listings/summary";
import { PUBLIC_SALE_STATUS_LABELS } from "../modules/sales/sale-status";
import { DEFAULT_FREQUENCY, FREQUENCY_OPTIONS, NAME_MAX_LENGTH } from "../modules/saved-searches/options";
import { areaBounds, decodeArea } from "../modules/search/area";
import { CAPPED_RESULTS_NOTE, matchCount, searchQuery, SearchSchema, searchTitle } from "../modules/search/filters";
import {
  ADDED_OPTIONS,
  BEDROOM_OPTIONS,
  MAX_PRICE_OPTIONS,
  MIN_PRICE_OPTIONS,
  RADIUS_OPTIONS,
  SORT_OPTIONS,
  TYPE_OPTIONS,
} from "../modules/search/options";
import { searchListingCards } from "../modules/search/results.server";
import { savedIdsFor } from "../modules/shortlist/shortlist.server";
import type { Route } from "./+types/property-search";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data && "title" in data ? data.title : "Search for a property"} | MoveWise` },
  { name: "description", content: "Search homes for sale near a UK postcode, by radius, type, price and bedrooms." },
];

// Sent without React (docs/decisions/0002-pages-without-react.md): the search is a GET form and the results are
// links; app/browser adds postcode suggestions, sorting on change and the map (Leaflet loads only on a page
// with results).
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

type FormValues = Record<string, string>;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const values: FormValues = Object.fromEntries(params);
  const parsed = SearchSchema.safeParse(values);
  if (!parsed.success)
    return data({ mode: "form" as const, values, errors: fieldErrors(parsed.error) }, { status: 400 });
  // The search form first; results once a search has been made (a postcode or a drawn area in the URL), unless editing.
  if (!(params.has("postcode") || parsed.data.area) || params.has("edit"))
    return { mode: "form" as const, values, errors: {} };
  try {
    const found = await searchListingCards(parsed.data);
    const area = parsed.data.area ? decodeArea(parsed.data.area) : null;
    const box = area ? areaBounds(area) : null;
    return {
      mode: "results" as const,
      title: searchTitle(parsed.data, found.place?.label ?? ""),
      filters: parsed.data,
      query: searchQuery(parsed.data),
      // The same search without its area (and from its first page): where "Remove drawn area" and drawing lead.
      withoutArea: searchQuery({ ...parsed.data, area: undefined, page: 1 }),
      area,
      centre: box
        ? { latitude: (box.minLatitude + box.maxLatitude) / 2, longitude: (box.minLongitude + box.maxLongitude) / 2 }
        : found.place && { latitude: found.place.latitude, longitude: found.place.longitude },
      placeLabel: found.place?.label ?? null,
      results: found.results,
      count: matchCount(found.total, found.totalCapped, ["result", "results"]),
      // Only the first COUNT_CAP matches (filters.ts) are paged through; a page past them (or past the last) is empty.
      totalCapped: found.totalCapped,
      pastTheEnd: found.results.length === 0 && found.total > 0,
      page: found.page,
      pageCount: found.pageCount,
      residentialOnly: parsed.data.type === "land" || parsed.data.type === "commercial",
      // The viewer's own saved homes: read per request, never kept with the shared search results.
      savedIds: await savedIdsFor(
        await getUser(request),
        found.results.map((r) => r.listing.id),
      ),
    };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const errors = error.fieldErrors ?? { postcode: [error.message] };
    return data({ mode: "form" as const, values, errors }, { status: error.status });
  }
}

export default function PropertySearch({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "form") {
    return (
      <div className="bg-slate-50">
        <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find a home to buy</h1>
          <p className="mt-3 text-lg text-slate-600">
            Search by postcode, district (LE1) or area (LE), then narrow it down.
          </p>
          <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <SearchForm values={loaderData.values} errors={loaderData.errors} />
          </div>
        </section>
      </div>
    );
  }
  const { title, filters, query, withoutArea, area, centre, placeLabel, results, count, page, pageCount } = loaderData;
  const { residentialOnly, savedIds, totalCapped, pastTheEnd } = loaderData;
  const firstPage = `/property-search?${searchQuery({ ...filters, page: 1 })}`;
  const editHref = `/property-search?${query}${query ? "&" : ""}edit=1`;
  const removeAreaHref = `/property-search?${withoutArea}`;
  const here = `/property-search?${query}`;
  const resultsMap = (markers: MapMarker[]) =>
    centre ? (
      <LeafletMap
        label={`Map of ${count} ${placeLabel ? `near ${placeLabel}` : "in your drawn area"}`}
        center={centre}
        zoom={10}
        markers={markers}
        fitMarkers
        area={area ?? undefined}
        draw={{ href: removeAreaHref }}
        height={420}
        fallback="Turn on JavaScript to see these homes on a map and draw an area to search."
      />
    ) : null;
  const markers = results.flatMap((r) =>
    r.position
      ? [
          {
            ...r.position,
            label: r.listing.address,
            detail:
              r.listing.saleStatus === "for-sale"
                ? formatPrice(r.listing.price)
                : `${formatPrice(r.listing.price)} · ${PUBLIC_SALE_STATUS_LABELS[r.listing.saleStatus]}`,
            href: fromSearchResults(listingPath(r.listing.id), here),
          },
        ]
      : [],
  );
  return (
    <div className="bg-slate-50">
      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
            <p className="mt-1 text-slate-600" role="status">
              {count}
              {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
            </p>
            {area ? (
              <p className="mt-1 text-sm text-slate-700">
                Searching inside your drawn area.{" "}
                <Link to={removeAreaHref} className="font-semibold text-emerald-800 underline">
                  Remove drawn area
                </Link>
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <SortForm filters={filters} />
            <Link to={editHref} className={buttonClass({ variant: "secondary", size: "sm" })}>
              Edit Search
            </Link>
          </div>
        </div>

        <SaveSearchForm query={query} title={title} />

        {pastTheEnd ? (
          <div className="mt-10 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <h2 className="text-xl font-semibold">This page is past the last of the results</h2>
            <p className="mt-2 text-slate-600">
              {totalCapped ? CAPPED_RESULTS_NOTE : "The search has fewer pages than that."}
            </p>
            <Link to={firstPage} className={`${buttonClass({})} mt-6`}>
              Back to the first page
            </Link>
          </div>
        ) : results.length === 0 ? (
          <div className="mt-10 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <h2 className="text-xl font-semibold">No properties found</h2>
            <p className="mt-2 text-slate-600">
              {residentialOnly
                ? "We sell homes only, so there is no land or commercial property to show."
                : area
                  ? "Try a larger area, or remove the drawn area and search by distance."
                  : "Try a wider radius, another area or fewer filters."}
            </p>
            <Link to={editHref} className={`${buttonClass({})} mt-6`}>
              Edit Search
            </Link>
            {area && centre ? (
              // Nothing inside the drawn area: the map stays, to draw another.
              <aside aria-label="Map of the results" className="mx-auto mt-8 max-w-xl text-left">
                {resultsMap([])}
              </aside>
            ) : null}
          </div>
        ) : (
          <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div>
              <ul className="grid gap-6 sm:grid-cols-2" aria-label="Search results">
                {results.map((r, i) => (
                  <li key={r.listing.id} className="flex">
                    <PropertyCard
                      listing={r.listing}
                      imageLoading={i === 0 ? "eager" : "lazy"}
                      imageSizes="(min-width: 1024px) 30vw, (min-width: 640px) 46vw, 100vw"
                      detailHref={fromSearchResults(listingPath(r.listing.id), here)}
                      viewingHref={fromSearchResults(requestViewingPath(r.listing.id), here)}
                      save={{ saved: savedIds.includes(r.listing.id), returnTo: here }}
                      note={
                        r.distanceMiles !== null && placeLabel
                          ? `${r.distanceMiles} ${r.distanceMiles === 1 ? "mile" : "miles"} from ${placeLabel}`
                          : undefined
                      }
                    />
                  </li>
                ))}
              </ul>
              <Pagination page={page} pageCount={pageCount} query={query} />
              {totalCapped && page === pageCount ? (
                <p className="mt-4 text-center text-sm text-slate-600">{CAPPED_RESULTS_NOTE}</p>
              ) : null}
            </div>
            {centre ? (
              <aside aria-label="Map of the results" className="lg:sticky lg:top-24 lg:self-start">
                {resultsMap(markers)}
              </aside>
            ) : null}
          </div>
        )}
      </section>
    </div>
  );
}

const money = (n: number) => (n >= 1_000_000 ? `£${n / 1_000_000}m` : `£${n / 1000}k`);

function SearchForm({ values, errors }: { values: FormValues; errors: Record<string, string[]> }) {
  const postcode = {
    id: "search-postcode",
    name: "postcode",
    defaultValue: values.postcode ?? "LE",
    placeholder: "e.g. LE1 5WW, LE1 or LE",
    "aria-invalid": errors.postcode ? true : undefined,
    "aria-describedby": errors.postcode ? "search-postcode-error" : undefined,
    className: inputClass,
  };
  return (
    <Form method="get" action="/property-search" className="space-y-5">
      <div>
        <label htmlFor="search-postcode" className="block text-sm font-medium text-slate-800">
          Postcode, district or area
        </label>
        <div className="mt-1">
          <PostcodeCombobox {...postcode} />
        </div>
        <ErrorList id="search-postcode-error" errors={errors.postcode} />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectInput
          id="search-radius"
          name="radius"
          label="Search radius"
          // A radius not in the list cannot be selected, and the select would show its first option ("This area
          // only"): the default instead, beside the error.
          defaultValue={errors.radius ? "40" : (values.radius ?? "40")}
          options={RADIUS_OPTIONS}
          errors={errors.radius}
        />
        <SelectInput
          id="search-type"
          name="type"
          label="Property type"
          defaultValue={values.type ?? "any"}
          options={TYPE_OPTIONS}
          errors={errors.type}
        />
        <SelectInput
          id="search-added"
          name="added"
          label="Added to site"
          defaultValue={values.added ?? "any"}
          options={ADDED_OPTIONS}
          errors={errors.added}
        />
      </div>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">Price range</legend>
        <SelectInput
          id="search-minPrice"
          name="minPrice"
          label="Minimum price"
          defaultValue={values.minPrice}
          options={[
            { value: "", label: "No minimum" },
            ...MIN_PRICE_OPTIONS.map((p) => ({ value: String(p), label: money(p) })),
          ]}
          errors={errors.minPrice}
        />
        <SelectInput
          id="search-maxPrice"
          name="maxPrice"
          label="Maximum price"
          defaultValue={values.maxPrice}
          options={[
            { value: "", label: "No maximum" },
            ...MAX_PRICE_OPTIONS.map((p) => ({ value: String(p), label: money(p) })),
          ]}
          errors={errors.maxPrice}
        />
      </fieldset>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">Bedrooms</legend>
        <SelectInput
          id="search-minBeds"
          name="minBeds"
          label="Minimum bedrooms"
          defaultValue={values.minBeds}
          options={[
            { value: "", label: "No minimum" },
            ...BEDROOM_OPTIONS.map((b) => ({ value: String(b), label: b === 5 ? "5+" : String(b) })),
          ]}
          errors={errors.minBeds}
        />
        <SelectInput
          id="search-maxBeds"
          name="maxBeds"
          label="Maximum bedrooms"
          defaultValue={values.maxBeds}
          options={[
            { value: "", label: "No maximum" },
            ...BEDROOM_OPTIONS.map((b) => ({ value: String(b), label: b === 5 ? "5+" : String(b) })),
          ]}
          errors={errors.maxBeds}
        />
      </fieldset>
      {values.sort ? <input type="hidden" name="sort" value={values.sort} /> : null}
      {values.area ? <DrawnAreaNote values={values} errors={errors.area} /> : null}
      <button type="submit" className={buttonClass({ className: "w-full sm:w-auto" })}>
        Search
      </button>
    </Form>
  );
}

/**
 * "Save this search": the same markup for everyone (the page is cached for signed-out visitors), posting to
 * /saved-searches/new, which saves it, or first asks to log in and then finishes the save.
 */
function SaveSearchForm({ query, title }: { query: string; title: string }) {
  return (
    <details className="group mt-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer list-none px-4 py-3 font-semibold text-emerald-800 marker:hidden">
        <span aria-hidden="true" className="mr-1 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        Save this search and get emails about new homes
      </summary>
      <form
        method="post"
        action={`/saved-searches/new?query=${encodeURIComponent(query)}`}
        className="grid gap-4 border-t border-slate-200 p-4 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end"
      >
        <input type="hidden" name="query" value={query} />
        <div>
          <label htmlFor="save-search-name" className="block text-sm font-medium text-slate-800">
            Name
          </label>
          <input
            id="save-search-name"
            name="name"
            defaultValue={title}
            required
            maxLength={NAME_MAX_LENGTH}
            className={`${inputClass} mt-1`}
          />
        </div>
        <SelectInput
          id="save-search-frequency"
          name="frequency"
          label="Email me new and reduced homes"
          defaultValue={DEFAULT_FREQUENCY}
          options={FREQUENCY_OPTIONS}
        />
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Save this search
        </button>
        <p className="text-sm text-slate-600 sm:col-span-3">
          <Link to="/saved-searches" className="font-semibold text-emerald-800 underline underline-offset-2">
            Manage your saved searches
          </Link>{" "}
          (you will be asked to log in).
        </p>
      </form>
    </details>
  );
}

/** A search with a drawn area keeps it when edited (or says why it cannot), with a way to drop it. */
function DrawnAreaNote({ values, errors }: { values: FormValues; errors?: string[] }) {
  const rest = new URLSearchParams(values);
  rest.delete("area");
  return (
    <div className="rounded-lg bg-emerald-50 p-3 text-sm text-slate-800">
      {errors ? (
        <ErrorList id="search-area-error" errors={errors} />
      ) : (
        <p>
          <input type="hidden" name="area" value={values.area} />
          This search is inside the area you drew on the map, so the radius does not apply.
        </p>
      )}
      <Link to={`/property-search?${rest}`} className="font-semibold text-emerald-800 underline">
        Remove drawn area
      </Link>
    </div>
  );
}

/** Sorting keeps every filter; with JavaScript it applies as soon as the choice changes. */
function SortForm({ filters }: { filters: Record<string, unknown> }) {
  return (
    <Form method="get" action="/property-search" className="flex items-end gap-2">
      {Object.entries(filters).map(([key, value]) =>
        key === "sort" || key === "page" || value === undefined ? null : (
          <input key={key} type="hidden" name={key} value={String(value)} />
        ),
      )}
      <SelectInput
        id="search-sort"
        name="sort"
        label="Sort by"
        defaultValue={String(filters.sort)}
        data-auto-submit=""
        options={SORT_OPTIONS}
        className="py-1.5"
      />
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
        Sort
      </button>
    </Form>
  );
}

function Pagination({ page, pageCount, query }: { page: number; pageCount: number; query: string }) {
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(query);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    return `/property-search?${params}`;
  };
  return (
    <nav aria-label="Result pages" className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonClass({ variant: "secondary", size: "sm" })} rel="prev">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={buttonClass({ variant: "secondary", size: "sm" })} rel="next">
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
