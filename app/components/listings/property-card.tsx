// One listing as a card (spec §2, property list): cover photo with its counter, guide price, property
// type, address, bedrooms and bathrooms, the documents that exist, and 'View Details'. The whole card
// is clickable through the 'View Details' link; the document links sit above it.
import { Link } from "react-router";

import { formatDate, formatPrice } from "../../lib/format";
import { listingLabels, reducedFromText } from "../../modules/listings/labels";
import { listingPath, type ListingSummary, twoDigits } from "../../modules/listings/summary";
import { buttonClass } from "../ui/button";
import { BathIcon, BedIcon, CameraIcon, DocumentIcon, ExternalLinkIcon, FloorPlanIcon, MapPinIcon } from "../ui/icons";
import { SaleStatusBadge } from "./sale-status-badge";
import { SaveHomeButton, type SaveState } from "./save-home-button";

export const PLACEHOLDER_IMAGE = "/images/listing-placeholder.svg";

/** Widths of a card in the one-, two- and three-column grids of the list pages. */
export const CARD_IMAGE_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw";

export type PropertyCardProps = {
  listing: ListingSummary;
  /** The first card on a page loads its photo at once; the rest wait until they scroll near. */
  imageLoading?: "eager" | "lazy";
  /** The address heading's level in the page outline. */
  headingLevel?: 2 | 3;
  imageSizes?: string;
  /** Where 'View Details' goes; search adds the way back to its results. */
  detailHref?: string;
  /** A line under the address, e.g. the distance from a searched postcode. */
  note?: string;
  /** Adds 'Book a View' (search results), linking to the viewing request for this home. */
  viewingHref?: string;
  /** The save button: whether the viewer saved this home, and the page to come back to. */
  save: SaveState;
};

const documentLink =
  "relative z-10 inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-800 hover:border-emerald-700 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

function DocumentLink({ href, label, Icon }: { href: string; label: string; Icon: typeof DocumentIcon }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={documentLink}>
      <Icon className="size-4 text-emerald-700" />
      {label}
      <ExternalLinkIcon className="size-3.5 text-slate-500" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function PropertyCard({
  listing,
  imageLoading = "lazy",
  headingLevel = 2,
  imageSizes = CARD_IMAGE_SIZES,
  detailHref,
  note,
  viewingHref,
  save,
}: PropertyCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const cover = listing.images[0];
  const sold = listing.status === "sold";
  const labels = listingLabels(listing);
  const reducedFrom = reducedFromText(listing);
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg">
      <div className="relative aspect-[3/2] overflow-hidden bg-slate-100">
        <img
          src={cover?.url ?? PLACEHOLDER_IMAGE}
          srcSet={cover?.srcSet}
          sizes={cover ? imageSizes : undefined}
          alt={cover?.alt ?? "No photos yet"}
          width={cover?.width ?? 600}
          height={cover?.height ?? 400}
          loading={imageLoading}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {listing.saleStatus !== "for-sale" ? (
          <SaleStatusBadge status={listing.saleStatus} className="absolute top-3 left-3 shadow" />
        ) : labels.length ? (
          <span className="absolute top-3 left-3 flex gap-1.5">
            {labels.map((label) => (
              <span
                key={label}
                className="rounded-md bg-emerald-800 px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase shadow"
              >
                {label}
              </span>
            ))}
          </span>
        ) : null}
        {listing.imageCount > 0 ? (
          <span className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-md bg-slate-900/80 px-2 py-1 text-xs font-semibold text-white tabular-nums">
            <CameraIcon className="size-4" />
            <span aria-hidden="true">
              {twoDigits(1)}/{twoDigits(listing.imageCount)}
            </span>
            <span className="sr-only">Photo 1 of {listing.imageCount}</span>
          </span>
        ) : null}
        <SaveHomeButton
          propertyId={listing.id}
          address={listing.address}
          {...save}
          className="absolute top-3 right-3 z-10"
        />
      </div>

      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Guide Price</p>
            <p className="text-2xl font-extrabold tracking-tight text-slate-900">{formatPrice(listing.price)}</p>
            {reducedFrom ? <p className="text-sm font-medium text-emerald-800">{reducedFrom}</p> : null}
          </div>
          <p className="shrink-0 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-700/15">
            {listing.propertyType}
          </p>
        </div>

        <Heading className="mt-3 flex gap-1.5 text-base leading-6 font-semibold text-slate-900">
          <MapPinIcon className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          <span>{listing.address}</span>
        </Heading>
        {note ? <p className="mt-1 pl-6.5 text-sm text-slate-600">{note}</p> : null}

        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          <li className="flex items-center gap-1.5">
            <BedIcon className="size-5 text-slate-500" />
            <span className="font-semibold text-slate-900 tabular-nums">{twoDigits(listing.bedrooms)}</span>{" "}
            {listing.bedrooms === 1 ? "Bedroom" : "Bedrooms"}
          </li>
          <li className="flex items-center gap-1.5">
            <BathIcon className="size-5 text-slate-500" />
            <span className="font-semibold text-slate-900 tabular-nums">{twoDigits(listing.bathrooms)}</span>{" "}
            {listing.bathrooms === 1 ? "Bathroom" : "Bathrooms"}
          </li>
        </ul>

        {listing.ricsUrl || listing.epcUrl || listing.floorPlanUrl ? (
          <div className="mt-4 flex flex-wrap gap-2">
            {listing.ricsUrl ? <DocumentLink href={listing.ricsUrl} label="RICS Report" Icon={DocumentIcon} /> : null}
            {listing.epcUrl ? <DocumentLink href={listing.epcUrl} label="EPC" Icon={DocumentIcon} /> : null}
            {listing.floorPlanUrl ? (
              <DocumentLink href={listing.floorPlanUrl} label="View Floor plans" Icon={FloorPlanIcon} />
            ) : null}
          </div>
        ) : null}

        <div className="mt-auto flex items-center justify-between gap-3 pt-5">
          {listing.listedAt ? (
            <p className="text-xs text-slate-600">Added {formatDate(listing.listedAt)} by MoveWise</p>
          ) : (
            <span />
          )}
          {viewingHref && !sold ? (
            <Link
              to={viewingHref}
              className={buttonClass({ variant: "secondary", size: "sm", className: "relative z-10 ml-auto" })}
            >
              Book a View
              <span className="sr-only">: {listing.address}</span>
            </Link>
          ) : null}
          <Link
            to={detailHref ?? listingPath(listing.id)}
            className={buttonClass({ size: "sm", className: "after:absolute after:inset-0 after:content-['']" })}
          >
            View Details
            <span className="sr-only">: {listing.address}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
