// HTTP caching for pages and JSON reads. Every successful GET answer in HTML or JSON gets a weak ETag
// over its body (less the per-request script nonce), and a request that already holds that version (If-None-Match) gets a bodiless 304.
// Cache-Control, unless the route set its own: the public pages and reads listed below may be kept
// by browsers and shared caches provided they revalidate (`public, no-cache`) when the visitor has no
// session or toast cookie and nothing sets one; everything else, and every signed-in view, is
// `private, no-cache`, so no shared cache ever keeps a personalised page.
// Registered after compression(), so it sees and hashes the uncompressed body; it hands that body to the
// response cache (response-cache.ts) too, which may also ask for the body of a POST read.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { NextFunction, Request, Response } from "express";

import { publicPaths } from "../app/edge/registry";
import { SESSION_COOKIE } from "../app/lib/session-cookie";

/** The public pages of the areas that do not declare theirs yet (app/edge/areas.ts), as a pattern. */
const PAGES_NOT_YET_DECLARED =
  /|home|why-choose-us|about|privacy-policy|contact-us|valuation|calculators|property-search|view-properties(?:\/\d+)?|api\/v1\/(?:bookings(?:\/\d+)?|properties\/(?:featured|\d+))|sitemap\.xml/
    .source;

export const PUBLIC_PAGES = new RegExp(`^/(?:${[PAGES_NOT_YET_DECLARED, ...publicPaths()].join("|")})$`);
const PERSONAL_COOKIES = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE}|toast)=`);
const CACHEABLE_TYPES = /^(?:text\/html|application\/(?:json|xml))\b/i;
const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;

/**
 * A weak ETag over `body`. A page's script nonce changes on every request, so it is left out of the hash
 * (`nonce`): otherwise no page would ever match its previous version.
 */
export function weakEtag(body: Buffer, nonce?: string) {
  const hash = createHash("sha1");
  let from = 0;
  if (nonce) {
    // The bytes between the nonce's occurrences, without decoding the body into a string.
    const needle = Buffer.from(nonce);
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
      hash.update(body.subarray(from, at));
      from = at + needle.length;
    }
  }
  hash.update(body.subarray(from));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** The script nonce a Content-Security-Policy header allows, if any. */
export const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy ?? ""))?.[1];

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

export function cacheControlFor(path: string, cookieHeader: string | undefined, setsCookie: boolean) {
  const anonymous = !PERSONAL_COOKIES.test(cookieHeader ?? "") && !setsCookie;
  return anonymous && PUBLIC_PAGES.test(path) ? "public, no-cache" : "private, no-cache";
}

type Keeper = {
  /** Whether the whole body of the answer to `req` is wanted, whatever the method. */
  wants(req: IncomingMessage): boolean;
  /** Receives that body once the answer is complete. */
  keep(req: IncomingMessage, res: ServerResponse, body: Buffer): void;
};

export const httpCache = (keeper: Keeper) => (req: Request, res: Response, next: NextFunction) => {
  const get = req.method === "GET";
  if (!get && !keeper.wants(req)) return next();
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let chunks: Buffer[] | null | undefined; // undefined: not decided yet; null: passing through
  let size = 0;

  const decide = () => {
    if (chunks !== undefined) return;
    const cacheable =
      res.statusCode === 200 && CACHEABLE_TYPES.test(String(res.getHeader("Content-Type") ?? "")) && !res.headersSent;
    chunks = cacheable && !/no-store/.test(String(res.getHeader("Cache-Control") ?? "")) ? [] : null;
  };
  // A page's bytes arrive as a Uint8Array from its web Response: viewed as a Buffer, not copied.
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
        : Buffer.from((chunk as Uint8Array).buffer, (chunk as Uint8Array).byteOffset, (chunk as Uint8Array).byteLength);
  const passThrough = () => {
    const buffered = chunks ?? [];
    chunks = null;
    for (const chunk of buffered) write(chunk);
  };

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    decide();
    if (chunks === null) return write(chunk, ...rest);
    const buffer = toBuffer(chunk, rest[0]);
    chunks!.push(buffer);
    size += buffer.length;
    if (size > MAX_BUFFERED_BYTES) passThrough();
    const callback = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    callback?.();
    return true;
  }) as Response["write"];

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    decide();
    if (chunks === null) return end(chunk, ...rest);
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks!.push(toBuffer(chunk, rest[0]));
    const body = chunks!.length === 1 ? chunks![0]! : Buffer.concat(chunks!);
    if (!get) {
      keeper.keep(req, res, body);
      return end(body);
    }
    const nonce = nonceOf(res.getHeader("Content-Security-Policy"));
    const etag = weakEtag(body, nonce);
    res.setHeader("ETag", etag);
    if (!res.getHeader("Cache-Control"))
      res.setHeader(
        "Cache-Control",
        cacheControlFor(req.path, req.headers.cookie, res.getHeader("Set-Cookie") !== undefined),
      );
    keeper.keep(req, res, body);
    if (matchesEtag(req.headers["if-none-match"], etag)) {
      res.statusCode = 304;
      res.removeHeader("Content-Type");
      res.removeHeader("Content-Length");
      // The browser keeps the copy it has, with the policy that came with it and names that copy's nonce;
      // a new policy on the 304 would replace it and block the copy's scripts.
      if (nonce) res.removeHeader("Content-Security-Policy");
      return end();
    }
    res.setHeader("Content-Length", body.length);
    return end(body);
  }) as Response["end"];

  next();
};
