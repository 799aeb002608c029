// Pages with nothing interactive are sent without client JavaScript: static pages need none
// (docs/decisions/0002-pages-without-react.md). A route opts out with `export const handle = { hydrate: false }`; the page
// is sent without scripts only when every route it matches (other than the root) opts out. Pages with
// forms opt out too, with `enhance: true`: root.tsx then adds app/lib/form-enhancer.ts, a few KB that
// check fields as they are filled in and show the submit buttons' pending labels.
import { type UIMatch, useMatches } from "react-router";

export type HydrationHandle = { hydrate?: boolean; enhance?: boolean };

/** For a route module: `export const handle = staticPage;` */
export const staticPage: HydrationHandle = { hydrate: false };

/** For a route module whose forms are enhanced without React: `export const handle = enhancedPage;` */
export const enhancedPage: HydrationHandle = { hydrate: false, enhance: true };

type Match = Pick<UIMatch, "id" | "handle">;
const routesOf = (matches: readonly Match[]) => matches.filter((m) => m.id !== "root");
const handleOf = (match: Match) => match.handle as HydrationHandle | undefined;

export function pageHydrates(matches: readonly Match[]): boolean {
  const routes = routesOf(matches);
  if (routes.length === 0) return true;
  return routes.some((m) => handleOf(m)?.hydrate !== false);
}

/** Whether a page sent without React needs the form enhancer. */
export function pageEnhancesForms(matches: readonly Match[]): boolean {
  return routesOf(matches).some((m) => handleOf(m)?.enhance === true);
}

/**
 * Whether React runs this page in the browser: a page sent without its scripts (`handle.hydrate: false`)
 * only does after a client-side navigation from a page that has them.
 */
export function useScripted() {
  return pageHydrates(useMatches()) || typeof document !== "undefined";
}
