import { useContext, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import browserEntryUrl from "virtual:browser-entry-url";

import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { Toaster } from "./components/toast";
import { getEnv } from "./lib/env.server";
import { pageHydrates } from "./lib/hydration";
import { NonceContext } from "./lib/nonce";
import { toasts } from "./lib/toast.server";
import { getUser } from "./modules/auth/identity.server";
import { referralArrangements } from "./modules/marketing/disclosures.server";

// `precedence` makes the stylesheet a React resource, which React sends ahead of the module preloads it
// hoists into <head>: the page can paint as soon as its CSS has arrived, not after all the scripts.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  // Reading the toast signs a fresh cookie: only worth it when the visitor carries one.
  const { toast, headers } = /(?:^|;\s*)toast=/.test(request.headers.get("Cookie") ?? "")
    ? await toasts().getToast(request)
    : { toast: undefined, headers: undefined };
  return data(
    {
      contactPhone: getEnv().CONTACT_PHONE,
      // Shown wherever the package is offered (app/components/marketing/referral-disclosure.tsx).
      referrals: referralArrangements(),
      mapTiles:
        getEnv().MAP_TILE_URL === "none"
          ? null
          : { url: getEnv().MAP_TILE_URL, attribution: getEnv().MAP_TILE_ATTRIBUTION },
      user: user ? { email: user.email, userType: user.role } : null,
      toast,
    },
    // Only a shown toast changes the cookie; answering every page with Set-Cookie would make it uncacheable.
    toast ? { headers } : undefined,
  );
}

const ZOD_JITLESS =
  "globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });";

export function Layout({ children }: { children: React.ReactNode }) {
  const site = useRouteLoaderData<typeof loader>("root");
  const nonce = useContext(NonceContext);
  // A page whose every route says `handle = { hydrate: false }` is sent as plain HTML: no scripts, no
  // module preloads. Once React runs in the browser (after a client-side navigation from a hydrated
  // page) it keeps its scripts, since removing them would change nothing but scroll restoration.
  const matches = useMatches();
  const hydrate = pageHydrates(matches) || typeof document !== "undefined";
  return (
    <html lang="en-GB" data-no-hydration={hydrate ? undefined : ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Before any module defines a schema: zod's fast parsers use `new Function`, which the CSP forbids
            (it would report even zod's probe for it as a violation). */}
        {hydrate ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} /> : null}
        {/* A page without React gets its behaviours from app/browser (docs/decisions/0009-browser-behaviours.md). */}
        {hydrate ? null : <script type="module" nonce={nonce} src={browserEntryUrl} />}
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        <SiteHeader contactPhone={site?.contactPhone} user={site?.user} />
        <Toaster toast={site?.toast} leaveWithoutScript={!hydrate} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        {hydrate ? (
          <>
            <ScrollToTop />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * The spec asks for the top of the page on every change of path (not on query or hash changes). A link
 * to an anchor (/privacy-policy#cookies) is left to the browser and the page.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export default function App() {
  // Marks the document once React runs it, so browser tests know when links behave as scripted (dialogs).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

const errorPages = {
  404: {
    eyebrow: "Page not found (404)",
    title: "We're still building this page",
    text: "This part of the site is still being built, or the address has a typo. Everything else is ready to use.",
  },
  403: {
    eyebrow: "Not allowed (403)",
    title: "This page isn't available to your account",
    text: "You are signed in, but this page belongs to a different kind of account. Your dashboard has everything you can do.",
  },
  500: {
    eyebrow: "Error",
    title: "Sorry, something went wrong",
    text: "We have logged the problem and will look into it. Please try again in a moment.",
  },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const page = status === 404 || status === 403 ? errorPages[status] : errorPages[500];
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>{`${page.title} | MoveWise`}</title>
      <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">{page.eyebrow}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
      <p className="mt-4 text-lg text-slate-600">{page.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className="rounded-md bg-emerald-700 px-5 py-2.5 font-semibold text-white hover:bg-emerald-800">
          Go to the home page
        </a>
        <a
          href="/contact-us"
          className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50"
        >
          Contact us
        </a>
      </div>
    </section>
  );
}
