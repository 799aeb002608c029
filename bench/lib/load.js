// The load generator, run pinned to its own core by bench/run.js: autocannon against one target with
// a rotating list of requests; prints a JSON summary on stdout (req/s, exact p50/p95/p99 latency from
// every response, status counts). Responses are uncompressed, like the ceilings'. Input: one JSON argument
// { url, requests: [{ method, path, body }], connections, duration, warmup }.
import autocannon from "autocannon";

import { summarise } from "./stats.js";

const { url, requests, connections, duration, warmup } = JSON.parse(process.argv[2]);
const shaped = requests.map((r) => ({
  method: r.method ?? "GET",
  path: r.path,
  headers: {
    accept: r.body ? "application/json" : "text/html,application/json",
    ...(r.body ? { "content-type": "application/json" } : {}),
  },
  ...(r.body ? { body: JSON.stringify(r.body) } : {}),
}));

function run(seconds, latencies) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, requests: shaped, timeout: 20 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, _status, _bytes, ms) => latencies?.push(ms));
  });
}

if (warmup > 0) await run(warmup);
const latencies = [];
const result = await run(duration, latencies);
const statuses = {};
for (const key of ["1xx", "2xx", "3xx", "4xx", "5xx"]) if (result[key]) statuses[key] = result[key];
process.stdout.write(
  JSON.stringify({
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    requests: result.requests.total,
    latencyMs: summarise(latencies),
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
