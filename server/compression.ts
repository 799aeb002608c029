// How answers are compressed: `compressAnswers`, the middleware for the app's answers (server/http.ts) and
// for the response cache's answers that carry a nonce; `chosenEncoding` and `compressWhole` for the cache's
// answers that are the same bytes for everyone, which it compresses once and keeps (server/response-cache.ts).
// Both choose and compress alike: brotli at quality 4, gzip or deflate, from the request's Accept-Encoding.
//
// Brotli's window is 256 KB (18 bits) instead of the library's 4 MB. A page is 60-110 KB, so the bytes sent
// are the same; but every brotli stream reserves memory for its window outside V8's heap and tells V8 so,
// and with a 4 MB window ten answers at once pushed the heap into a major garbage collection after a few
// dozen answers: a cached page compressed with brotli cost 4.3-4.8 ms of CPU instead of 1.1-1.2 ms
// (docs/decisions/0043-brotli-window.md).
import type { IncomingMessage } from "node:http";
import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";

import compression from "compression";
import Negotiator from "negotiator";

/** Brotli's window, in bits: 2^18 bytes. */
export const BROTLI_WINDOW_BITS = 18;
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS };
/** Smaller answers are sent as they are (compression's own threshold). */
export const COMPRESS_FROM_BYTES = 1024;

export const compressAnswers = () => compression({ brotli: { params: BROTLI_PARAMS }, threshold: COMPRESS_FROM_BYTES });

export type Encoding = "br" | "gzip" | "deflate";

// compression's own lists: what it can send, and which it prefers when the client likes several as much.
const SUPPORTED = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
// negotiator 0.6.4 (compression's) takes the preferred list; its published types have not caught up.
type ChooseEncoding = (available: string[], preferred: string[]) => string | undefined;

/** The encoding `compressAnswers` would choose for `req`, or null for none. */
export function chosenEncoding(req: IncomingMessage): Encoding | null {
  if (!req.headers["accept-encoding"]) return null;
  const negotiator = new Negotiator(req);
  const chosen = (negotiator.encoding as ChooseEncoding).call(negotiator, SUPPORTED, PREFERRED);
  return chosen === "br" || chosen === "gzip" || chosen === "deflate" ? chosen : null;
}

/** `body` compressed whole, as `compressAnswers` would send it. */
export function compressWhole(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") return brotliCompressSync(body, { params: BROTLI_PARAMS });
  return encoding === "gzip" ? gzipSync(body) : deflateSync(body);
}
