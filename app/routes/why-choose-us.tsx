import type { ComponentType, SVGProps } from "react";

import { PackagesTable } from "../components/marketing/packages-table";
import { SectionIntro } from "../components/marketing/section-intro";
import { ValuationButtons } from "../components/marketing/valuation-buttons";
import {
  BankIcon,
  CameraIcon,
  ChartIcon,
  HeadphonesIcon,
  MegaphoneIcon,
  PoundIcon,
  ScalesIcon,
  ShieldCheckIcon,
  UsersCheckIcon,
  View360Icon,
} from "../components/ui/icons";
import { VideoFacade } from "../components/video-facade";
import { loadAsDocument, noData, withoutReact } from "../lib/hydration";
import { PRICE_TEXT } from "../modules/marketing/packages";
import { PROMO_VIDEO } from "../modules/marketing/promo-video";

export function meta() {
  return [
    { title: "Why Choose Us | MoveWise" },
    {
      name: "description",
      content: `Why sellers choose MoveWise: a fixed fee of ${PRICE_TEXT.introductoryFeeInFull}, an accredited valuation, 360 virtual tours, a free premium portal listing and only proceedable buyers.`,
    },
  ];
}

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const FEATURES: { title: string; body: string; Icon: Icon }[] = [
  {
    title: "One fixed fee",
    body: `${PRICE_TEXT.introductoryFeeInFull} on our introductory offer (normally ${PRICE_TEXT.standardFee}), not ${PRICE_TEXT.commission} of your sale price.`,
    Icon: PoundIcon,
  },
  {
    title: "Accredited survey and valuation",
    body: "A RICS-registered valuer prices your home from real, recent local sales.",
    Icon: ShieldCheckIcon,
  },
  {
    title: "360 virtual tours",
    body: "Buyers walk round your home online, so the people who book a viewing already love it.",
    Icon: View360Icon,
  },
  {
    title: "Professional media pack",
    body: "Photographs, floor plans and an EPC, taken and drawn by property professionals.",
    Icon: CameraIcon,
  },
  {
    title: "Premium portal listing, free",
    body: `Your home is featured on the major portals, which typically costs ${PRICE_TEXT.portalListingTypical} elsewhere.`,
    Icon: MegaphoneIcon,
  },
  {
    title: "Only proceedable buyers",
    body: "We check that buyers can proceed before they view: their mortgage, deposit and chain.",
    Icon: UsersCheckIcon,
  },
  {
    title: "Mortgage advice",
    body: "Whole-of-market advice for your next move, from an independent broker.",
    Icon: BankIcon,
  },
  {
    title: "Conveyancing quote",
    body: "A fixed quote from an experienced conveyancing solicitor, so the legal work starts early.",
    Icon: ScalesIcon,
  },
  {
    title: "Accessible to every buyer",
    body: "Accessibility notes and multilingual audio tours let more people discover your home.",
    Icon: HeadphonesIcon,
  },
  {
    title: "Market price from comparables",
    body: "We agree the asking price with you from evidence, and show you the sales behind it.",
    Icon: ChartIcon,
  },
];

// Sent without React; the film plays through app/browser/video-facade.ts
// (docs/decisions/0002-pages-without-react.md).
export const handle = withoutReact;
export const loader = noData;
export const clientLoader = loadAsDocument;

export default function WhyChooseUs() {
  return (
    <>
      <section
        aria-labelledby="why-heading"
        className="bg-linear-to-b from-emerald-50 via-white to-white pt-14 pb-12 sm:pt-20"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionIntro
            id="why-heading"
            level={1}
            eyebrow="Why choose us"
            title="Everything a great agent does, for one fixed fee"
          >
            MoveWise brings together the professionals who sell homes well, and charges you a fee you know from day one.
          </SectionIntro>
        </div>
      </section>

      <section aria-labelledby="film-heading" className="pb-16 sm:pb-20">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
          <div className="lg:col-span-3">
            <VideoFacade youtubeId={PROMO_VIDEO.youtubeId} title={PROMO_VIDEO.title} poster={PROMO_VIDEO.poster} />
          </div>
          <div className="lg:col-span-2">
            <h2 id="film-heading" className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
              See how it works
            </h2>
            <p className="mt-4 leading-7 text-slate-700">
              From the first call to the day you hand over the keys: how our valuers, photographers and solicitors work
              together to sell your home, and what you do at each step.
            </p>
            <p className="mt-3 text-sm text-slate-600">
              The video plays from YouTube&rsquo;s privacy-enhanced player, which loads only when you press play.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="bg-slate-50 py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionIntro id="features-heading" eyebrow="What you get" title="What every MoveWise package includes" />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            {FEATURES.map(({ title, body, Icon }) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="grid size-11 place-items-center rounded-xl bg-emerald-50 text-emerald-800 ring-1 ring-emerald-700/15">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 font-bold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="story-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="story-heading" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Selling your home shouldn&rsquo;t cost a slice of it
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-8 text-slate-700">
            <p>
              For decades, selling a home in the UK has meant handing over a percentage of its price. A typical
              high-street agent charges {PRICE_TEXT.commission} plus VAT, so the fee grows with your home&rsquo;s value,
              whether or not the work does. On an average home that is several thousand pounds for a listing, a few
              viewings and a sale that your solicitor does much of the work on.
            </p>
            <p>
              We think that is the wrong way round. The work of selling a home well is the same for a two-bedroom flat
              as for a four-bedroom house: an honest valuation, a media pack that shows the home at its best, buyers who
              can actually proceed, and someone who keeps the sale moving. So we charge one fixed fee for all of it:{" "}
              {PRICE_TEXT.introductoryFeeInFull} on our introductory offer, normally {PRICE_TEXT.standardFeeInFull}.
            </p>
            <h3 className="pt-4 text-2xl font-bold text-slate-900">A valuation you can trust</h3>
            <p>
              Many agents win instructions by suggesting the highest price, then ask you to reduce it weeks later. Our
              valuations come from RICS-registered valuers who look at what comparable homes near you have actually sold
              for, and we show you that evidence. You list at a price buyers will pay, and you avoid the stale listing
              that follows an over-optimistic one.
            </p>
            <h3 className="pt-4 text-2xl font-bold text-slate-900">Fewer, better viewings</h3>
            <p>
              Every home we sell gets professional photographs, a floor plan and a 360 virtual tour, so buyers can walk
              round before they visit. Before anyone books a viewing we check they can proceed: a mortgage in principle,
              a deposit, and where they are in their own chain. The people who come through your door are the people
              most likely to buy it.
            </p>
            <h3 className="pt-4 text-2xl font-bold text-slate-900">Your next move, joined up</h3>
            <p>
              A sale is rarely the end of the story. Mortgage advice and a conveyancing quote are part of the package,
              so your sale and your purchase move together, and accessibility and multilingual audio tours mean more
              buyers can discover your home in the way that suits them.
            </p>
            <p>
              You can follow every step online, from the valuation to the contract and payment, and you can always pick
              up the phone and talk to a person who knows your sale.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="compare-heading" className="bg-slate-50 py-16 sm:py-24">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionIntro id="compare-heading" eyebrow="Compare" title="MoveWise and a typical agent, side by side" />
          <PackagesTable className="mt-12" />
          <ValuationButtons
            secondary={{ to: "/about", label: "Meet the team" }}
            className="mt-10 items-center justify-center sm:flex-row"
          />
        </div>
      </section>
    </>
  );
}
