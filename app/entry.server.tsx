import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from "react-router";

import { getEnv } from "./lib/env.server";
import { pageHydrates } from "./lib/hydration";
import { logger } from "./lib/logger.server";
import { NonceProvider } from "./lib/nonce";
import { contentSecurityPolicy, createNonce } from "./lib/security-headers.server";
import { EMBED_ORIGINS } from "./modules/listings/virtual-tour";
import { PROMO_VIDEO_ORIGIN } from "./modules/marketing/promo-video";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  // A page without React has no inline script: its one script comes from this site ('self'). With no nonce its
  // bytes are the same for every visitor, so the response cache keeps them compressed (server/response-cache.ts).
  const hydrates = pageHydrates(matchesOf(routerContext));
  const nonce = hydrates ? createNonce() : undefined;
  const env = getEnv();
  const policy = contentSecurityPolicy({
    nonce,
    pathname: new URL(request.url).pathname,
    mapTileUrl: env.MAP_TILE_URL,
    frameOrigins: [...EMBED_ORIGINS, PROMO_VIDEO_ORIGIN],
    formRedirectUrls: [env.MORTGAGE_BROKER_URL],
    development: env.NODE_ENV === "development",
  });
  headers.set("Content-Security-Policy", policy);
  // React Router answers 405 when a page without an action is sent a form: it takes reads only.
  if (status === 405) headers.set("Allow", "GET, HEAD");
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });

  const page = (context: EntryContext) => (
    <NonceProvider value={nonce}>
      <ServerRouter context={context} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  // A page sent without React (app/lib/hydration.ts) has nothing to stream: no scripts wait for its data and
  // its body is kept whole anyway (server/http-cache.ts hashes it for the ETag). One string is cheaper than a
  // stream piped through three others.
  if (!hydrates) {
    const html = `<!DOCTYPE html>${renderToString(page(withoutReact(routerContext)))}`;
    headers.set("Content-Type", "text/html; charset=utf-8");
    // As bytes: a string body would first be checked character by character for lone surrogates.
    return new Response(Buffer.from(html), { headers, status });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeout: NodeJS.Timeout | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(page(routerContext), {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            timeout = undefined;
            callback();
          },
        });
        headers.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        if (shellRendered)
          logger.error({ err: error, path: new URL(request.url).pathname }, "error while streaming a page");
      },
    });
  });
}

/**
 * The context of a page sent without React, which has no router in the browser:
 * - only the routes the page matched. ServerRouter makes a route object of every route in the manifest on each
 *   render (about 200 here) for the browser's router; this page's links and forms resolve against its own matches;
 * - no hydration data. ServerRouter would stream the loader data into the page for the browser's router; the
 *   production build encodes it only when it is read (decision 0019), so it is left unread here.
 */
function withoutReact(context: EntryContext): EntryContext {
  const routes = Object.fromEntries(
    context.staticHandlerContext.matches.map((match) => [match.route.id, context.manifest.routes[match.route.id]]),
  );
  // Copied key by key: a spread would read serverHandoffStream, and so encode it.
  const keys = Object.keys(context).filter((key) => key !== "serverHandoffStream") as (keyof EntryContext)[];
  const page = Object.fromEntries(keys.map((key) => [key, context[key]])) as unknown as EntryContext;
  return { ...page, manifest: { ...context.manifest, routes } };
}

function matchesOf(context: EntryContext) {
  return context.staticHandlerContext.matches.map((match) => ({
    id: match.route.id,
    handle: context.routeModules[match.route.id]?.handle,
  }));
}

// Every error thrown by a loader, an action or a render ends up here once: log it with the path.
// Thrown responses (404s, redirects) are expected and not logged; neither are aborted requests.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error");
};
