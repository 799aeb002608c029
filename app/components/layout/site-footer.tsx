import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";

import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from "../ui/brand-icons";
import { Wordmark } from "./logo";

const COLUMNS = [
  {
    heading: "Sales",
    links: [
      { to: "/valuation", label: "Sell your home" },
      { to: "/property-search", label: "Property search" },
      { to: "/view-properties", label: "View properties" },
      { to: "/why-choose-us", label: "Why choose us" },
    ],
  },
  {
    heading: "Help",
    links: [
      { to: "/contact-us", label: "Contact us" },
      { to: "/about", label: "About us" },
      { to: "/privacy-policy", label: "Privacy policy" },
    ],
  },
] as const;

const LEGAL_LINKS = [
  { to: "/privacy-policy", label: "Privacy" },
  { to: "/privacy-policy#cookies", label: "Cookies" },
  { to: "/privacy-policy#terms", label: "Terms" },
] as const;

const SOCIAL_LINKS: { href: string; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { href: "https://www.facebook.com/", label: "MoveWise on Facebook", Icon: FacebookIcon },
  { href: "https://x.com/", label: "MoveWise on X", Icon: XIcon },
  { href: "https://www.instagram.com/", label: "MoveWise on Instagram", Icon: InstagramIcon },
  { href: "https://www.linkedin.com/", label: "MoveWise on LinkedIn", Icon: LinkedInIcon },
];

const OGL_URL = "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/";
const CC_BY_SA_URL = "https://creativecommons.org/licenses/by-sa/4.0/";

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
const footerLink = `rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline ${focusRing}`;

export function SiteFooter() {
  const year = new Date().getFullYear();

  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-10 sm:px-6 lg:px-8 lg:pt-16">
        <div className="grid gap-10 md:grid-cols-12">
          <div className="md:col-span-5 lg:col-span-4">
            <Link to="/" className={`-m-1 inline-block rounded-lg p-1 ${focusRing}`} aria-label="MoveWise home">
              <Wordmark tone="light" />
            </Link>
            <p className="mt-4 max-w-sm text-sm leading-6 text-slate-300">
              The smarter way to sell your home: accredited valuations, professional media packs and a fixed fee instead
              of commission.
            </p>
            <ul className="mt-6 flex gap-3" aria-label="Social media">
              {SOCIAL_LINKS.map(({ href, label, Icon }) => (
                <li key={href}>
                  <a
                    href={href}
                    aria-label={label}
                    rel="noopener noreferrer"
                    className={`grid size-10 place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-emerald-700 ${focusRing}`}
                  >
                    <Icon className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 md:col-span-7 lg:col-span-5">
            {COLUMNS.map((column) => (
              <div key={column.heading}>
                <h2 className="text-sm font-bold tracking-wider text-white uppercase">{column.heading}</h2>
                <ul className="mt-4 space-y-3 text-sm">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={footerLink}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>

          <div className="md:col-span-12 lg:col-span-3">
            <h2 className="text-sm font-bold tracking-wider text-white uppercase">We accept</h2>
            <img
              src="/payment-methods.svg"
              alt="Payment methods accepted: Visa, Mastercard, American Express, Apple Pay"
              width={280}
              height={40}
              className="mt-4 h-auto w-[280px] max-w-full"
            />
            <p className="mt-3 text-xs leading-5 text-slate-400">Secure card payments in pounds sterling.</p>
          </div>
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t border-white/10 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>© {year} MoveWise Ltd. All rights reserved.</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <div className="mt-8 space-y-1 text-xs leading-5 text-slate-400">
          <p>Contains OS data © Crown copyright and database right 2025.</p>
          <p>Contains Royal Mail data © Royal Mail copyright and database right 2025.</p>
          <p>Contains National Statistics data © Crown copyright and database right 2025.</p>
          <p>
            Contains public sector information licensed under the{" "}
            <a href={OGL_URL} rel="license noopener noreferrer" className={`${footerLink} text-slate-300 underline`}>
              Open Government Licence v3.0
            </a>
            .
          </p>
          <p>
            Post town and postcode area names: Wikipedia contributors, licensed under{" "}
            <a
              href={CC_BY_SA_URL}
              rel="license noopener noreferrer"
              className={`${footerLink} text-slate-300 underline`}
            >
              CC BY-SA 4.0
            </a>
            .
          </p>
        </div>
      </div>
    </footer>
  );
}
