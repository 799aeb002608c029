// What the benchmark and the load test send to ask for an answer as a browser would.

/** What Chromium and Firefox send as Accept-Encoding (over HTTPS; the server picks brotli). */
export const BROWSER_ENCODING = "gzip, deflate, br, zstd";
