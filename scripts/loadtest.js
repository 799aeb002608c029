// npm run loadtest [-- --duration 60 --connections 200 --engine pglite|postgres|both --port 3344 --timeout 10
//                     --listings 100000 --capacity --steps 1,2,4,8,16 --step-duration 15 --accounts 4]
// Starts the production server (demo data, fresh DATA_DIR; and a fresh PostgreSQL database `<name>_load`
// next to DATABASE_URL's when it is set), optionally tops it up to --listings listed homes (bench/lib/seed.js;
// PGlite up to 100,000, larger sizes on PostgreSQL only), and drives it with autocannon with a realistic mix:
// distinct URLs (listed ids and postcodes sampled from the database, random search filters), half the
// anonymous visitors sending a cookie (which the response cache cannot answer: server/response-cache.ts
// keeps only cookie-less requests), signed-in vendors and buyers (accounts created through the API at
// start) on their own pages, and submissions (viewing, valuation and contact requests, each with a unique
// marker); every request asks for compression, as a browser does. Prints throughput and latency per kind, and
// the server's resident memory (VmRSS) at idle after start and at its peak under load; then checks that every
// accepted (2xx) submission is in the database and that its mail to the agency was queued (and says how many
// were delivered to the outbox by the end). Exits 1 on a lost write or mail, or any error (a non-2xx/3xx
// answer, a timeout, a socket error). A 503 with Retry-After is the server refusing work beyond its capacity
// (server/admission.ts): counted and reported as "shed", not as an error.
//
// --capacity: instead of one run, steps of rising offered load (--steps: connections, each request of a
// kind drawn by the mix's shares) with the server pinned to one core and this process to another (taskset,
// as bench/run.js does); reports the highest throughput at which the p95 of all requests stays under
// --p95-limit (300 ms): the capacity of one core. Stops at the first step over the limit. Shed requests
// (503) count as errors there.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import autocannon from "autocannon";

import { BROWSER_ENCODING } from "../bench/lib/browser.js";
import { openPglite, openPostgres } from "../bench/lib/db.js";
import { pinned } from "../bench/lib/processes.js";
import { apiBody, randomFilters } from "../bench/lib/search-filters.js";
import { loadPostcodes, random, seedListings } from "../bench/lib/seed.js";
import { summarise } from "../bench/lib/stats.js";
import { root } from "./ensure-build.js";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "200" },
    engine: { type: "string", default: process.env.DATABASE_URL ? "both" : "pglite" },
    port: { type: "string", default: "3344" },
    timeout: { type: "string", default: "10" },
    listings: { type: "string", default: "0" },
    accounts: { type: "string", default: "4" },
    capacity: { type: "boolean", default: false },
    steps: { type: "string", default: "1,2,3,4,6,8,12,16,24,32,48,64" },
    "step-duration": { type: "string", default: "15" },
    "p95-limit": { type: "string", default: "300" },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
const port = Number(options.port);
const timeout = Number(options.timeout);
const listings = Number(options.listings);
const accountCount = Number(options.accounts);
const steps = options.steps.split(",").map(Number);
const stepDuration = Number(options["step-duration"]);
const p95Limit = Number(options["p95-limit"]);
const engines = options.engine === "both" ? ["pglite", "postgres"] : [options.engine];
if (
  !(duration > 0) ||
  !(timeout > 0) ||
  !(connections >= 1) ||
  !(listings >= 0) ||
  !(accountCount >= 1) ||
  !(stepDuration > 0) ||
  !(p95Limit > 0) ||
  !steps.every((n) => Number.isInteger(n) && n >= 1) ||
  !engines.every((e) => e === "pglite" || e === "postgres")
) {
  console.error(
    "usage: npm run loadtest -- [--duration seconds] [--connections n] [--engine pglite|postgres|both] [--port n]\n" +
      "  [--timeout seconds per request] [--listings n (top up to n listed homes first)] [--accounts n (vendors and as many buyers)]\n" +
      "  [--capacity [--steps 1,2,4,… (connections)] [--step-duration seconds] [--p95-limit ms]]",
  );
  process.exit(2);
}
if (engines.includes("postgres") && !process.env.DATABASE_URL) {
  console.error("--engine postgres needs DATABASE_URL (a server where a scratch database may be created).");
  process.exit(2);
}

const base = `http://127.0.0.1:${port}`;
const run = randomBytes(4).toString("hex");
// As bench/run.js: the server on core 0, the load on core 1 (only for --capacity: a plain run keeps the
// whole machine, as production would).
const twoCores = os.cpus().length > 1 && existsSync("/usr/bin/taskset");
const SERVER_CORE = options.capacity && twoCores ? 0 : null;
if (options.capacity && twoCores)
  spawnSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
const PGLITE_MAX_LISTINGS = 100_000;
const log = (...args) => console.log(`[load ${new Date().toISOString().slice(11, 19)}]`, ...args);

/** A scratch database next to the one in DATABASE_URL (`<name>_load`), as bench/lib/db.js makes `_bench`. */
function scratchDatabase(url) {
  const scratch = new URL(url);
  const name = `${scratch.pathname.slice(1) || "postgres"}_load`;
  if (!/^\w+$/.test(name)) throw new Error(`Unexpected database name in DATABASE_URL: ${name}`);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), name };
}

function startServer(env) {
  let output = "";
  const [command, args] = pinned(SERVER_CORE, process.execPath, ["server.js"]);
  // taskset execs node in the same process, so child.pid is the server's (for /proc/<pid>/status).
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const keep = (d) => (output = (output + d).slice(-50_000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on("data", () => output.includes("running at") && resolve());
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { child, ready, exited, output: () => output };
}

/** The server's resident memory in MB (VmRSS), or null when /proc is not there. */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return kb ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** Samples VmRSS every 200 ms until stopped; returns the peak. */
function watchMemory(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 200);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

const addDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// A cookie the site does not read: what a browser sends once any first-party cookie is set (a consent
// choice, analytics). The site sets no consent cookie of its own; any cookie makes the response cache step
// aside (server/response-cache.ts), so these visitors measure the pages' real work.
const VISITOR_COOKIE = "cookie_consent=accepted";

/**
 * The request mix: share of the requests, and how each request is made. Half the requests of anonymous
 * kinds carry the cookie (autocannon gives each request a fresh context: a new visitor); signed-in kinds
 * send the session cookie of one of their accounts.
 */
function mix({ ids, postcodes, count }, accounts) {
  let n = 0;
  const next = () => `${run}-${++n}`;
  const rng = random(Date.now() % 2 ** 31);
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const json = (body) => ({
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  const pages = Math.max(1, Math.min(50, Math.ceil(count / 12)));
  const person = { firstName: "Lena", lastName: "Load", email: "lena.load@example.com" };
  const signedIn = (role, paths) => () => {
    const account = pick(accounts[role]);
    return { method: "GET", path: pick(paths), headers: { cookie: account.cookie } };
  };
  return [
    { kind: "browse: home", share: 0.08, anonymous: true, make: () => ({ method: "GET", path: "/" }) },
    {
      kind: "browse: listings",
      share: 0.1,
      anonymous: true,
      make: () => ({
        method: "GET",
        path: rng() < 0.4 ? "/view-properties" : `/view-properties?page=${1 + Math.floor(rng() * pages)}`,
      }),
    },
    {
      kind: "browse: detail",
      share: 0.21,
      anonymous: true,
      make: () => ({ method: "GET", path: `/view-properties/${pick(ids)}` }),
    },
    {
      kind: "browse: search page",
      share: 0.15,
      anonymous: true,
      make: () => ({
        method: "GET",
        path: `/property-search?${new URLSearchParams({ postcode: pick(postcodes), ...randomFilters(rng, { pages: true }) })}`,
      }),
    },
    {
      kind: "api: search",
      share: 0.1,
      anonymous: true,
      make: () => ({
        path: "/api/v1/properties/search",
        ...json(apiBody(pick(postcodes), randomFilters(rng, { pages: true }))),
      }),
    },
    {
      kind: "vendor: pages",
      share: 0.08,
      make: signedIn("vendor", ["/vendor-propertylisting", "/account", "/api/v1/vendor/bookings", "/api/v1/auth/me"]),
    },
    {
      kind: "buyer: pages",
      share: 0.08,
      make: signedIn("buyer", [
        "/my-home-search",
        "/saved-homes",
        "/my-offers",
        "/saved-searches",
        "/api/v1/shortlist",
      ]),
    },
    {
      kind: "submit: viewing",
      share: 0.08,
      table: "ViewingRequest",
      make: (context) => ({
        path: "/api/v1/viewings/request",
        ...json({
          propertyId: pick(ids),
          ...person,
          phoneNumber: "07700 900123",
          preferredDate: addDays(7),
          preferredTime: "10:30",
          message: `load ${context.marker}`,
        }),
      }),
    },
    {
      kind: "submit: valuation",
      share: 0.06,
      table: "ValuationRequest",
      make: (context) => ({
        path: "/api/v1/valuation/request",
        ...json({
          valuationType: "instant",
          postcode: pick(postcodes),
          ...person,
          contactNumber: "07700 900123",
          message: `load ${context.marker}`,
        }),
      }),
    },
    {
      kind: "submit: contact",
      share: 0.06,
      table: "ContactMessage",
      make: (context) => ({
        path: "/api/v1/contact-us",
        ...json({
          first_name: "Lena",
          last_name: "Load",
          email: "lena.load@example.com",
          message: `load ${context.marker}`,
        }),
      }),
    },
  ].map((k) => ({ ...k, next }));
}

/**
 * The token of the link that confirms `email`, from the server's outbox (DATA_DIR/mail/outbox), once the
 * verification mail is there.
 */
async function verificationToken(dataDir, email) {
  const outbox = path.join(dataDir, "mail", "outbox");
  for (let tries = 0; tries < 300; tries++) {
    for (const name of existsSync(outbox) ? readdirSync(outbox) : []) {
      const mail = readFileSync(path.join(outbox, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!mail.split(/\r?\n/).some((line) => line.startsWith("To: ") && line.includes(email))) continue;
      const token = /\/verify-email\?token=([\w-]+)/.exec(mail)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail reached ${email} in 30 s`);
}

/**
 * Vendors and buyers, made through the API as a client would (sign up, confirm the address with the mailed
 * link, then sign in): their session cookies, and a saved home for each buyer so "saved homes" has a row to
 * show.
 */
async function createAccounts(ids, dataDir) {
  const accounts = { vendor: [], buyer: [] };
  for (const role of ["vendor", "buyer"]) {
    for (let i = 0; i < accountCount; i++) {
      const email = `load-${run}-${role}-${i}@example.com`;
      const password = `Load-${run}-password-${i}`;
      const post = (target, body, cookie) =>
        fetch(`${base}${target}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });
      const signup = await post("/api/v1/auth/signup", {
        fullName: `Load ${role} ${i}`,
        email,
        phoneNumber: "07700 900123",
        password,
        userType: role,
      });
      if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
      const verified = await post("/api/v1/auth/verify-email", { token: await verificationToken(dataDir, email) });
      if (!verified.ok) throw new Error(`confirming the address answered ${verified.status}: ${await verified.text()}`);
      const signin = await post("/api/v1/auth/signin", { email, password });
      if (!signin.ok) throw new Error(`sign-in answered ${signin.status}: ${await signin.text()}`);
      const cookie = signin.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      if (role === "buyer") {
        const saved = await fetch(`${base}/api/v1/shortlist/${ids[i % ids.length]}`, {
          method: "PUT",
          headers: { cookie, origin: base },
        });
        if (!saved.ok) throw new Error(`saving a home answered ${saved.status}: ${await saved.text()}`);
      }
      accounts[role].push({ email, cookie });
    }
  }
  return accounts;
}

/**
 * Each kind a few times, one at a time, before the clock starts: the first requests build caches (the
 * postcode index, image variants), and a request that fails here is a mistake in this script.
 */
async function warmUp(kinds) {
  for (const kind of kinds) {
    for (let i = 0; i < 4; i++) {
      const context = { marker: `warm-up-${i}` };
      const { method = "GET", path: target, headers, body } = kind.make(context);
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

/**
 * One autocannon instance with `total` connections; each request is of a kind drawn at random by the
 * kinds' shares, so the mix holds at any number of connections (one included). autocannon's own latency
 * figures do not say which kind a response was, so each is timed here: from building the request (which
 * autocannon does as it sends it, one request in flight per connection) to its response.
 */
async function drive(kinds, total, seconds, accepted) {
  const sum = kinds.reduce((acc, k) => acc + k.share, 0);
  const choose = () => {
    let r = Math.random() * sum;
    for (const kind of kinds) if ((r -= kind.share) < 0) return kind;
    return kinds[0];
  };
  const figures = new Map(kinds.map((k) => [k, { latencies: [], statuses: {}, shedWithoutRetryAfter: 0 }]));
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections: total,
        duration: seconds,
        timeout,
        requests: [
          {
            setupRequest(request, context) {
              const kind = choose();
              context.kind = kind;
              context.marker = kind.next();
              const made = kind.make(context);
              // Every visitor's browser asks for compressed answers, as browsers do.
              const headers = { "accept-encoding": BROWSER_ENCODING, ...request.headers, ...made.headers };
              // autocannon's context starts afresh with each request: each is a new visitor here, half of them
              // with the cookie.
              if (kind.anonymous && Math.random() < 0.5) headers.cookie = VISITOR_COOKIE;
              context.sentAt = performance.now();
              return { ...request, ...made, headers };
            },
            onResponse(status, _body, context, headers) {
              const kind = context.kind;
              const f = figures.get(kind);
              f.latencies.push(performance.now() - context.sentAt);
              f.statuses[status] = (f.statuses[status] ?? 0) + 1;
              if (kind.table && status >= 200 && status < 300) accepted.get(kind.table).add(context.marker);
              if (status === 503 && !retryAfter(headers)) f.shedWithoutRetryAfter++;
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    ),
  );
  return { result, figures };
}

/** Runs one query on the stopped server's database. */
async function queryDatabase(target, sql) {
  const db = target.url ? await openPostgres(target.url) : await openPglite(path.join(target.dataDir, "pglite"));
  try {
    return (await db.query(sql)).rows;
  } finally {
    await db.close();
  }
}

const MARKER = new RegExp(`load (${run}-\\d+)`, "g");
const markersIn = (texts) => new Set(texts.flatMap((text) => [...text.matchAll(MARKER)].map((m) => m[1])));

async function storedMarkers(target, table) {
  return markersIn(
    (await queryDatabase(target, `SELECT message FROM "${table}" WHERE message LIKE 'load ${run}-%'`)).map(
      (r) => r.message,
    ),
  );
}

/** Submissions whose agency notification is in the job queue (sent or still to send; not given up or cancelled). */
async function queuedMailMarkers(target) {
  const sql = `SELECT data->>'text' AS text FROM pgboss.job WHERE name = 'mail' AND state NOT IN ('failed', 'cancelled')
               UNION ALL SELECT data->>'text' FROM pgboss.archive WHERE name = 'mail' AND state = 'completed'`;
  return markersIn((await queryDatabase(target, sql)).map((r) => r.text ?? ""));
}

/** Submissions whose mail was delivered to the file outbox. */
function deliveredMailMarkers(dataDir) {
  const dir = path.join(dataDir, "mail", "outbox");
  if (!existsSync(dir)) return new Set();
  return markersIn(readdirSync(dir).map((name) => readFileSync(path.join(dir, name), "utf8").replace(/=\r?\n/g, "")));
}

/** Per-kind rows and the totals of one run (or one step). */
function tabulate({ result, figures }, seconds) {
  const rows = [...figures].map(([kind, f]) => {
    const statuses = Object.entries(f.statuses);
    // 503 is the server shedding load (with Retry-After, checked below), an answer and not an error.
    const unexpected = statuses
      .filter(([code]) => !/^[23]/.test(code) && code !== "503")
      .reduce((acc, [, count]) => acc + count, 0);
    const latency = summarise(f.latencies);
    return {
      kind: kind.kind,
      requests: f.latencies.length,
      "req/s": Math.round(f.latencies.length / seconds),
      "p50 ms": latency.p50,
      "p95 ms": latency.p95,
      "p99 ms": latency.p99,
      shed: f.statuses[503] ?? 0,
      errors: unexpected + f.shedWithoutRetryAfter,
      statuses: statuses.map(([code, count]) => `${code}×${count}`).join(" "),
    };
  });
  const all = summarise([...figures.values()].flatMap((f) => f.latencies));
  const requests = rows.reduce((acc, r) => acc + r.requests, 0);
  return {
    rows,
    requests,
    rps: Math.round(requests / seconds),
    p50: all.p50,
    p95: all.p95,
    p99: all.p99,
    shed: rows.reduce((acc, r) => acc + r.shed, 0),
    // Socket errors and timeouts are not tied to a kind: counted once, in the total.
    timeouts: result.timeouts,
    errors: rows.reduce((acc, r) => acc + r.errors, 0) + result.errors,
  };
}

/** The highest step whose p95 stays under the limit, with no errors and nothing shed. */
async function capacitySearch(engine, kinds, accepted) {
  const tried = [];
  for (const step of steps) {
    const table = tabulate(await drive(kinds, step, stepDuration, accepted), stepDuration);
    const ok = table.p95 !== null && table.p95 <= p95Limit && table.errors === 0 && table.shed === 0;
    tried.push({ connections: step, ...table, ok });
    log(
      `${engine}: ${step} connections: ${table.rps} req/s, p50 ${table.p50} ms, p95 ${table.p95} ms, p99 ${table.p99} ms, ${table.shed} shed, ${table.errors} errors${ok ? "" : ` (over the ${p95Limit} ms p95 limit, or shed/errors)`}`,
    );
    if (!ok) break;
  }
  console.log(`\n${engine}: capacity steps (${stepDuration} s each)`);
  console.table(
    tried.map((t) => ({
      connections: t.connections,
      "req/s": t.rps,
      "p50 ms": t.p50,
      "p95 ms": t.p95,
      "p99 ms": t.p99,
      shed: t.shed,
      errors: t.errors,
      "within limit": t.ok ? "yes" : "no",
    })),
  );
  const best = tried.filter((t) => t.ok).sort((a, b) => b.rps - a.rps)[0];
  const last = tried.at(-1);
  // Per kind at the capacity, or at the first step when none was within the limit (what was slow).
  const shown = best ?? tried[0];
  console.log(
    `${engine}: per kind at ${shown.connections} connections${best ? " (the capacity)" : " (over the limit already)"}`,
  );
  console.table(shown.rows);
  return {
    capacity: best ?? null,
    // Every step within the limit: the search did not reach the server's capacity (more --steps).
    reachedLimit: !last.ok,
    // Errors at the step past capacity are what overload looks like, not failures of the run.
    errors: 0,
  };
}

async function loadOne(engine, postcodes) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "movewise-load-"));
  const scratch = engine === "postgres" ? scratchDatabase(process.env.DATABASE_URL) : null;
  const target = { dataDir, url: scratch?.url ?? "" };
  let admin;
  if (scratch) {
    admin = await openPostgres(process.env.DATABASE_URL);
    await admin.query(`DROP DATABASE IF EXISTS "${scratch.name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${scratch.name}"`);
  }
  const env = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: target.url,
    SESSION_SECRET: randomBytes(24).toString("hex"),
    SEED_DEMO: "true",
    RATE_LIMIT_FACTOR: "1000000",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
  };
  let server;
  try {
    // A first start migrates and seeds the demo data; stopped, the database may be topped up and sampled
    // (PGlite's directory opens in one process at a time). Memory is read on the second, clean start.
    server = startServer(env);
    await server.ready;
    server.child.kill("SIGTERM");
    await server.exited;
    if (listings > 0) {
      const db = target.url ? await openPostgres(target.url) : await openPglite(path.join(dataDir, "pglite"));
      try {
        const started = Date.now();
        const seeded = await seedListings(db, { target: listings, postcodes: await postcodes() });
        log(`${engine}: added ${seeded.added} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } finally {
        await db.close();
      }
    }
    const sample = {
      ids: (
        await queryDatabase(
          target,
          `SELECT "id" FROM "Project" WHERE "status" = 'completed' ORDER BY random() LIMIT 1000`,
        )
      ).map((r) => r.id),
      postcodes: (
        await queryDatabase(
          target,
          `SELECT "postcode" FROM "Project" WHERE "status" IN ('completed', 'sold') AND "postcode" <> '' ORDER BY random() LIMIT 1000`,
        )
      ).map((r) => r.postcode),
      count: (
        await queryDatabase(
          target,
          `SELECT COUNT(*)::int AS count FROM "Project" WHERE "status" IN ('completed', 'sold')`,
        )
      )[0].count,
    };
    if (sample.ids.length === 0) throw new Error("the database has no listed homes");

    server = startServer(env);
    await server.ready;
    // Idle: after start (the read-ahead the server does at start included) and before any request.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRss = rssMb(server.child.pid);
    // The peak: from then on, sign-ups and the warm-up included, to the end of the load.
    const stopWatching = watchMemory(server.child.pid);
    const accounts = await createAccounts(sample.ids, dataDir);
    const kinds = mix(sample, accounts);
    await warmUp(kinds);
    const accepted = new Map(kinds.filter((k) => k.table).map((k) => [k.table, new Set()]));
    let outcome;
    if (options.capacity) {
      log(
        `${engine}: ${sample.count} listings, ${accountCount} vendors and ${accountCount} buyers; capacity search over ${steps.join(", ")} connections (server on ${SERVER_CORE === null ? "every core" : `core ${SERVER_CORE}`})…`,
      );
      outcome = await capacitySearch(engine, kinds, accepted);
    } else {
      log(
        `${engine}: ${sample.count} listings, ${accountCount} vendors and ${accountCount} buyers; driving ${connections} connections for ${duration} s…`,
      );
      const table = tabulate(await drive(kinds, connections, duration, accepted), duration);
      console.log(
        `\n${engine}: ${connections} connections for ${duration} s, ${table.requests} requests (${table.rps} req/s overall; p50 ${table.p50} ms, p95 ${table.p95} ms, p99 ${table.p99} ms)`,
      );
      console.table(table.rows);
      if (table.shed)
        console.log(
          `${engine}: ${table.shed} requests (${Math.round((100 * table.shed) / table.requests)}%) were refused with 503 + Retry-After while the server was at capacity`,
        );
      outcome = { errors: table.errors, run: table };
    }
    const peakRss = stopWatching();
    server.child.kill("SIGTERM");
    const code = await server.exited;
    let lost = 0;
    let lostMail = 0;
    const queued = await queuedMailMarkers(target);
    const delivered = deliveredMailMarkers(dataDir);
    for (const [table, markers] of accepted) {
      const stored = await storedMarkers(target, table);
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
    return { ...outcome, listings: sample.count, idleRss, peakRss, lost, lostMail, cleanExit: code === 0 };
  } finally {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    await admin?.query(`DROP DATABASE IF EXISTS "${scratch.name}" WITH (FORCE)`).catch(() => {});
    await admin?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(root, "build/server/index.js")))
  console.log("No production build yet: the server builds it first.");
// Read once (about a second), only when a run seeds.
let postcodeRows;
const postcodes = async () => (postcodeRows ??= await loadPostcodes(root));
let failed = false;
const summary = [];
for (const engine of engines) {
  // PGlite is the engine of one small agency (docs/decisions/0005); beyond 100,000 listings is PostgreSQL's.
  if (engine === "pglite" && listings > PGLITE_MAX_LISTINGS) {
    log(`pglite: skipped (--listings ${listings} is above PGlite's ${PGLITE_MAX_LISTINGS.toLocaleString("en-GB")})`);
    continue;
  }
  const outcome = await loadOne(engine, postcodes);
  const { errors, lost, lostMail, cleanExit } = outcome;
  console.log(
    `${engine}: ${errors} errors, ${lost} lost writes, ${lostMail} lost mails${cleanExit ? "" : ", unclean exit"}`,
  );
  summary.push({
    engine,
    listings: outcome.listings,
    ...(options.capacity
      ? {
          "capacity req/s": outcome.capacity?.rps ?? "none within limit",
          "at connections": outcome.capacity?.connections ?? "",
          "p95 ms": outcome.capacity?.p95 ?? "",
          "limit reached": outcome.reachedLimit ? "yes" : "no (add --steps)",
        }
      : { "req/s": outcome.run.rps, "p95 ms": outcome.run.p95, shed: outcome.run.shed }),
    "idle RSS MB": outcome.idleRss,
    "peak RSS MB": outcome.peakRss,
    errors,
    "lost writes": lost,
    "lost mails": lostMail,
  });
  failed ||= errors > 0 || lost > 0 || lostMail > 0 || !cleanExit;
}
if (summary.length) {
  console.log(
    options.capacity
      ? `\nSummary: capacity = the highest throughput with p95 ≤ ${p95Limit} ms, no errors and nothing shed, the server on ${SERVER_CORE === null ? "every core (no taskset or one core)" : "one core"}`
      : "\nSummary",
  );
  console.table(summary);
}
process.exit(failed ? 1 : 0);
