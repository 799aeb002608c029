import type { ComponentType, SVGProps } from "react";
import { Link, useRouteLoaderData } from "react-router";

import { telHref } from "../components/layout/site-header";
import { PackagesTable } from "../components/marketing/packages-table";
import { SectionIntro } from "../components/marketing/section-intro";
import { ValuationButtons } from "../components/marketing/valuation-buttons";
import { buttonClass } from "../components/ui/button";
import {
  ArrowRightIcon,
  BankIcon,
  CameraIcon,
  ChartIcon,
  CheckCircleIcon,
  CheckIcon,
  ClockIcon,
  HeadphonesIcon,
  HomeIcon,
  KeyIcon,
  PhoneIcon,
  PoundIcon,
  ShieldCheckIcon,
  UsersCheckIcon,
} from "../components/ui/icons";
import { formatPrice } from "../lib/format";
import { loadAsDocument, noData, withoutReact } from "../lib/hydration";
import {
  EXAMPLE_HOME_PRICE,
  PORTAL_LISTING_POUNDS,
  PRICE_TEXT,
  typicalCommissionWithVatPounds,
} from "../modules/marketing/packages";
import type { loader as rootLoader } from "../root";

export function meta() {
  return [
    { title: "MoveWise | The Smarter Way To Sell Your Home" },
    {
      name: "description",
      content: `Sell your home for a fixed fee of ${PRICE_TEXT.introductoryFeeInFull} (introductory offer, normally ${PRICE_TEXT.standardFee}) instead of ${PRICE_TEXT.commission} commission. Accredited valuation, 360 virtual tours, free premium portal listing and more.`,
    },
  ];
}

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const STEPS: { text: string; Icon: Icon }[] = [
  { text: "Decided to sell.", Icon: HomeIcon },
  { text: "A property professional attends to complete a media pack.", Icon: CameraIcon },
  { text: "Agree a market price from comparables and list.", Icon: ChartIcon },
  { text: "Only proceedable, motivated buyers attend.", Icon: UsersCheckIcon },
  { text: "Become a modern mover.", Icon: KeyIcon },
];

const REASONS: { title: string; body: string; Icon: Icon }[] = [
  {
    title: "A fixed fee, not commission",
    body: `Pay ${PRICE_TEXT.introductoryFeeInFull} on our introductory offer (normally ${PRICE_TEXT.standardFee}), whatever your home sells for. No percentage, no surprises.`,
    Icon: PoundIcon,
  },
  {
    title: "Accredited survey and valuation",
    body: "An accredited valuer surveys your home and prices it from real local comparables, so you list at a price buyers will pay.",
    Icon: ShieldCheckIcon,
  },
  {
    title: "A media pack that sells",
    body: "A property professional photographs your home and captures a 360 virtual tour, so buyers can walk round before they visit.",
    Icon: CameraIcon,
  },
  {
    title: "Serious buyers only",
    body: "Only proceedable, motivated buyers attend viewings, so fewer wasted weekends showing your home to people who cannot buy.",
    Icon: UsersCheckIcon,
  },
  {
    title: "Help with your next move",
    body: "Mortgage advice and a conveyancing quote are part of the package, so your sale and your purchase keep moving together.",
    Icon: BankIcon,
  },
  {
    title: "Open to every buyer",
    body: "Accessibility and multilingual audio tours let more people discover your home, in the way that suits them.",
    Icon: HeadphonesIcon,
  },
];

// Nothing here needs React: the page is sent without it (docs/decisions/0002-pages-without-react.md).
export const handle = withoutReact;
export const loader = noData;
export const clientLoader = loadAsDocument;

export default function Home() {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  const phone = site?.contactPhone;

  return (
    <>
      <Hero />
      <KeyFacts />
      <HowWeWork />
      <PackagesComparison />
      <WhySellWithUs />
      <FinalCallToAction phone={phone} />
    </>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-linear-to-b from-emerald-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-32 size-[32rem] rounded-full bg-emerald-100/70 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:gap-16 lg:px-8 lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-emerald-900 shadow-sm ring-1 ring-emerald-700/20">
            <span className="size-2 rounded-full bg-emerald-600" aria-hidden="true" />
            Introductory offer: {PRICE_TEXT.introductoryFeeInFull}
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            The Smarter Way To <span className="text-emerald-700">Sell Your Home</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-pretty text-slate-700">
            An accredited valuation, a professional media pack and serious buyers, all for one fixed fee instead of a
            percentage of your home&rsquo;s value.
          </p>
          <ValuationButtons
            secondary={{ to: "/about", label: "Find out more" }}
            className="mt-8 min-[420px]:flex-row"
          />
          <ul className="mt-8 grid gap-x-6 gap-y-3 text-sm font-medium text-slate-700 sm:grid-cols-2">
            {[
              `Fixed fee, normally ${PRICE_TEXT.standardFee}`,
              "Free premium portal listing",
              "Accredited survey and valuation",
              "We call you back within 24 hours",
            ].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CheckCircleIcon className="size-5 shrink-0 text-emerald-700" />
                {item}
              </li>
            ))}
          </ul>
        </div>

        <HeroIllustration />
      </div>
    </section>
  );
}

function HeroIllustration() {
  return (
    <div className="relative mx-auto w-full max-w-xl lg:max-w-none">
      <img
        src="/images/hero-home.svg"
        alt=""
        width={560}
        height={440}
        fetchPriority="high"
        className="aspect-[14/11] h-auto w-full rounded-[1.75rem] shadow-2xl ring-1 shadow-emerald-900/15 ring-slate-900/5"
      />
      <div
        aria-hidden="true"
        className="absolute top-4 left-4 hidden rounded-2xl bg-white/95 p-4 shadow-xl ring-1 shadow-slate-900/10 ring-slate-900/5 min-[480px]:block sm:top-6 sm:-left-6"
      >
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Your fixed fee</p>
        <p className="mt-1 text-2xl font-extrabold text-slate-900">
          {PRICE_TEXT.introductoryFeeAmount} <span className="text-sm font-semibold text-slate-600">including VAT</span>
        </p>
        <p className="text-xs text-slate-600">{PRICE_TEXT.introductoryFeeBreakdown}</p>
        <p className="text-xs text-slate-600">
          Normally <s>{PRICE_TEXT.standardFee}</s>
        </p>
      </div>
      <div
        aria-hidden="true"
        className="absolute right-4 bottom-4 hidden items-center gap-3 rounded-2xl bg-white/95 p-3 pr-4 shadow-xl ring-1 shadow-slate-900/10 ring-slate-900/5 min-[480px]:flex sm:-right-4 sm:bottom-8"
      >
        <span className="grid size-10 place-items-center rounded-full bg-emerald-700 text-white">
          <CheckIcon className="size-5" />
        </span>
        <span>
          <span className="block text-sm font-bold text-slate-900">Valuation booked</span>
          <span className="block text-xs text-slate-600">We&rsquo;ll call you within 24 hours</span>
        </span>
      </div>
    </div>
  );
}

function KeyFacts() {
  const facts = [
    {
      value: PRICE_TEXT.introductoryFeeAmount,
      label: `including VAT (${PRICE_TEXT.introductoryFeeBreakdown}): fixed fee, introductory offer`,
    },
    { value: PRICE_TEXT.commission, label: "what a typical high-street agent charges" },
    { value: formatPrice(PORTAL_LISTING_POUNDS.ours), label: "for your premium portal listing" },
    { value: "24 hours", label: "to hear back about your valuation" },
  ];
  return (
    <section aria-label="MoveWise at a glance" className="border-y border-slate-200 bg-slate-50">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:px-6 lg:grid-cols-4 lg:px-8">
        {facts.map((fact) => (
          <div key={fact.value} className="flex flex-col-reverse gap-1 border-l-2 border-emerald-700 pl-4">
            <dt className="text-sm leading-5 text-slate-600">{fact.label}</dt>
            <dd className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function HowWeWork() {
  return (
    <section aria-labelledby="how-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro id="how-heading" eyebrow="How we work" title="From decision to done in five steps">
          A clear, modern process that puts your time and your money first.
        </SectionIntro>

        <div className="relative mt-14">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-9 right-[10%] left-[10%] hidden h-0.5 bg-linear-to-r from-emerald-200 via-emerald-500 to-emerald-200 lg:block"
          />
          <ol className="relative grid gap-6 sm:grid-cols-2 lg:grid-cols-5 lg:gap-4">
            {STEPS.map(({ text, Icon }, index) => (
              <li
                key={text}
                className="relative flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:flex-col lg:items-center lg:border-0 lg:bg-transparent lg:p-2 lg:text-center lg:shadow-none"
              >
                <span className="relative grid size-14 shrink-0 place-items-center rounded-full bg-emerald-700 text-white shadow-lg ring-8 shadow-emerald-900/20 ring-white">
                  <Icon className="size-6" />
                </span>
                <div>
                  <p className="text-sm font-bold text-emerald-700">Step {index + 1}</p>
                  <p className="mt-1 text-base leading-7 font-semibold text-slate-900">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

function PackagesComparison() {
  const [low, high] = typicalCommissionWithVatPounds(EXAMPLE_HOME_PRICE);
  return (
    <section aria-labelledby="packages-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <SectionIntro
          id="packages-heading"
          eyebrow="Sales packages"
          title="One fixed fee. Everything you need to sell."
        >
          See how a MoveWise package compares with a typical high-street estate agent.
        </SectionIntro>

        <PackagesTable className="mt-12" />

        <div className="mt-8 flex flex-col items-start gap-6 rounded-2xl border border-emerald-700/20 bg-white p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-2xl text-slate-700">
            <strong className="text-slate-900">Selling a {formatPrice(EXAMPLE_HOME_PRICE)} home?</strong> At{" "}
            {PRICE_TEXT.commission}, a typical agent&rsquo;s commission is {formatPrice(low)} to {formatPrice(high)}{" "}
            including VAT. With MoveWise you pay a fixed {PRICE_TEXT.introductoryFeeInFull}.
          </p>
          <Link to="/valuation" className={buttonClass({ className: "shrink-0" })}>
            Book House Valuation
          </Link>
        </div>
      </div>
    </section>
  );
}

function WhySellWithUs() {
  return (
    <section aria-labelledby="why-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro id="why-heading" eyebrow="Why sell with us" title="Reasons sellers choose MoveWise">
          Everything a good estate agent does, done properly, for a price you know from day one.
        </SectionIntro>

        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map(({ title, body, Icon }) => (
            <li
              key={title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-8"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-emerald-50 text-emerald-800 ring-1 ring-emerald-700/15">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{body}</p>
            </li>
          ))}
        </ul>

        <p className="mt-10 text-center">
          <Link
            to="/why-choose-us"
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            More reasons to choose us
            <ArrowRightIcon className="size-4" />
          </Link>
        </p>
      </div>
    </section>
  );
}

function FinalCallToAction({ phone }: { phone?: string }) {
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
      <div className="relative mx-auto max-w-7xl overflow-hidden rounded-3xl bg-emerald-900 px-6 py-14 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -left-24 size-72 rounded-full bg-emerald-700/40 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -bottom-24 size-72 rounded-full bg-emerald-500/20 blur-3xl"
        />
        <div className="relative">
          <h2 id="cta-heading" className="text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl">
            Ready to find out what your home is worth?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-emerald-50">
            Book your house valuation in a couple of minutes. We&rsquo;ll be in touch within 24 hours.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/valuation" className={buttonClass({ variant: "inverse", size: "lg" })}>
              <ClockIcon className="size-5" />
              Book House Valuation
            </Link>
            {phone ? (
              <a href={telHref(phone)} className={buttonClass({ variant: "inverseOutline", size: "lg" })}>
                <PhoneIcon className="size-5" />
                Call {phone}
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
