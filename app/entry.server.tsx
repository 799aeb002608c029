import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from "react-router";

import { getEnv } from "./lib/env.server";
import { logger } from "./lib/logger.server";
import { NonceProvider } from "./lib/nonce";
import { contentSecurityPolicy, createNonce } from "./lib/security-headers.server";
import { EMBED_ORIGINS } from "./modules/listings/virtual-tour";
import { PROMO_VIDEO_ORIGIN } from "./modules/marketing/promo-video";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const nonce = createNonce();
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
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeout: NodeJS.Timeout | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
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

// Every error thrown by a loader, an action or a render ends up here once: log it with the path.
// Thrown responses (404s, redirects) are expected and not logged; neither are aborted requests.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error");
};
