// A listing as buyers see it: photos, the headline and price, the facts, the description, media, energy and
// material information, and the viewing panel. The public listing page and the seller's "Approve your listing"
// page both draw it, so what the seller approves is exactly what buyers will see.
import type { ReactNode } from "react";

import { formatDate, formatPrice } from "../../lib/format";
import type { DescriptionBlock } from "../../modules/listings/description";
import type { EpcBand } from "../../modules/listings/epc";
import { listingLabels, type PriceChangeFacts, type PriceFacts, reducedFromText } from "../../modules/listings/labels";
import type { Fact, MaterialPart } from "../../modules/listings/material-information";
import type { VirtualTour } from "../../modules/listings/virtual-tour";
import type { CaptionedImage } from "../../modules/media/images";
import type { PublicSaleStatus } from "../../modules/sales/sale-status";
import { buttonClass } from "../ui/button";
import {
  BathIcon,
  BedIcon,
  CheckCircleIcon,
  ExternalLinkIcon,
  HomeIcon,
  KeyIcon,
  RulerIcon,
  View360Icon,
} from "../ui/icons";
import { EpcGraph } from "./epc-graph";
import { FactList, MaterialInformation } from "./facts";
import type { LinkTo } from "./lightbox";
import { ListingDescription } from "./listing-description";
import { MediaGallery, PhotoGrid } from "./listing-media";
import { PriceHistory, Section, ViewingPanel } from "./listing-page-parts";
import { PersonalInterestNotice } from "./personal-interest";
import { SaleStatusBadge } from "./sale-status-badge";

/** What the view shows of a listing (the public listing detail has all of it). */
export type ListingViewData = PriceFacts & {
  id: number;
  address: string;
  saleStatus: PublicSaleStatus;
  listedAt: string | null;
  propertyType: string;
  bedrooms: number;
  bathrooms: number;
  sizeSqft: number | null;
  sizeSqm: number | null;
  tenure: string;
  keyFeatures: string[];
  descriptionBlocks: DescriptionBlock[];
  priceHistory: (PriceChangeFacts & { changedAt: string })[];
  virtualTour: VirtualTour | null;
  photos: CaptionedImage[];
  floorPlans: CaptionedImage[];
  documents: { type: string; name: string; url: string }[];
  epc: { current: EpcBand | null; potential: EpcBand | null };
  personalInterest: string | null;
};

export function ListingView({
  listing,
  headline,
  extra,
  material,
  linkTo,
  actions,
  save,
  contactPhone,
  addressHeading = "h1",
}: {
  listing: ListingViewData;
  headline: string;
  extra: Fact[];
  material: MaterialPart[];
  linkTo: LinkTo;
  /** Book a viewing, make an offer, the brochure (or, in a preview, what stands in for them). */
  actions: ReactNode;
  /** The "Save" button, on the public page. */
  save?: ReactNode;
  contactPhone?: string;
  /** The address is the page's h1 on the public page, an h2 where the page has its own h1. */
  addressHeading?: "h1" | "h2";
}) {
  const AddressHeading = addressHeading;
  const labels = listingLabels(listing);
  const reducedFrom = reducedFromText(listing);
  const epcDocument = listing.documents.find((d) => d.type === "EPC");
  const specs = [
    { label: "Property type", value: listing.propertyType, Icon: HomeIcon },
    { label: "Bedrooms", value: String(listing.bedrooms), Icon: BedIcon },
    { label: "Bathrooms", value: String(listing.bathrooms), Icon: BathIcon },
    {
      label: "Size",
      value: listing.sizeSqft
        ? `${listing.sizeSqft.toLocaleString("en-GB")} sq ft (${listing.sizeSqm?.toLocaleString("en-GB")} sq m)`
        : "Ask agent",
      Icon: RulerIcon,
    },
    { label: "Tenure", value: listing.tenure, Icon: KeyIcon },
  ];

  return (
    <>
      <div className="mt-4">
        <PhotoGrid photos={listing.photos} linkTo={linkTo} />
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">
          <header>
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm font-bold tracking-wider text-emerald-700 uppercase">{headline}</p>
              <SaleStatusBadge status={listing.saleStatus} className="py-0.5" />
              {labels.map((label) => (
                <span
                  key={label}
                  className="rounded-md bg-emerald-800 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase"
                >
                  {label}
                </span>
              ))}
            </div>
            <AddressHeading className="mt-2 text-2xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-3xl">
              {listing.address}
            </AddressHeading>
            <p className="mt-3 text-sm font-medium text-slate-600">Offers in Excess of</p>
            <p className="text-3xl font-extrabold tracking-tight text-slate-900">{formatPrice(listing.price)}</p>
            {reducedFrom ? <p className="text-sm font-medium text-emerald-800">{reducedFrom}</p> : null}
            {listing.listedAt ? (
              <p className="mt-2 text-sm text-slate-600">Added on {formatDate(listing.listedAt)}</p>
            ) : null}
            {save}
            {listing.personalInterest ? (
              <PersonalInterestNotice declaration={listing.personalInterest} className="mt-4" />
            ) : null}
            <div className="mt-6 lg:hidden">{actions}</div>
          </header>

          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {specs.map(({ label, value, Icon }) => (
              <div key={label} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <Icon className="size-4 text-emerald-700" />
                  {label}
                </dt>
                <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>

          {listing.keyFeatures.length ? (
            <Section id="key-features" title="Key features">
              <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
                {listing.keyFeatures.map((feature) => (
                  <li key={feature} className="flex gap-2 text-slate-800">
                    <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-emerald-700" />
                    {feature}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          <Section id="description" title="Description">
            <ListingDescription key={listing.id} blocks={listing.descriptionBlocks} />
          </Section>

          {listing.priceHistory.length ? (
            <PriceHistory changes={listing.priceHistory} listedAt={listing.listedAt} price={listing.price} />
          ) : null}

          {listing.virtualTour ? (
            <Section id="virtual-tour" title="Virtual tour">
              {listing.virtualTour.kind === "embed" ? (
                <iframe
                  src={listing.virtualTour.src}
                  title={`Virtual tour of ${listing.address} (${listing.virtualTour.provider})`}
                  loading="lazy"
                  allow="fullscreen; xr-spatial-tracking; accelerometer; gyroscope"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
                  className="aspect-video w-full rounded-xl border border-slate-200 bg-slate-100"
                />
              ) : (
                <a
                  href={listing.virtualTour.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass({ variant: "secondary" })}
                >
                  <View360Icon className="size-5 text-emerald-700" />
                  Open the virtual tour
                  <ExternalLinkIcon className="size-4" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
            </Section>
          ) : null}

          {listing.floorPlans.length || listing.photos.length > 1 ? (
            <Section id="gallery" title="Floor plan and photos">
              <MediaGallery photos={listing.photos} floorPlans={listing.floorPlans} linkTo={linkTo} />
            </Section>
          ) : null}

          <Section
            id="energy"
            title="Energy performance (EPC)"
            action={
              epcDocument ? (
                <a
                  href={epcDocument.url}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-800 hover:underline"
                >
                  View the certificate
                  <ExternalLinkIcon className="size-4" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null
            }
          >
            {listing.epc.current ? (
              <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
                <p className="mb-4 text-slate-700">
                  Current rating <strong className="text-slate-900">{listing.epc.current}</strong>
                  {listing.epc.potential ? (
                    <>
                      , potential rating <strong className="text-slate-900">{listing.epc.potential}</strong>
                    </>
                  ) : null}
                  . Band A is the most efficient.
                </p>
                <EpcGraph current={listing.epc.current} potential={listing.epc.potential} />
              </div>
            ) : (
              <p className="text-slate-700">
                EPC rating: <span className="font-medium text-emerald-800">Ask agent</span>
              </p>
            )}
          </Section>

          <Section id="extra-information" title="Extra information">
            <FactList facts={extra} />
          </Section>

          <Section id="material-information" title="Material information">
            <p className="mb-5 text-sm text-slate-600">
              What Trading Standards guidance says a buyer needs to know before deciding to view. Ask us about anything
              marked ‘Ask agent’.
            </p>
            <MaterialInformation parts={material} />
          </Section>
        </div>

        <ViewingPanel price={listing.price} priceNote={reducedFrom} contactPhone={contactPhone}>
          {actions}
        </ViewingPanel>
      </div>
    </>
  );
}
