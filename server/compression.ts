// How answers are compressed, for the app (server/http.ts) and for the answers the response cache sends
// again (server/response-cache.ts): `compression` picks brotli or gzip from the request's Accept-Encoding.
//
// Brotli's window is 256 KB (18 bits) instead of the library's 4 MB. A page is 60-110 KB, so the bytes sent
// are the same; but every brotli stream reserves memory for its window outside V8's heap and tells V8 so,
// and with a 4 MB window ten answers at once pushed the heap into a major garbage collection after a few
// dozen answers: a cached page compressed with brotli cost 4.3-4.8 ms of CPU instead of 1.1-1.2 ms
// (docs/decisions/0043-brotli-window.md).
import { constants } from "node:zlib";

import compression from "compression";

/** Brotli's window, in bits: 2^18 bytes. */
export const BROTLI_WINDOW_BITS = 18;

export const compressAnswers = () =>
  compression({ brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } });
