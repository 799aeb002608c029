import { data, isRouteErrorResponse, Link, useLocation, useRouteLoaderData, useSearchParams } from "react-router";

import { Calculators } from "../components/calculators";
import { Lightbox, photoLink, requestedPhoto } from "../components/listings/lightbox";
import { BookViewingButton, SafetyAdvice } from "../components/listings/listing-page-parts";
import { ListingView } from "../components/listings/listing-view";
import { PropertyCard } from "../components/listings/property-card";
import { SaveHomeButton } from "../components/listings/save-home-button";
import { ViewingRequestDialog } from "../components/listings/viewing-request";
import { buttonClass } from "../components/ui/button";
import { ArrowRightIcon, ChevronLeftIcon, DownloadIcon } from "../components/ui/icons";
import { getEnv } from "../lib/env.server";
import { formatPrice } from "../lib/format";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { getUser } from "../modules/auth/identity.server";
import { readCalculators } from "../modules/calculators/query";
import { listingHeadline } from "../modules/listings/headline";
import { findPublicListing, findSimilarListings, toListingDetail } from "../modules/listings/listings.server";
import { extraInformation, materialInformation } from "../modules/listings/material-information";
import { listingJsonLd } from "../modules/listings/structured-data";
import { listingPath, searchResultsOf } from "../modules/listings/summary";
import { imageVariantUrl } from "../modules/media/images";
import { savedIdsFor } from "../modules/shortlist/shortlist.server";
import { viewingFormRules } from "../modules/viewings/form-rules.server";
import { viewingDateRange } from "../modules/viewings/slots";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/view-properties.$projectId";

export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = parseId(params.projectId);
  const row = id ? await findPublicListing(id) : null;
  if (!row) throw data({ message: "No listed property has this id." }, { status: 404, statusText: "Not Found" });
  const listing = toListingDetail(row);
  const origin = getEnv().PUBLIC_URL;
  const canonical = `${origin}${listingPath(row.id)}`;
  const headline = `${listingHeadline(row)} for sale`;
  const intro = listing.descriptionBlocks.find((block) => block.kind === "paragraph")?.text ?? "";
  const description = `${headline} at ${row.address}, guide price ${formatPrice(row.price)}. ${intro}`
    .slice(0, 300)
    .replace(/\s+\S*$/, "…");
  const images = row.images.map((image) => `${origin}${imageVariantUrl(image.storageKey, 1280)}`);
  const similar = await findSimilarListings(row);
  return {
    listing,
    headline,
    similar,
    // The viewer's own saved homes (this one and the similar ones): read per request, never kept with the listing.
    savedIds: await savedIdsFor(await getUser(request), [row.id, ...similar.map((home) => home.id)]),
    viewingDates: viewingDateRange(),
    viewingRules: viewingFormRules(),
    extra: extraInformation(row),
    material: materialInformation(row),
    // Arriving from search results: offer the way back to exactly those results.
    backToResults: searchResultsOf(url),
    calculators: readCalculators(url.searchParams, row.price),
    seo: {
      url: canonical,
      description,
      image: images[0] ?? `${origin}/images/listing-placeholder.svg`,
      jsonLd: listingJsonLd(listing, { url: canonical, name: `${headline}: ${row.address}`, description, images }),
    },
  };
}

// Sent without React (docs/decisions/0002-pages-without-react.md): the gallery's lightbox, 'Read full
// description' and the viewing request dialog (with its field checks) come from app/browser.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = ({ data: page }) => {
  if (!page) return [{ title: "Property not found | MoveWise" }];
  const title = `${page.headline}: ${page.listing.address} | MoveWise`;
  return [
    { title },
    { name: "description", content: page.seo.description },
    { tagName: "link", rel: "canonical", href: page.seo.url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "MoveWise" },
    { property: "og:title", content: `${page.headline}: ${page.listing.address}` },
    { property: "og:description", content: page.seo.description },
    { property: "og:url", content: page.seo.url },
    { property: "og:image", content: page.seo.image },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { "script:ld+json": page.seo.jsonLd },
  ];
};

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const {
    listing,
    headline,
    similar,
    savedIds,
    viewingDates,
    viewingRules,
    extra,
    material,
    backToResults,
    calculators,
  } = loaderData;
  const { pathname, search } = useLocation();
  const returnTo = pathname + search;
  const site = useRouteLoaderData<typeof rootLoader>("root");
  const path = listingPath(listing.id);
  const gallery = [...listing.photos, ...listing.floorPlans];
  const [params] = useSearchParams();
  const linkTo = (i: number) => photoLink(path, i);
  const sold = listing.status === "sold";
  const brochure = listing.documents[0];

  const actions = sold ? (
    <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm font-medium text-slate-800">
      This home has been sold, so viewings are closed. See similar homes below.
    </p>
  ) : (
    <div className="flex flex-col gap-3">
      <BookViewingButton listingId={listing.id} className="w-full" />
      <Link to={`${path}/offer`} className={buttonClass({ variant: "secondary", className: "w-full" })}>
        Make an offer
      </Link>
      {brochure ? (
        <a href={brochure.url} download className={buttonClass({ variant: "secondary", className: "w-full" })}>
          <DownloadIcon className="size-5" />
          Download Brochure
        </a>
      ) : null}
    </div>
  );

  return (
    <>
      <Lightbox items={gallery} index={requestedPhoto(params, gallery.length)} path={path} />
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 lg:px-8">
        <Link
          to={backToResults ?? "/view-properties"}
          className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          <ChevronLeftIcon className="size-4" />
          {backToResults ? "Back to results" : "All homes for sale"}
        </Link>

        <ListingView
          listing={listing}
          headline={headline}
          extra={extra}
          material={material}
          linkTo={linkTo}
          actions={actions}
          contactPhone={site?.contactPhone}
          save={
            <SaveHomeButton
              propertyId={listing.id}
              address={listing.address}
              saved={savedIds.includes(listing.id)}
              returnTo={returnTo}
              className="mt-4"
            />
          }
        />

        <section aria-labelledby="buying-costs" className="mt-16 border-t border-slate-200 pt-10">
          <h2 id="buying-costs" className="text-2xl font-bold tracking-tight text-slate-900">
            What buying this home would cost
          </h2>
          <div className="mt-6">
            <Calculators state={calculators} action={path} />
          </div>
        </section>

        {similar.length ? (
          <section aria-labelledby="similar" className="mt-16 border-t border-slate-200 pt-10">
            <h2 id="similar" className="text-2xl font-bold tracking-tight text-slate-900">
              Similar to this property
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {similar.map((home) => (
                <li key={home.id} className="flex">
                  <PropertyCard
                    listing={home}
                    headingLevel={3}
                    save={{ saved: savedIds.includes(home.id), returnTo }}
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <SafetyAdvice />
      </div>
      {sold ? null : <ViewingRequestDialog listing={listing} rules={viewingRules} dates={viewingDates} />}
    </>
  );
}

/** A listing that is not (or no longer) public: a 404 that says so, with a way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>Property not found | MoveWise</title>
      <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">Page not found (404)</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">This property isn’t available</h1>
      <p className="mt-4 text-lg text-slate-600">
        It may have been taken off the market, or the address has a typo. Every home we are selling is on our list.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/view-properties" className={buttonClass()}>
          See homes for sale
          <ArrowRightIcon className="size-5" />
        </Link>
        <Link to="/" className={buttonClass({ variant: "secondary" })}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
