// The browser security policy of every response, in one place: the Content-Security-Policy of pages
// (scripts from this site only, and inline ones with the request's nonce on pages React hydrates; outside
// services only where a page needs them) and the headers every response carries. server/http.ts sets the
// common headers, app/entry.server.tsx the CSP.
import { randomBytes } from "node:crypto";

/**
 * Where browsers send CSP violation reports (app/routes/csp-report.ts logs them). Only report-uri: a
 * browser that sees report-to ignores report-uri and batches its reports for up to a minute, which would
 * let the end-to-end run finish before its violations arrive.
 */
export const CSP_REPORT_PATH = "/csp-report";

/**
 * Stripe's documented CSP needs (docs.stripe.com/security/guide#content-security-policy): Stripe.js and
 * its frames, its API, 3-D Secure pages on hooks.stripe.com and the fraud signals on m.stripe.network;
 * hosted Checkout for the no-JavaScript path. Only payment pages load Stripe.
 */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com", "https://m.stripe.network"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com", "https://m.stripe.network"],
  connect: ["https://api.stripe.com", "https://m.stripe.network", "https://m.stripe.com"],
  img: ["https://*.stripe.com"],
  formAction: ["https://checkout.stripe.com"],
};

export function createNonce() {
  return randomBytes(16).toString("base64");
}

export function isPaymentPage(pathname: string) {
  return pathname.startsWith("/payment/");
}

/** The origin map tiles come from ("{s}" subdomains become a wildcard), or null when maps have no tiles. */
export function tileOrigin(mapTileUrl: string) {
  const match = /^(https?:\/\/[^/?#]+)/.exec(mapTileUrl.replace(/\{s\}/g, "*"));
  return match?.[1] ?? null;
}

type PolicyOptions = {
  /** The page's script nonce; a page without inline scripts has none, and runs scripts from 'self' only. */
  nonce?: string;
  pathname: string;
  mapTileUrl: string;
  /** Sites pages other than payment pages may frame (virtual tours, the promotional film). */
  frameOrigins: string[];
  /** Sites a form's answer may redirect to (form-action covers redirects): the mortgage broker of /valuation. */
  formRedirectUrls?: string[];
  development?: boolean;
};

export function contentSecurityPolicy({
  nonce,
  pathname,
  mapTileUrl,
  frameOrigins,
  formRedirectUrls = [],
  development = false,
}: PolicyOptions) {
  const payment = isPaymentPage(pathname);
  const tiles = tileOrigin(mapTileUrl);
  const sources = (...lists: (string | null | false)[][]) => [...new Set(lists.flat().filter(Boolean))].join(" ");
  const directives: Record<string, string> = {
    "default-src": "'self'",
    // Development: Vite's client and hot reloading need inline scripts and a websocket.
    "script-src": sources(
      [nonce ? `'nonce-${nonce}'` : null, "'self'"],
      payment ? STRIPE.script : [],
      development ? ["'unsafe-inline'"] : [],
    ),
    // React renders style attributes (and Leaflet positions its panes with them); Stripe Elements injects styles.
    "style-src": "'self' 'unsafe-inline'",
    "img-src": sources(["'self'", "data:", "blob:", tiles], payment ? STRIPE.img : []),
    "font-src": "'self'",
    "connect-src": sources(["'self'"], payment ? STRIPE.connect : [], development ? ["ws:", "wss:"] : []),
    "frame-src": payment ? sources(STRIPE.frame) : sources(frameOrigins),
    "media-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": sources(
      ["'self'"],
      formRedirectUrls.map((url) => new URL(url).origin),
      payment ? STRIPE.formAction : [],
    ),
    "frame-ancestors": "'none'",
    "report-uri": CSP_REPORT_PATH,
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");
}

/** The headers every response carries (pages, API, files). */
export function commonSecurityHeaders(publicUrl: string): Record<string, string> {
  const https = publicUrl.startsWith("https://");
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // No page uses the camera, microphone, location or the like; embeds keep fullscreen and motion sensors.
    "Permissions-Policy":
      'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com"), usb=(), serial=(), bluetooth=(), hid=(), midi=(), magnetometer=(), display-capture=(), browsing-topics=()',
    "X-Frame-Options": "DENY",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
