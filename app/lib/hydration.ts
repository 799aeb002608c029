// Render modes (docs/decisions/0002-pages-without-react.md). A public page whose interactive parts are
// forms, links and dialogs is sent without React: `export const handle = withoutReact;` and
// `export const clientLoader = loadAsDocument;`. Such a page gets app/browser/main.ts (a few KB), which loads
// only the behaviours its markup asks for. It has one render mode: a client-side navigation to it from a
// React page loads it as a document, so React never renders it in the browser.
import type { ClientLoaderFunctionArgs, UIMatch } from "react-router";

export type HydrationHandle = { hydrate?: boolean };

/** For a route module sent without React: `export const handle = withoutReact;`. */
export const withoutReact: HydrationHandle = { hydrate: false };

type Match = Pick<UIMatch, "id" | "handle">;

/** Whether a page is sent with React: unless every route it matches (other than the root) says otherwise. */
export function pageHydrates(matches: readonly Match[]): boolean {
  const routes = matches.filter((m) => m.id !== "root");
  if (routes.length === 0) return true;
  return routes.some((m) => (m.handle as HydrationHandle | undefined)?.hydrate !== false);
}

/**
 * The server loader of such a page that has no data of its own (`export const loader = noData;`): a route
 * with a clientLoader and no server loader would be rendered on the server as its HydrateFallback.
 */
export const noData = () => null;

/**
 * For a route module sent without React: `export const clientLoader = loadAsDocument;`. A client-side
 * navigation to the page (a link on a React page) becomes a document load, so the page is always the one
 * the server sent.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  // Never settles: the browser is leaving this document.
  return new Promise<never>(() => {});
}

/**
 * Headers for an action's redirect from a React page to a page sent without React: the browser loads the
 * page as a document at once. A plain redirect would first revalidate the root loader, which takes the
 * toast the page is meant to show.
 */
export const DOCUMENT_REDIRECT = { "X-Remix-Reload-Document": "true" } as const;
