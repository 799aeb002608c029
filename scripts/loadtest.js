// npm run loadtest [-- --duration 60 --connections 200 --engine pglite|postgres|both --port 3344 --timeout 10]
// Starts the production server (demo data, fresh DATA_DIR; and a fresh PostgreSQL database when
// DATABASE_URL is set) and drives it with autocannon: browsing, search and submissions (viewing,
// valuation and contact requests, each with a unique marker). Prints throughput and latency per kind,
// then checks that every accepted (2xx) submission is in the database and that its mail to the agency was
// queued (and says how many were delivered to the outbox by the end). Exits 1 on a lost write or mail, or any
// error (a non-2xx/3xx answer, a timeout, a socket error). A 503 with Retry-After is the server refusing
// work beyond its capacity (server/admission.ts): counted and reported as "shed", not as an error.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";

import { root } from "./ensure-build.js";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "200" },
    engine: { type: "string", default: process.env.DATABASE_URL ? "both" : "pglite" },
    port: { type: "string", default: "3344" },
    timeout: { type: "string", default: "10" },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
const port = Number(options.port);
const timeout = Number(options.timeout);
const engines = options.engine === "both" ? ["pglite", "postgres"] : [options.engine];
if (
  !(duration > 0) ||
  !(timeout > 0) ||
  !(connections >= 8) ||
  !engines.every((e) => e === "pglite" || e === "postgres")
) {
  console.error(
    "usage: npm run loadtest -- [--duration seconds] [--connections n (at least 8)] [--engine pglite|postgres|both] [--port n] [--timeout seconds per request]",
  );
  process.exit(2);
}
if (engines.includes("postgres") && !process.env.DATABASE_URL) {
  console.error("--engine postgres needs DATABASE_URL (a server where a scratch database may be created).");
  process.exit(2);
}

const base = `http://127.0.0.1:${port}`;
const run = randomBytes(4).toString("hex");

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function startServer(env) {
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on("data", () => output.includes("running at") && resolve());
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { child, ready, exited, output: () => output };
}

const addDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The request mix: share of the connections, and how each request is made. */
function mix(listingIds) {
  let n = 0;
  const next = () => `${run}-${++n}`;
  const pick = (list) => list[n++ % list.length];
  const json = (body) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const person = { firstName: "Lena", lastName: "Load", email: "lena.load@example.com" };
  const searches = [
    "/property-search?postcode=LE1&radius=5",
    "/property-search?postcode=LE1&radius=40&minPrice=150000&maxPrice=500000&sort=price-desc",
    "/property-search?postcode=LE1+6EJ&radius=10&type=houses&minBeds=3",
    "/property-search?postcode=LE1+6EJ&radius=3&added=14&page=2",
  ];
  const apiSearches = [
    { postcode: "LE1", searchRadius: "5-miles" },
    { postcode: "LE1 6EJ", searchRadius: "40", priceMin: 150_000, priceMax: 500_000, sort: "price-asc" },
    { postcode: "LE1", propertyTypes: ["houses"], bedroomsMin: 2, page: 1 },
  ];
  return [
    { kind: "browse: home", share: 0.15, make: () => ({ method: "GET", path: "/" }) },
    { kind: "browse: listings", share: 0.15, make: () => ({ method: "GET", path: "/view-properties" }) },
    {
      kind: "browse: detail",
      share: 0.15,
      make: () => ({ method: "GET", path: `/view-properties/${pick(listingIds)}` }),
    },
    { kind: "browse: search page", share: 0.15, make: () => ({ method: "GET", path: pick(searches) }) },
    {
      kind: "api: search",
      share: 0.15,
      make: () => ({ path: "/api/v1/properties/search", ...json(pick(apiSearches)) }),
    },
    {
      kind: "submit: viewing",
      share: 0.1,
      table: "ViewingRequest",
      make: (marker) => ({
        path: "/api/v1/viewings/request",
        ...json({
          propertyId: pick(listingIds),
          ...person,
          phoneNumber: "07700 900123",
          preferredDate: addDays(7),
          preferredTime: "10:30",
          message: `load ${marker}`,
        }),
      }),
    },
    {
      kind: "submit: valuation",
      share: 0.08,
      table: "ValuationRequest",
      make: (marker) => ({
        path: "/api/v1/valuation/request",
        ...json({
          valuationType: "instant",
          postcode: "LE1 6EJ",
          ...person,
          contactNumber: "07700 900123",
          message: `load ${marker}`,
        }),
      }),
    },
    {
      kind: "submit: contact",
      share: 0.07,
      table: "ContactMessage",
      make: (marker) => ({
        path: "/api/v1/contact-us",
        ...json({ first_name: "Lena", last_name: "Load", email: "lena.load@example.com", message: `load ${marker}` }),
      }),
    },
  ].map((k) => ({ ...k, next, shedWithoutRetryAfter: 0 }));
}

/**
 * Each kind a few times, one at a time, before the clock starts: the first requests build caches (the
 * postcode index, image variants), and a request that fails here is a mistake in this script.
 */
async function warmUp(kinds) {
  for (const kind of kinds) {
    for (let i = 0; i < 4; i++) {
      const { method = "GET", path: target, headers, body } = kind.make(`warm-up-${i}`);
      const response = await fetch(`${base}${target}`, { method, headers, body, redirect: "manual" });
      if (response.status >= 400)
        throw new Error(
          `warm-up: ${kind.kind} ${method} ${target} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
        );
    }
  }
}

/** autocannon passes the response headers as an object keyed by the names as sent. */
function retryAfter(headers = {}) {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === "retry-after")?.[1];
}

/** One autocannon instance per kind, all at once, so each kind has its own figures. */
async function drive(kinds) {
  const accepted = new Map(kinds.filter((k) => k.table).map((k) => [k.table, new Set()]));
  const results = await Promise.all(
    kinds.map(
      (kind) =>
        new Promise((resolve, reject) => {
          const instance = autocannon(
            {
              url: base,
              connections: Math.max(1, Math.round(connections * kind.share)),
              duration,
              timeout,
              requests: [
                {
                  setupRequest(request, context) {
                    context.marker = kind.next();
                    return { ...request, ...kind.make(context.marker) };
                  },
                  onResponse(status, _body, context, headers) {
                    if (kind.table && status >= 200 && status < 300) accepted.get(kind.table).add(context.marker);
                    if (status === 503 && !retryAfter(headers)) kind.shedWithoutRetryAfter++;
                  },
                },
              ],
            },
            (error, result) => (error ? reject(error) : resolve({ kind, result })),
          );
          autocannon.track(instance, {
            renderProgressBar: false,
            renderResultsTable: false,
            renderLatencyTable: false,
          });
        }),
    ),
  );
  return { results, accepted };
}

/** Runs one query on the stopped server's database. */
async function queryDatabase(engine, dataDir, databaseUrl, sql) {
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(sql);
    await client.end();
    return rows;
  }
  const db = new PGlite(path.join(dataDir, "pglite"));
  const { rows } = await db.query(sql);
  await db.close();
  return rows;
}

const MARKER = new RegExp(`load (${run}-\\d+)`, "g");
const markersIn = (texts) => new Set(texts.flatMap((text) => [...text.matchAll(MARKER)].map((m) => m[1])));

async function storedMarkers(engine, dataDir, databaseUrl, table) {
  return markersIn(
    (
      await queryDatabase(
        engine,
        dataDir,
        databaseUrl,
        `SELECT message FROM "${table}" WHERE message LIKE 'load ${run}-%'`,
      )
    ).map((r) => r.message),
  );
}

/** Submissions whose agency notification is in the job queue (sent or still to send; not given up or cancelled). */
async function queuedMailMarkers(engine, dataDir, databaseUrl) {
  const sql = `SELECT data->>'text' AS text FROM pgboss.job WHERE name = 'mail' AND state NOT IN ('failed', 'cancelled')
               UNION ALL SELECT data->>'text' FROM pgboss.archive WHERE name = 'mail' AND state = 'completed'`;
  return markersIn((await queryDatabase(engine, dataDir, databaseUrl, sql)).map((r) => r.text ?? ""));
}

/** Submissions whose mail was delivered to the file outbox. */
function deliveredMailMarkers(dataDir) {
  const dir = path.join(dataDir, "mail", "outbox");
  if (!existsSync(dir)) return new Set();
  return markersIn(readdirSync(dir).map((name) => readFileSync(path.join(dir, name), "utf8").replace(/=\r?\n/g, "")));
}

function report(engine, results) {
  const rows = results.map(({ kind, result }) => {
    const statuses = Object.entries(result.statusCodeStats ?? {});
    // 503 is the server shedding load (with Retry-After, checked below), an answer and not an error.
    const unexpected = statuses
      .filter(([code]) => !/^[23]/.test(code) && code !== "503")
      .reduce((sum, [, s]) => sum + s.count, 0);
    const shed = result.statusCodeStats?.["503"]?.count ?? 0;
    return {
      kind: kind.kind,
      connections: result.connections,
      requests: result.requests.total,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p90 ms": result.latency.p90,
      "p99 ms": result.latency.p99,
      "max ms": result.latency.max,
      shed,
      errors: result.errors - result.timeouts + unexpected + kind.shedWithoutRetryAfter,
      timeouts: result.timeouts,
      statuses: statuses.map(([code, s]) => `${code}×${s.count}`).join(" "),
    };
  });
  const total = rows.reduce((sum, r) => sum + r.requests, 0);
  console.log(
    `\n${engine}: ${connections} connections for ${duration} s, ${total} requests (${Math.round(total / duration)} req/s overall)`,
  );
  console.table(rows);
  const shed = rows.reduce((sum, r) => sum + r.shed, 0);
  if (shed)
    console.log(
      `${engine}: ${shed} requests (${Math.round((100 * shed) / total)}%) were refused with 503 + Retry-After while the server was at capacity`,
    );
  return rows.reduce((sum, r) => sum + r.errors + r.timeouts, 0);
}

async function loadOne(engine) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "movewise-load-"));
  const dbName = `movewise_load_${process.pid}`;
  let databaseUrl = "";
  let admin;
  if (engine === "postgres") {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${dbName}"`);
    databaseUrl = withDatabase(process.env.DATABASE_URL, dbName);
  }
  const server = startServer({
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(24).toString("hex"),
    SEED_DEMO: "true",
    RATE_LIMIT_FACTOR: "1000000",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
  });
  try {
    await server.ready;
    const bookings = await (await fetch(`${base}/api/v1/bookings`)).json();
    const listingIds = bookings.filter((b) => b.status !== "sold").map((b) => b.id);
    if (listingIds.length === 0) throw new Error("the demo data has no listed homes");
    await warmUp(mix(listingIds));
    console.log(
      `\n${engine}: server up with ${bookings.length} demo listings; driving ${connections} connections for ${duration} s…`,
    );
    const { results, accepted } = await drive(mix(listingIds));
    const errors = report(engine, results);
    server.child.kill("SIGTERM");
    const code = await server.exited;
    let lost = 0;
    let lostMail = 0;
    const queued = await queuedMailMarkers(engine, dataDir, databaseUrl);
    const delivered = deliveredMailMarkers(dataDir);
    for (const [table, markers] of accepted) {
      const stored = await storedMarkers(engine, dataDir, databaseUrl, table);
      const missing = [...markers].filter((m) => !stored.has(m));
      const unmailed = [...markers].filter((m) => !queued.has(m));
      const sent = [...markers].filter((m) => delivered.has(m)).length;
      lost += missing.length;
      lostMail += unmailed.length;
      console.log(
        `${engine}: ${table}: ${markers.size} accepted, ${missing.length} lost; mail: ${unmailed.length} lost, ${sent} delivered by the end${missing.length + unmailed.length ? ` (e.g. ${[...missing, ...unmailed].slice(0, 5).join(", ")})` : ""}`,
      );
    }
    if (code !== 0) console.log(`${engine}: the server exited with ${code} after SIGTERM`);
    return { errors, lost, lostMail, cleanExit: code === 0 };
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await admin?.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(root, "build/server/index.js")))
  console.log("No production build yet: the server builds it first.");
let failed = false;
for (const engine of engines) {
  const { errors, lost, lostMail, cleanExit } = await loadOne(engine);
  console.log(
    `${engine}: ${errors} errors, ${lost} lost writes, ${lostMail} lost mails${cleanExit ? "" : ", unclean exit"}`,
  );
  failed ||= errors > 0 || lost > 0 || lostMail > 0 || !cleanExit;
}
process.exit(failed ? 1 : 0);
