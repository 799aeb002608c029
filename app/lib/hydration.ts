// Pages with nothing interactive are sent without client JavaScript (issue 12: "no client JavaScript
// needed on static pages"). A route opts out with `export const handle = { hydrate: false }`; the page
// is sent without scripts only when every route it matches (other than the root) opts out.
import type { UIMatch } from "react-router";

export type HydrationHandle = { hydrate?: boolean };

/** For a route module: `export const handle = staticPage;` */
export const staticPage: HydrationHandle = { hydrate: false };

export function pageHydrates(matches: readonly Pick<UIMatch, "id" | "handle">[]): boolean {
  const routes = matches.filter((m) => m.id !== "root");
  if (routes.length === 0) return true;
  return routes.some((m) => (m.handle as HydrationHandle | undefined)?.hydrate !== false);
}
