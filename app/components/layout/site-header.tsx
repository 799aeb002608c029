import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";

import { attach as attachMenus, closeMenus } from "../../browser/details-menu";
import { dashboardPath, type Role, ROLE_LABELS } from "../../modules/auth/roles";
import { buttonClass } from "../ui/button";
import {
  ArrowRightIcon,
  BellIcon,
  ChevronDownIcon,
  CloseIcon,
  DashboardIcon,
  HeartIcon,
  HomeIcon,
  LogoutIcon,
  MailIcon,
  MenuIcon,
  PhoneIcon,
  UserIcon,
} from "../ui/icons";
import { useBehaviour } from "../use-behaviour";
import { Wordmark } from "./logo";

export type HeaderUser = { email: string; userType: Role };

type SiteHeaderProps = {
  contactPhone?: string;
  user?: HeaderUser | null;
};

const NAV_LINKS = [
  { to: "/why-choose-us", label: "Why Choose Us" },
  { to: "/about", label: "About Us" },
] as const;

/** "0330 912 4570" → "tel:03309124570": the number as dialled, without spaces or punctuation. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";
const summaryReset = "cursor-pointer list-none select-none [&::-webkit-details-marker]:hidden";
const dropdownPanel =
  "absolute z-50 mt-2 rounded-xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10 ring-1 ring-slate-900/5";
const menuItem = `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-emerald-50 hover:text-emerald-900 ${focusRing}`;

export function SiteHeader({ contactPhone, user = null }: SiteHeaderProps) {
  // The menus are <details>: app/browser/details-menu.ts closes them on Escape and outside clicks, here
  // and on pages sent without React (data-menus); a React page also closes them when the page changes, but
  // not when it hydrates: a menu opened before then stays open.
  const attachRef = useBehaviour(attachMenus);
  const headerRef = useRef<HTMLElement | null>(null);
  const { pathname, search } = useLocation();
  const shownFor = useRef(pathname + search);
  useEffect(() => {
    if (shownFor.current === pathname + search) return;
    shownFor.current = pathname + search;
    if (headerRef.current) closeMenus(headerRef.current);
  }, [pathname, search]);

  return (
    <header
      ref={(element) => {
        headerRef.current = element;
        return attachRef(element);
      }}
      data-menus=""
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-[60] focus:px-4 focus:py-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
      >
        Skip to content
      </a>
      <nav
        aria-label="Main"
        className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:h-[4.5rem] lg:px-8"
      >
        <Link to="/" className={`-m-1 shrink-0 rounded-lg p-1 ${focusRing}`} aria-label="MoveWise home">
          <Wordmark />
        </Link>

        {/* Desktop and tablet (768 px and wider) */}
        <ul className="ml-3 hidden items-center gap-0.5 md:flex lg:ml-8 lg:gap-1">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `block rounded-lg px-2.5 py-2 text-sm font-semibold whitespace-nowrap lg:px-3 lg:text-[0.95rem] ${focusRing} ${
                    isActive
                      ? "text-emerald-800 underline decoration-2 underline-offset-8"
                      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <ContactDropdown contactPhone={contactPhone} />
          </li>
        </ul>

        <div className="ml-auto flex items-center gap-2 lg:gap-3">
          {/* Below 360 px the button lives in the menu only, so the bar never overflows. */}
          <div className="hidden min-[360px]:block">
            <Link to="/valuation" className={buttonClass({ size: "sm", className: "lg:px-4 lg:py-2.5" })}>
              <span className="md:hidden">Book Valuation</span>
              <span className="hidden md:inline">Book House Valuation</span>
            </Link>
          </div>
          <div className="hidden md:block">{user ? <UserMenu user={user} /> : <LoginLink />}</div>
          <MobileMenu contactPhone={contactPhone} user={user} />
        </div>
      </nav>
    </header>
  );
}

function ContactDropdown({ contactPhone }: { contactPhone?: string }) {
  return (
    <details name="site-header-menu" className="group relative">
      <summary
        className={`${summaryReset} flex items-center gap-1 rounded-lg px-2.5 py-2 text-sm font-semibold text-slate-700 group-open:bg-slate-100 group-open:text-slate-900 hover:bg-slate-100 hover:text-slate-900 lg:px-3 lg:text-[0.95rem] ${focusRing}`}
      >
        Contact
        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className={`${dropdownPanel} left-0 w-72`}>
        <ContactItems contactPhone={contactPhone} />
      </div>
    </details>
  );
}

function ContactItems({ contactPhone }: { contactPhone?: string }) {
  return (
    <ul className="space-y-1">
      {contactPhone ? (
        <li>
          <a href={telHref(contactPhone)} className={`${menuItem} items-start`}>
            <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-800">
              <PhoneIcon className="size-[1.125rem]" />
            </span>
            <span>
              <span className="block text-xs font-medium text-slate-600">Call us</span>
              <span className="block text-base font-bold tracking-wide text-slate-900">{contactPhone}</span>
            </span>
          </a>
        </li>
      ) : null}
      <li>
        <Link to="/contact-us" className={`${menuItem} items-start`}>
          <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-800">
            <MailIcon className="size-[1.125rem]" />
          </span>
          <span>
            <span className="block text-base font-bold text-slate-900">Contact Us</span>
            <span className="block text-xs font-medium text-slate-600">Send us a message online</span>
          </span>
        </Link>
      </li>
    </ul>
  );
}

function LoginLink() {
  return (
    <Link
      to="/login"
      className={`flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:px-3 lg:text-[0.95rem] ${focusRing}`}
    >
      <UserIcon className="size-[1.125rem]" />
      Login
    </Link>
  );
}

function Avatar({ email }: { email: string }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-8 shrink-0 place-items-center rounded-full bg-emerald-800 text-sm font-bold text-white uppercase"
    >
      {email.trim().charAt(0) || "?"}
    </span>
  );
}

function AccountSummary({ user }: { user: HeaderUser }) {
  return (
    <div className="px-3 pt-2 pb-3">
      <p className="text-xs font-medium text-slate-600">Signed in as</p>
      <p className="mt-0.5 truncate text-sm font-semibold text-slate-900" title={user.email}>
        {user.email}
      </p>
      <p className="mt-2 text-xs text-slate-600">
        <span className="sr-only">Account type: </span>
        <span className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 font-semibold text-emerald-900 ring-1 ring-emerald-700/20 ring-inset">
          {ROLE_LABELS[user.userType]}
        </span>
      </p>
    </div>
  );
}

function AccountActions({ user }: { user: HeaderUser }) {
  return (
    <>
      <Link to={dashboardPath(user.userType)} className={menuItem}>
        <DashboardIcon className="size-[1.125rem] text-emerald-800" />
        {user.userType === "buyer" ? "My home search" : "My Dashboard"}
      </Link>
      {user.userType === "admin" ? null : (
        <Link to="/saved-homes" className={menuItem}>
          <HeartIcon className="size-[1.125rem] text-emerald-800" />
          Saved homes
        </Link>
      )}
      {user.userType === "buyer" ? (
        <Link to="/my-offers" className={menuItem}>
          <HomeIcon className="size-[1.125rem] text-emerald-800" />
          My offers
        </Link>
      ) : null}
      {user.userType === "admin" ? null : (
        <Link to="/saved-searches" className={menuItem}>
          <BellIcon className="size-[1.125rem] text-emerald-800" />
          Saved searches
        </Link>
      )}
      <Link to="/account" className={menuItem}>
        <UserIcon className="size-[1.125rem] text-emerald-800" />
        My account and data
      </Link>
      <form method="post" action="/logout">
        <button type="submit" className={`${menuItem} w-full cursor-pointer text-left`}>
          <LogoutIcon className="size-[1.125rem] text-emerald-800" />
          Logout
        </button>
      </form>
    </>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  return (
    <details name="site-header-menu" className="group relative">
      <summary
        className={`${summaryReset} flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-slate-700 group-open:bg-slate-100 hover:bg-slate-100 ${focusRing}`}
      >
        <Avatar email={user.email} />
        <span className="sr-only">Account: </span>
        <span className="sr-only lg:not-sr-only lg:max-w-[11rem] lg:truncate">{user.email}</span>
        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className={`${dropdownPanel} right-0 w-64`}>
        <AccountSummary user={user} />
        <div className="border-t border-slate-200 pt-1">
          <AccountActions user={user} />
        </div>
      </div>
    </details>
  );
}

function MobileMenu({ contactPhone, user }: { contactPhone?: string; user: HeaderUser | null }) {
  return (
    <details name="site-header-menu" className="group md:hidden">
      <summary
        className={`${summaryReset} -mr-1 grid size-11 place-items-center rounded-lg text-slate-800 group-open:bg-slate-100 hover:bg-slate-100 ${focusRing}`}
      >
        <span className="sr-only">Menu</span>
        <MenuIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
      </summary>
      <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-xl shadow-slate-900/10">
        <div className="space-y-5 px-4 pt-3 pb-6 sm:px-6">
          <ul className="space-y-1">
            <li>
              <NavLink to="/" end className={mobileLinkClass}>
                Home
              </NavLink>
            </li>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={mobileLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>

          <div role="group" aria-labelledby="mobile-menu-contact" className="border-t border-slate-200 pt-4">
            <p id="mobile-menu-contact" className="px-3 pb-1 text-xs font-bold tracking-wider text-slate-600 uppercase">
              Get in touch
            </p>
            <ContactItems contactPhone={contactPhone} />
          </div>

          <Link to="/valuation" className={buttonClass({ size: "lg", className: "w-full" })}>
            Book House Valuation
            <ArrowRightIcon className="size-5" />
          </Link>

          <div role="group" aria-labelledby="mobile-menu-account" className="border-t border-slate-200 pt-4">
            <p id="mobile-menu-account" className="px-3 pb-1 text-xs font-bold tracking-wider text-slate-600 uppercase">
              Account
            </p>
            {user ? (
              <>
                <AccountSummary user={user} />
                <AccountActions user={user} />
              </>
            ) : (
              <Link to="/login" className={menuItem}>
                <UserIcon className="size-[1.125rem] text-emerald-800" />
                Login
              </Link>
            )}
          </div>
        </div>
      </div>
    </details>
  );
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-lg px-3 py-3 text-base font-semibold ${focusRing} ${
    isActive ? "bg-emerald-50 text-emerald-900" : "text-slate-800 hover:bg-slate-100"
  }`;
}
