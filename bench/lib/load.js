// The load generator, run pinned to its own core by bench/run.js: autocannon against one target with
// a rotating list of requests; prints a JSON summary on stdout (req/s, exact p50/p95/p99 latency from
// every response, status counts). Responses are uncompressed, like the ceilings'. Input: one JSON argument,
// or the path of a JSON file holding it (a long list of distinct requests does not fit in an argument):
// { url, requests: [{ method, path, body, cookie, encoding }], connections, duration, warmup, distinct }. A
// request with a `cookie` sends it: the response cache (server/response-cache.ts) never answers a request that
// has one. One with an `encoding` sends it as Accept-Encoding, as a browser does; the others ask for none.
// autocannon gives every connection its own walk through `requests`, from the first: ten connections ask
// for the same URL at nearly the same moment, and the data cache (app/lib/public-read-cache.server.ts)
// shares one load between them. With `distinct`, the connections take the requests from one shared
// position instead, so no request is sent twice until the whole list has been.
import { readFileSync } from "node:fs";

import autocannon from "autocannon";

import { summarise } from "./stats.js";

const input = process.argv[2];
const { url, requests, connections, duration, warmup, distinct } = JSON.parse(
  input.startsWith("{") ? input : readFileSync(input, "utf8"),
);
const shaped = requests.map((r) => ({
  method: r.method ?? "GET",
  path: r.path,
  headers: {
    accept: r.body ? "application/json" : "text/html,application/json",
    ...(r.body ? { "content-type": "application/json" } : {}),
    ...(r.cookie ? { cookie: r.cookie } : {}),
    ...(r.encoding ? { "accept-encoding": r.encoding } : {}),
  },
  ...(r.body ? { body: JSON.stringify(r.body) } : {}),
}));

let next = 0;
const shared = [{ setupRequest: (req) => ({ ...req, ...shaped[next++ % shaped.length] }) }];

function run(seconds, latencies) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, requests: distinct ? shared : shaped, timeout: 20 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, _status, _bytes, ms) => latencies?.push(ms));
  });
}

// Counted too, for a cost per request over the whole run (bench/run.js times the server's CPU from start to end).
const warmupRequests = warmup > 0 ? (await run(warmup)).requests.total : 0;
const latencies = [];
const result = await run(duration, latencies);
// How many different addresses were asked for (cookies aside: the data cache keys on the address, and a
// list may hold the same one more than once, e.g. the same listing when there are fewer listings than
// requests), so the report can say how many requests repeated one.
const sent = distinct ? next : null;
const distinctRequests = distinct
  ? new Set(
      Array.from({ length: sent }, (_, i) => shaped[i % shaped.length]).map(
        (r) => `${r.method} ${r.path} ${r.body ?? ""}`,
      ),
    ).size
  : null;
const statuses = {};
for (const key of ["1xx", "2xx", "3xx", "4xx", "5xx"]) if (result[key]) statuses[key] = result[key];
process.stdout.write(
  JSON.stringify({
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    requests: result.requests.total,
    warmupRequests,
    latencyMs: summarise(latencies),
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(distinct ? { distinctRequests, sent } : {}),
  }),
);
