// The ceiling for the uncached pages: React's renderToString of the SAME page the server sends (the root
// route's real Layout and App around the real route component: header, footer, meta tags, links), with the
// SAME data, and nothing else: no Express, no session or cookie parsing, no loaders, no database.
//
// How "the same data" is ensured: bench/ceilings/page-ssr.js asks the running app server for the page's
// loader data (`<path>.data`, React Router's single-fetch answer, decoded with React Router's own decoder so
// Dates and the like come back as they left the loaders) for each URL it renders (bench/run.js gives it the
// first of the uncached load's own URLs for each page), and the routes here return exactly that data. The
// route tree is the one app/routes.ts gives those URLs (root, then the page), so the element tree is the
// page's own. Built by bench/lib/build-entries.js.
//
// Checked against the app's own HTML for the same URL: the two differ only in the nonces' values.
// What is left out, on purpose: the script tags of a page that hydrates (none of the three public pages
// measured here does: each says `handle = withoutReact`), and the work that is not React's (compression,
// headers, the nonce in the Content-Security-Policy).
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_withComponentProps as withComponentProps,
} from "react-router";

import { NonceProvider } from "../../app/lib/nonce";
import { createNonce } from "../../app/lib/security-headers.server";
import * as rootModule from "../../app/root";
import * as searchModule from "../../app/routes/property-search";
import * as listModule from "../../app/routes/view-properties";
import * as detailModule from "../../app/routes/view-properties.$projectId";

type RouteModule = {
  default: React.ComponentType;
  handle?: unknown;
  meta?: unknown;
  links?: unknown;
};

/** The pages measured, with the route ids and paths app/routes.ts gives them. */
export const PAGES = {
  detail: { id: "routes/view-properties.$projectId", path: "view-properties/:projectId", module: detailModule },
  list: { id: "routes/view-properties", path: "view-properties", module: listModule },
  searchPage: { id: "routes/property-search", path: "property-search", module: searchModule },
} as const;

export type PageName = keyof typeof PAGES;

/** `/view-properties/7?x=1` → `/view-properties/7.data?x=1` (the single-fetch address of its loader data). */
export function dataUrl(url: URL) {
  const data = new URL(url);
  data.pathname = `${url.pathname === "/" ? "/_root" : url.pathname.replace(/\/$/, "")}.data`;
  return data;
}

/** The loader data of `url` by route id, as the running server's loaders produced it. */
export async function captureLoaderData(url: URL): Promise<Record<string, unknown>> {
  const res = await fetch(dataUrl(url));
  if (!res.ok || !res.body) throw new Error(`${dataUrl(url)} answered ${res.status}`);
  const decoded = (await decodeViaTurboStream(res.body, globalThis)) as { value: unknown };
  const byRoute = decoded.value as Record<string, { data?: unknown; error?: unknown }>;
  const data: Record<string, unknown> = {};
  for (const [id, result] of Object.entries(byRoute)) {
    if (result && "error" in result && result.error !== undefined) throw new Error(`${id}'s loader failed`);
    data[id] = result?.data;
  }
  return data;
}

/**
 * A renderer for one page: the route tree root → page, loaders returning the captured data, run once through
 * React Router's static handler (the matches and data the page renders with). Each call renders the page.
 */
export async function pageRenderer(page: PageName, url: URL, data: Record<string, unknown>) {
  const { id, path, module } = PAGES[page];
  const root = rootModule as unknown as RouteModule & { Layout: React.ComponentType<{ children: React.ReactNode }> };
  const leaf = module as unknown as RouteModule;
  if (!(id in data) || !("root" in data)) throw new Error(`${url} has no loader data for root and ${id}`);
  // React Router's Vite plugin wraps each route's default export so it gets `loaderData`, `params`… as props;
  // this build has no plugin, so the same wrapper is applied here.
  const App = withComponentProps(root.default as never);
  const Page = withComponentProps(leaf.default as never);
  const Root = () => (
    <root.Layout>
      <App />
    </root.Layout>
  );
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => data.root,
      Component: Root,
      handle: root.handle,
      children: [{ id, path, loader: () => data[id], Component: Page, handle: leaf.handle }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status} in the ceiling`);
  const manifestRoute = (routeId: string, parentId?: string) => ({
    id: routeId,
    parentId,
    path: "",
    module: "",
    hasLoader: true,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
  });
  const framework = {
    manifest: {
      routes: { root: manifestRoute("root"), [id]: manifestRoute(id, "root") },
      entry: { module: "", imports: [] },
      url: "",
      version: "bench",
    },
    routeModules: { root: rootModule, [id]: module },
    future: {},
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "initial" },
  } as unknown as NonNullable<React.ContextType<typeof FrameworkContext>>;
  return () => {
    const nonce = createNonce();
    const router = createStaticRouter(handler.dataRoutes, context);
    return `<!DOCTYPE html>${renderToString(
      <FrameworkContext.Provider value={{ ...framework, nonce }}>
        <NonceProvider value={nonce}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
        </NonceProvider>
      </FrameworkContext.Provider>,
    )}`;
  };
}
