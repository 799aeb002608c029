import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { getEnv } from "./lib/env.server";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function loader() {
  return { contactPhone: getEnv().CONTACT_PHONE };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const site = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        <SiteHeader contactPhone={site?.contactPhone} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <ScrollToTop />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The spec asks for the top of the page on every change of path (not on query or hash changes). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "We're still building this page" : "Sorry, something went wrong";
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>{`${title} | MoveWise`}</title>
      <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">
        {notFound ? "Page not found (404)" : isRouteErrorResponse(error) ? `Error ${error.status}` : "Error"}
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">
        {notFound
          ? "This part of the site is still being built, or the address has a typo. Everything else is ready to use."
          : "We have logged the problem and will look into it. Please try again in a moment."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className="rounded-md bg-emerald-700 px-5 py-2.5 font-semibold text-white hover:bg-emerald-800">
          Go to the home page
        </a>
        <a href="/contact-us" className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50">
          Contact us
        </a>
      </div>
    </section>
  );
}
