// Each route has one render mode (docs/decisions/0002-pages-without-react.md): a route sent without React
// also loads as a document after a client-side navigation, so React never renders it in the browser.
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { pageHydrates, withoutReact } from "../../app/lib/hydration";
import { routeFiles } from "../support/route-files";

const root = { id: "root", handle: undefined };

describe("pageHydrates", () => {
  it("sends a page without React only when every route it matches says so", () => {
    expect(pageHydrates([root])).toBe(true);
    expect(pageHydrates([root, { id: "routes/login", handle: withoutReact }])).toBe(false);
    expect(pageHydrates([root, { id: "routes/account", handle: undefined }])).toBe(true);
    expect(pageHydrates([root, { id: "routes/a", handle: withoutReact }, { id: "routes/b", handle: undefined }])).toBe(
      true,
    );
  });
});

describe("routes sent without React", () => {
  const routes = [...new Set(routeFiles().map(([file]) => file))].map((name) => ({
    name,
    source: readFileSync(`app/${name}`, "utf8"),
  }));
  const withoutReactRoutes = routes.filter((r) => /export const handle = withoutReact;/.test(r.source));

  it("are the public pages", () => {
    expect(withoutReactRoutes.length).toBeGreaterThan(10);
  });

  it.each(withoutReactRoutes.map((r) => [r.name, r.source]))("%s loads as a document", (_name, source) => {
    expect(source).toMatch(/export const clientLoader = loadAsDocument;/);
    // Else the server would render the route's HydrateFallback instead of the page.
    expect(source).toMatch(/export (async function loader|function loader|const loader = (noData|page\.loader);)/);
  });

  it("never load the React twins of browser behaviours", () => {
    for (const { name, source } of routes)
      expect(source, name).not.toMatch(/useScripted|dangerouslySetInnerHTML=\{\{ __html: [A-Z_]+SCRIPT/);
  });
});
