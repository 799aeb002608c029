import type { ComponentType, SVGProps } from "react";

import { ReferralDisclosure } from "../components/marketing/referral-disclosure";
import { SectionIntro } from "../components/marketing/section-intro";
import { ValuationButtons } from "../components/marketing/valuation-buttons";
import { CameraIcon, CheckIcon, ScalesIcon, ShieldCheckIcon } from "../components/ui/icons";
import { loadAsDocument, noData, withoutReact } from "../lib/hydration";
import { PRICE_TEXT } from "../modules/marketing/packages";

export function meta() {
  return [
    { title: "About Us | MoveWise" },
    {
      name: "description",
      content:
        "MoveWise brings together property photographers, RICS-registered valuers and conveyancing solicitors to sell your home for one fixed fee.",
    },
  ];
}

type Team = {
  id: string;
  title: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  intro: string;
  points: string[];
};

const TEAMS: Team[] = [
  {
    id: "photographers",
    title: "Property photographers",
    Icon: CameraIcon,
    intro:
      "First impressions happen online. Our photographers specialise in homes, and visit at the time of day your home looks its best.",
    points: [
      "Professional, edited photographs of every room",
      "Measured floor plans",
      "360 virtual tours that buyers can walk round",
      "Accessibility notes and audio tours",
    ],
  },
  {
    id: "valuers",
    title: "RICS valuers",
    Icon: ShieldCheckIcon,
    intro:
      "Your valuation comes from a valuer registered with the Royal Institution of Chartered Surveyors, not from a sales target.",
    points: [
      "Accredited survey and valuation of your home",
      "Evidence from comparable local sales",
      "An asking price agreed with you, and the reasons for it",
      "A written report you keep",
    ],
  },
  {
    id: "solicitors",
    title: "Solicitors",
    Icon: ScalesIcon,
    intro:
      "Our partner conveyancing solicitors are regulated by the Solicitors Regulation Authority and know how to keep a chain moving.",
    points: [
      "A fixed conveyancing quote up front",
      "Early preparation of the legal pack",
      "Regular updates from offer to completion",
      "Advice for your onward purchase",
    ],
  },
];

// Nothing here needs React: the page is sent without it (docs/decisions/0002-pages-without-react.md).
export const handle = withoutReact;
export const loader = noData;
export const clientLoader = loadAsDocument;

export default function About() {
  return (
    <>
      <section
        aria-labelledby="about-heading"
        className="bg-linear-to-b from-emerald-50 via-white to-white pt-14 pb-12 sm:pt-20"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionIntro id="about-heading" level={1} eyebrow="About us" title="The people who sell your home">
            MoveWise is a UK estate agency built around the professionals a sale really needs: photographers, RICS
            valuers and solicitors, working together for one fixed fee.
          </SectionIntro>
        </div>
      </section>

      <section aria-labelledby="story-heading" className="pb-16 sm:pb-20">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <h2 id="story-heading" className="text-3xl font-extrabold tracking-tight text-slate-900">
              Why we started MoveWise
            </h2>
            <div className="mt-5 space-y-4 leading-7 text-slate-700">
              <p>
                We have bought and sold homes ourselves, and we have worked inside estate agencies. Too often the seller
                paid the most and heard the least: a commission of {PRICE_TEXT.commission}, a valuation pitched to win
                the instruction, and weekends lost to viewings by people who could not buy.
              </p>
              <p>
                So we built the agency we wanted to use. We pay the specialists who do the real work of a sale, cut out
                what doesn&rsquo;t help, and charge one fixed fee: {PRICE_TEXT.introductoryFeeInFull} on our
                introductory offer. You follow every step online, and you can always talk to a person who knows your
                sale.
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 self-start">
            {[
              {
                value: PRICE_TEXT.introductoryFeeAmount,
                label: `including VAT (${PRICE_TEXT.introductoryFeeBreakdown}), one fixed fee`,
              },
              { value: "24 hours", label: "to hear back about your valuation" },
              { value: "3", label: "kinds of specialist on every sale" },
              { value: "£0", label: "commission on your sale price" },
            ].map((fact) => (
              <div
                key={fact.label}
                className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <dt className="mt-1 text-sm text-slate-600">{fact.label}</dt>
                <dd className="text-3xl font-extrabold tracking-tight text-emerald-800">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="team-heading" className="bg-slate-50 py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionIntro
            id="team-heading"
            eyebrow="Our professionals"
            title="Photographers, RICS valuers and solicitors"
          >
            Three kinds of specialist, one team, and one point of contact for you.
          </SectionIntro>
          <div className="mt-12 grid gap-6 lg:grid-cols-3">
            {TEAMS.map(({ id, title, Icon, intro, points }) => (
              <section
                key={id}
                id={id}
                aria-labelledby={`${id}-heading`}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
              >
                <span className="grid size-12 place-items-center rounded-xl bg-emerald-700 text-white">
                  <Icon className="size-6" />
                </span>
                <h3 id={`${id}-heading`} className="mt-5 text-xl font-bold text-slate-900">
                  {title}
                </h3>
                <p className="mt-2 leading-7 text-slate-600">{intro}</p>
                <ul className="mt-5 space-y-2.5">
                  {points.map((point) => (
                    <li key={point} className="flex gap-2 text-slate-800">
                      <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-700" />
                      {point}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <ReferralDisclosure className="mt-8 rounded-2xl border border-slate-200 bg-white p-6" />
        </div>
      </section>

      <section aria-labelledby="about-cta-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="about-cta-heading" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Ready to meet your valuer?
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Book a valuation in a couple of minutes. An agent will be in touch within 24 hours.
          </p>
          <ValuationButtons
            secondary={{ to: "/contact-us", label: "Contact us" }}
            className="mt-8 items-center justify-center sm:flex-row"
          />
        </div>
      </section>
    </>
  );
}
