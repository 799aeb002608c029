// The privacy policy, also the target of the footer's Cookies (#cookies) and Terms (#terms) links. Each
// section is a <details> element, so it opens and closes without JavaScript; the browser opens the
// right one when the address names an anchor inside it, and the effect below does the same for links
// followed inside the app.
import { type ReactNode, useEffect } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";

import { ChevronDownIcon } from "../components/ui/icons";
import { loadAsDocument, noData, withoutReact } from "../lib/hydration";
import { RETENTION_YEARS } from "../modules/privacy/retention";
import type { loader as rootLoader } from "../root";

export function meta() {
  return [
    { title: "Privacy Policy | MoveWise" },
    {
      name: "description",
      content:
        "What personal data MoveWise collects, why, on what lawful basis, how long we keep it, cookies and our terms of use.",
    },
  ];
}

const LAST_UPDATED = "21 November 2026";

type Section = { id: string; title: string; body: ReactNode };

function years(n: number) {
  return `${n} ${n === 1 ? "year" : "years"}`;
}

function sections(contactPhone?: string): Section[] {
  return [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <p>
          MoveWise Ltd (&ldquo;we&rdquo;) is a UK estate agency and the controller of the personal data described here.
          You can reach us through our <Link to="/contact-us">contact form</Link>
          {contactPhone ? <> or on {contactPhone}</> : null}. We follow the UK General Data Protection Regulation (UK
          GDPR) and the Data Protection Act 2018.
        </p>
      ),
    },
    {
      id: "what-we-collect",
      title: "What we collect",
      body: (
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, phone number and a securely hashed password.
          </li>
          <li>
            <strong>Property details:</strong> the address, description, photographs, floor plans and documents of a
            home you sell with us.
          </li>
          <li>
            <strong>Requests you send:</strong> valuation and viewing requests and contact messages, with the contact
            details and message you give us, and whether you agreed to hear about news and offers.
          </li>
          <li>
            <strong>Contracts and payments:</strong> your signature on our contract, and a record of each payment. Card
            numbers go straight to our payment provider; we never see or store them.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address and browser type when you sign in, sign a contract or send
            a form, to protect your account and our service from abuse.
          </li>
        </ul>
      ),
    },
    {
      id: "why-we-use-it",
      title: "Why we use it",
      body: (
        <ul>
          <li>To value, market and sell your home, and to arrange viewings and valuations you ask for.</li>
          <li>To answer your messages and keep you informed about your sale.</li>
          <li>To take payment for your selling package and keep the records the law requires.</li>
          <li>To keep your account secure and stop fraud and abuse.</li>
          <li>To send you news and offers, only if you agreed to it. You can unsubscribe at any time.</li>
        </ul>
      ),
    },
    {
      id: "lawful-basis",
      title: "Our lawful basis",
      body: (
        <ul>
          <li>
            <strong>Contract:</strong> to provide the selling package, viewings and valuations you ask for.
          </li>
          <li>
            <strong>Legal obligation:</strong> anti-money-laundering checks, accounting and tax records.
          </li>
          <li>
            <strong>Legitimate interests:</strong> keeping our service secure, answering enquiries and improving our
            website, where this does not override your rights.
          </li>
          <li>
            <strong>Consent:</strong> marketing emails and any optional cookies. You can withdraw consent at any time.
          </li>
        </ul>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      body: (
        <>
          <ul>
            <li>
              <strong>Account data</strong> (with your projects, contracts and payment records):{" "}
              {years(RETENTION_YEARS.accountAfterClosure)} after you close your account.
            </li>
            <li>
              <strong>Viewing and valuation requests:</strong> {years(RETENTION_YEARS.viewingsAndValuations)}.
            </li>
            <li>
              <strong>Website analytics:</strong> about {years(RETENTION_YEARS.analytics)}.
            </li>
            <li>
              <strong>Support records</strong> (contact messages and our replies):{" "}
              {years(RETENTION_YEARS.supportRecords)}.
            </li>
          </ul>
          <p>After that we delete the data, or anonymise it so that it can no longer identify you.</p>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Who we share it with",
      body: (
        <p>
          Only the people who help us sell your home or run our service: our photographers, RICS valuers and partner
          solicitors, our payment provider, our email and hosting providers, and a mortgage broker if you ask for
          mortgage advice. Each may use the data only to help us. We never sell your personal data.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      body: (
        <p>
          You can ask for a copy of your data, and ask us to correct it, delete it, restrict or object to its use, or
          send it to you in a portable form. <Link to="/contact-us">Contact us</Link> to use these rights. If you are
          unhappy with how we handled your data, you can complain to the Information Commissioner&rsquo;s Office
          (ico.org.uk).
        </p>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <>
          <p>We use only the cookies the site needs to work. We set no advertising or tracking cookies.</p>
          <ul>
            <li>
              <strong>__session</strong> keeps you signed in: until you close your browser, or for 30 days if you choose
              &ldquo;Remember for 30 days&rdquo;.
            </li>
            <li>
              <strong>__device</strong> remembers, for 180 days, that this browser has signed in to your account before,
              so that other people&rsquo;s failed attempts to sign in to it never keep you out. It holds a random
              number, not your email address, and is sent only when you log in.
            </li>
            <li>
              <strong>toast</strong> carries a short message, such as &ldquo;Message sent successfully!&rdquo;, to the
              next page, and is removed once shown.
            </li>
            <li>
              <strong>valuation_flow</strong> remembers your answers while you book a valuation, for up to 2 hours.
            </li>
          </ul>
          <p>
            The video on our Why Choose Us page loads from YouTube&rsquo;s privacy-enhanced player only when you press
            play.
          </p>
        </>
      ),
    },
    {
      id: "terms",
      title: "Terms of use",
      body: (
        <>
          <p>
            By using this website you agree to use it lawfully and not to disrupt it. Property details, prices and
            photographs are provided in good faith by sellers and our professionals, but they do not form part of any
            contract; check important facts before you buy.
          </p>
          <p>
            The selling package, its fee and what it includes are set out in the contract you sign before you pay.
            Valuations are an opinion of likely selling price on the date given, not a guarantee.
          </p>
        </>
      ),
    },
  ];
}

/** Opens the section that holds the address's #anchor when a link inside the app leads here. */
function useOpenSectionForHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    const details = target?.closest("details");
    if (!target || !details) return;
    details.open = true;
    target.scrollIntoView({ block: "start" });
  }, [hash]);
}

// Nothing here needs React: the page is sent without it (docs/decisions/0002-pages-without-react.md).
export const handle = withoutReact;
export const loader = noData;
export const clientLoader = loadAsDocument;

export default function PrivacyPolicy() {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  useOpenSectionForHash();
  return (
    <div className="bg-linear-to-b from-emerald-50 via-white to-white">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-bold tracking-wider text-emerald-700 uppercase">Legal</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">Privacy Policy</h1>
        <p className="mt-4 text-lg leading-8 text-slate-700">
          How MoveWise collects, uses and protects your personal data, the cookies we use, and the terms of using this
          website. Open a section to read it.
        </p>
        <p className="mt-2 text-sm text-slate-600">Last updated {LAST_UPDATED}.</p>
        <div className="mt-10 space-y-3">
          {sections(site?.contactPhone).map((section) => (
            <details
              key={section.id}
              className="group rounded-xl border border-slate-200 bg-white shadow-sm open:shadow-md"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 [&::-webkit-details-marker]:hidden">
                <h2 className="text-lg font-bold text-slate-900">{section.title}</h2>
                <ChevronDownIcon className="size-5 shrink-0 text-emerald-800 transition-transform group-open:rotate-180" />
              </summary>
              {/* The anchor sits inside the section, so following #cookies opens it even without JavaScript. */}
              <div
                id={section.id}
                className="scroll-mt-40 space-y-3 border-t border-slate-200 px-5 pt-4 pb-5 leading-7 text-slate-700 [&_a]:font-semibold [&_a]:text-emerald-800 [&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_ul]:space-y-2"
              >
                {section.body}
              </div>
            </details>
          ))}
        </div>
      </div>
    </div>
  );
}
