// Whole answers to anonymous public reads, kept in memory and sent again without Express, React Router or
// React: a public page or `/api/v1` read that nobody signed in has asked for since listing data last changed
// costs a lookup instead of a render. This is what an HTTP accelerator (Varnish, nginx's micro-cache) would do
// in front of the app, inside the process so that it can drop everything the moment listing data changes.
//
// What may be kept: a 200 answer without Set-Cookie, marked `public` by http-cache.ts or the route, to a
// request with no cookie at all (pages read the session, the toast and the valuation draft from cookies),
// no Authorization and no Origin header (CORS and the cross-site check depend on it), for a public page, read
// or sitemap part (`PUBLIC_PAGES` in http-cache.ts). Those pages read only the URL, the public listing data
// (app/lib/public-read-cache.server.ts tells when it changes) and the site's settings. An answer that is the
// same bytes for everyone is compressed once for each encoding asked for, and those bytes are kept beside it;
// one with a script nonce (a page React hydrates) gets a new nonce on every answer, in the body and in its
// Content-Security-Policy, and is compressed each time.
// An answer is kept for `MAX_AGE_MS` at most (the data cache it is made from has its own 30 s); a change made
// through another process on the same PostgreSQL empties both (app/lib/public-data-notices.server.ts).
//
// Answers are stored by httpCache (which sees each body before compression) through `keepAnswer`, and sent
// by `answerFromCache`, which runs before Express for every request.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import { LRUCache } from "lru-cache";

import { logger } from "../app/lib/logger.server";
import { publicDataGeneration } from "../app/lib/public-read-cache.server";
import { createNonce } from "../app/lib/security-headers.server";
import { chosenEncoding, COMPRESS_FROM_BYTES, compressAnswers, compressWhole, type Encoding } from "./compression";
import { matchesEtag, nonceOf, PUBLIC_PAGES } from "./http-cache";
import { readBodyThenPutBack } from "./request-body";

const MAX_AGE_MS = 15_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Larger search requests are left to Express (its own limit is 1 MB). */
const MAX_SEARCH_BODY_BYTES = 16 * 1024;
const REQUEST_ID = /^[\w.-]{1,64}$/;

/** A read sent as POST (the search API): kept by its body. */
const CACHED_POST = "/api/v1/properties/search";
/** Headers that belong to one answer, not to the stored copy. */
const PER_ANSWER_HEADERS = new Set([
  "x-request-id",
  "content-length",
  "content-encoding",
  "set-cookie",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

type Stored = {
  /** Header names and values, flat, as `writeHead` takes them. */
  headers: string[];
  /** The body; split at the stored nonce (to be joined with a new one) when it has one. */
  body: Buffer | string[];
  /** The body compressed, for each encoding asked for so far: when it is the same for everyone and not small. */
  compressed: Partial<Record<Encoding, Buffer>> | null;
  /** The Content-Security-Policy, split at the nonce the same way. */
  policy: string[] | null;
  etag: string | undefined;
  size: number;
};

const stored = new LRUCache<string, Stored>({
  maxSize: MAX_BYTES,
  sizeCalculation: (entry) => entry.size,
  ttl: MAX_AGE_MS,
});
let storedGeneration = publicDataGeneration();
/** Keys being answered by the app now, with the requests waiting for that answer. */
const inflight = new Map<string, (() => void)[]>();
/** Requests that missed, with their key and the data generation when they started. */
const pending = new WeakMap<IncomingMessage, { key: string; generation: number }>();
const compress = compressAnswers();

function mayUseCache(req: IncomingMessage) {
  const h = req.headers;
  return !h.authorization && !h.origin && !h.cookie;
}

function pathOf(url: string) {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Answers `req` from the cache and returns true, or returns false and leaves it to the app (noting the key,
 * so that `keepAnswer` can store the answer). A search request's body is read first (and put back on a miss).
 */
export function answerFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  app: (req: IncomingMessage, res: ServerResponse) => void,
) {
  const url = req.url ?? "/";
  if (req.method === "GET" && PUBLIC_PAGES.test(pathOf(url)) && mayUseCache(req)) {
    lookup(req, res, `GET ${url}`, app);
    return;
  }
  const length = Number(req.headers["content-length"]);
  if (
    req.method === "POST" &&
    pathOf(url) === CACHED_POST &&
    mayUseCache(req) &&
    !req.headers["transfer-encoding"] &&
    length > 0 &&
    length <= MAX_SEARCH_BODY_BYTES &&
    /^application\/json\b/i.test(req.headers["content-type"] ?? "")
  ) {
    readBodyThenPutBack(req, length, (body) =>
      body === null ? app(req, res) : lookup(req, res, `POST ${url}\n${body.toString("utf8")}`, app),
    );
    return;
  }
  app(req, res);
}

function lookup(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  app: (req: IncomingMessage, res: ServerResponse) => void,
) {
  const generation = publicDataGeneration();
  if (generation !== storedGeneration) {
    stored.clear();
    storedGeneration = generation;
  }
  const hit = stored.get(key);
  if (hit) return send(req, res, hit);
  // Many visitors asking for the same page at once (a link shared, the cache just emptied) wait for the
  // first one's answer instead of each making it: one render, not one per visitor.
  const waiting = inflight.get(key);
  if (waiting) {
    const waiter = () => {
      const answer = stored.get(key);
      if (answer) send(req, res, answer);
      else app(req, res); // not kept (a 404, say): each asks the app itself
    };
    waiting.push(waiter);
    // A visitor who leaves stops waiting: handed to the app later, its request would hold a turn that
    // nothing gives back (admission releases a turn when the response closes, and this one already has).
    res.once("close", () => {
      const index = waiting.indexOf(waiter);
      if (index >= 0) waiting.splice(index, 1);
    });
    return;
  }
  const waiters: (() => void)[] = [];
  inflight.set(key, waiters);
  res.once("close", () => {
    inflight.delete(key);
    for (const waiter of waiters.splice(0)) waiter();
  });
  pending.set(req, { key, generation });
  app(req, res);
}

function send(req: IncomingMessage, res: ServerResponse, hit: Stored) {
  const started = performance.now();
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  const headers = [...hit.headers, "X-Request-Id", id];
  if (req.method === "GET" && hit.etag && matchesEtag(req.headers["if-none-match"], hit.etag)) {
    // No Content-Type, and, as in http-cache.ts, no policy: the browser's copy keeps the one naming its nonce.
    const kept: string[] = [];
    for (let i = 0; i < headers.length; i += 2)
      if (headers[i] !== "content-type") kept.push(headers[i]!, headers[i + 1]!);
    res.writeHead(304, kept).end();
  } else {
    const nonce = hit.policy && hit.policy.length > 1 ? createNonce() : "";
    if (hit.policy) headers.push("Content-Security-Policy", hit.policy.join(nonce));
    const body = Buffer.isBuffer(hit.body) ? hit.body : Buffer.from(hit.body.join(nonce), "utf8");
    const encoding = hit.compressed && chosenEncoding(req);
    if (hit.compressed && encoding) {
      const bytes = (hit.compressed[encoding] ??= compressWhole(body, encoding));
      res.writeHead(200, [...headers, "Content-Encoding", encoding, "Content-Length", String(bytes.length)]).end(bytes);
    } else if (req.headers["accept-encoding"]) {
      // compression() picks the encoding as it does for the app's answers.
      for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
      res.setHeader("Content-Length", body.length); // compression() drops it when it compresses
      res.statusCode = 200;
      compress(req as never, res as never, () => res.end(body));
    } else {
      res.writeHead(200, [...headers, "Content-Length", String(body.length)]).end(body);
    }
  }
  logger.info(
    {
      req: { id, method: req.method, path: pathOf(req.url ?? "/") },
      res: { status: res.statusCode },
      durationMs: Math.round(performance.now() - started),
      cache: "hit",
    },
    `${req.method} ${pathOf(req.url ?? "/")} ${res.statusCode} cached`,
  );
}

/** Whether the answer to `req` may be kept (httpCache then buffers it, whatever the method). */
export const awaitsAnswer = (req: IncomingMessage) => pending.has(req);

/**
 * Called by httpCache with the whole (uncompressed) body of a 200 answer: keeps it when the request was
 * looked up, the answer is public and nothing changed in the listing data while it was being made.
 */
export function keepAnswer(req: IncomingMessage, res: ServerResponse, body: Buffer) {
  const noted = pending.get(req);
  if (!noted) return;
  pending.delete(req);
  if (res.statusCode !== 200 || res.hasHeader("Set-Cookie") || noted.generation !== publicDataGeneration()) return;
  const cacheControl = String(res.getHeader("Cache-Control") ?? "");
  // A page or GET read must be marked public; the search API's POST answer just must not be private.
  if (req.method === "GET" ? !/^public\b/.test(cacheControl) : /private|no-store/.test(cacheControl)) return;
  // Only requests without an Origin are looked up, so an answer may vary by that (CORS) but nothing else.
  const vary = String(res.getHeader("Vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name && !/^accept-encoding$/i.test(name));
  if (vary.some((name) => !/^origin$/i.test(name))) return;
  const policyHeader = res.getHeader("Content-Security-Policy");
  const nonce = nonceOf(policyHeader);
  const headers = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
    value === undefined || PER_ANSWER_HEADERS.has(name) || name === "content-security-policy" || name === "vary"
      ? []
      : [name, String(value)],
  );
  // compression() adds Accept-Encoding when it runs; an answer sent without it says the same.
  headers.push("Vary", [...vary, "Accept-Encoding"].join(", "));
  // As compression() decides: answers kept are HTML, JSON or XML (http-cache.ts), all worth compressing
  // unless small or marked no-transform.
  const compressible = !nonce && body.length >= COMPRESS_FROM_BYTES && !/\bno-transform\b/i.test(cacheControl);
  stored.set(noted.key, {
    headers,
    body: nonce ? body.toString("utf8").split(nonce) : body,
    compressed: compressible ? {} : null,
    policy: policyHeader === undefined ? null : nonce ? String(policyHeader).split(nonce) : [String(policyHeader)],
    etag: res.getHeader("ETag") as string | undefined,
    // Room for the compressed copies too: a page compresses to a sixth of its size or less with each encoding.
    size: (compressible ? Math.ceil(body.length * 1.5) : body.length) + 2_048,
  });
}

/** How many requests wait for the app's answer to a GET of `url` (tests). */
export const waitingFor = (url: string) => inflight.get(`GET ${url}`)?.length ?? 0;

/** The encodings the answer to a GET of `url` is kept compressed in (tests). */
export const keptEncodings = (url: string) => Object.keys(stored.peek(`GET ${url}`)?.compressed ?? {});

/** Everything kept (tests; the cache empties itself when listing data changes). */
export function forgetAnswers() {
  stored.clear();
}
