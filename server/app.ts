// The production server: an Express app around the React Router request handler, plus the
// start-up sequence (validate settings, migrate, create the admin, seed, listen, shut down cleanly).
// Built by Vite into build/server/index.js (see vite.config.ts) and started by server.js.
import "../app/lib/load-context";

import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import path from "node:path";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { z } from "zod";

import { corsDecision } from "../app/lib/cors.server";
import { isCrossSiteWrite } from "../app/lib/cross-site.server";
import { closeDatabase } from "../app/lib/db.server";
import { ConfigError, getEnv } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { commonSecurityHeaders } from "../app/lib/security-headers.server";
import { migrateDatabase } from "../scripts/prisma-cli.js";
import { admissionControl } from "./admission";
import { httpCache } from "./http-cache";
import { readBodiesFirst } from "./request-body";
import { refuseConnect, refuseOddRequests } from "./request-target";
import { answerFromCache, awaitsAnswer, keepAnswer } from "./response-cache";
import { isUpload } from "./upload-endpoints";

const REQUEST_ID = /^[\w.-]{1,64}$/;
/** Forms and JSON are small; only file uploads may be larger (server/upload-endpoints.ts), with their own limits. */
const MAX_BODY_BYTES = 1024 * 1024;
/** A body other than an upload must arrive within this (1 MiB in 10 s is 100 KB/s). */
const BODY_TIMEOUT_MS = 10_000;
/** Slow clients may not hold a connection for ever: whole request (uploads included), headers, idle keep-alive. */
const REQUEST_TIMEOUT_MS = 120_000;
const HEADERS_TIMEOUT_MS = 15_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"];

/**
 * In production static files come from the client build and the server build is loaded once; in development
 * Vite serves and rebuilds both.
 */
type Assets =
  { clientDir: string; build: ServerBuild; vite?: undefined } | { vite: ViteDevServer; clientDir?: undefined };

export function createApp(assets: Assets) {
  const env = getEnv();
  const app = express();
  app.disable("x-powered-by");
  // Forwarding headers say who the client is and how it connected, so only the proxies named in
  // TRUST_PROXY may send them; from anyone else they are dropped, so that nothing can read them by mistake
  // (React Router's adapter reads X-Forwarded-Host whenever any proxy is trusted, whoever sent it).
  app.set("trust proxy", env.TRUST_PROXY ?? false);
  const trustedPeer = app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  app.use((req, _res, next) => {
    if (!trustedPeer(req.socket.remoteAddress, 0)) {
      for (const name of FORWARDING_HEADERS) delete req.headers[name];
    }
    next();
  });
  app.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, path: String(req.url).split("?")[0] }),
        res: (res) => ({ status: res.statusCode }),
      },
      customSuccessMessage: (req, res, ms) =>
        `${req.method} ${String(req.url).split("?")[0]} ${res.statusCode} ${Math.round(ms)}ms`,
      customAttributeKeys: { responseTime: "durationMs" },
      // Static assets would drown the log.
      autoLogging: { ignore: (req) => /^\/(assets|favicon)/.test(req.url ?? "") },
    }),
  );
  app.use(refuseOddRequests);
  app.use(compression());
  app.use(httpCache({ wants: awaitsAnswer, keep: keepAnswer }));
  const securityHeaders = commonSecurityHeaders(env.PUBLIC_URL);
  app.use((_req, res, next) => {
    res.set(securityHeaders);
    next();
  });
  app.use(readBodiesFirst({ maxBytes: MAX_BODY_BYTES, timeoutMs: BODY_TIMEOUT_MS }));
  app.use("/api/v1", (req, res, next) => {
    if (env.CORS_ORIGINS.length > 0) res.vary("Origin");
    const cors = corsDecision(
      { method: req.method, origin: req.get("origin"), preflightMethod: req.get("access-control-request-method") },
      env.CORS_ORIGINS,
    );
    if (cors.kind === "none") return next();
    res.set(cors.headers);
    if (cors.kind === "allow") return next();
    if (cors.status === 204) return res.status(204).end();
    res.status(403).json({ message: "This site may not call the API from a browser (see CORS_ORIGINS)." });
  });
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  app.use((req, res, next) => {
    const crossSite = isCrossSiteWrite({
      method: req.method,
      cookie: req.headers.cookie,
      secFetchSite: req.get("sec-fetch-site"),
      origin: req.get("origin"),
      // Only the API accepts tokens; a page authenticates by cookie whatever else is sent.
      authorization: req.path.startsWith("/api/v1/") ? req.get("authorization") : null,
      ownOrigins: [publicOrigin, `${req.protocol}://${req.host}`],
    });
    if (!crossSite) return next();
    req.log.warn(
      { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") },
      "refused a cross-site request",
    );
    res.status(403).json({ message: "This request came from another site and was refused." });
  });
  if (assets.vite) {
    app.use(assets.vite.middlewares);
  } else {
    app.use(
      "/assets",
      express.static(path.join(assets.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(assets.clientDir, { maxAge: "1h", index: false }));
  }
  app.use(
    admissionControl({
      // PGlite answers one query at a time; PostgreSQL through a pool of 10 connections (pg's default).
      concurrency: env.DATABASE_URL ? 20 : 8,
      maxQueue: 500,
      // Well inside the time a browser or client library waits (and PGlite's queries hold up timers for
      // a while under load), so a refused request still gets its answer in time.
      maxWaitMs: 2_000,
      retryAfterSeconds: 2,
      // The health check answers whatever the load (it is how a load balancer knows the process is alive);
      // an upload's duration is the sender's speed, which must not hold a turn.
      exempt: (req) => req.path === "/healthz" || isUpload(req.method, req.path, req.headers["content-type"]),
    }),
  );
  app.use(
    createRequestHandler({
      // The build object itself in production: given a function, React Router rebuilds its route tables
      // (flattening and ranking every route) on each request, which cost more than most pages' rendering.
      build: assets.vite ? () => assets.vite.ssrLoadModule("virtual:react-router/server-build") as never : assets.build,
      getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
    }),
  );
  return app;
}

function fail(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    logger.fatal({ err: error }, "start-up failed");
  }
  process.exit(1);
}

/** npm start (and npm run dev): everything from a clean clone to a served site. */
export async function start(assets: { clientDir: string } | { vite: ViteDevServer }) {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    fail(error);
  }
  try {
    await migrateDatabase();
    const { prepareDatabase } = await import("../app/modules/bootstrap/prepare-database.server");
    const prepared = await prepareDatabase(env);
    const { startQueue } = await import("../app/modules/jobs/queue.server");
    const { startWorkers } = await import("../app/modules/jobs/workers.server");
    // The queue is ready before the first request can add a job to it.
    await (env.WORKERS === "on" ? startWorkers() : startQueue({ work: false }));
    const app = createApp(
      "vite" in assets
        ? assets
        : { clientDir: assets.clientDir, build: (await import("virtual:react-router/server-build")) as ServerBuild },
    );
    // Anonymous public reads already answered since listing data last changed are sent again before Express.
    const server: Server = createServer((req, res) => answerFromCache(req, res, app)).listen(env.PORT, env.HOST);
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    server.headersTimeout = HEADERS_TIMEOUT_MS;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    refuseConnect(server);
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    handleShutdown(server, () => ("vite" in assets ? assets.vite.close() : undefined));
    // Build the postcode index and read the search indexes now, off the start-up path, so the first
    // searches do not wait for them.
    void import("../app/modules/geo/postcode-index.server")
      .then((geo) => geo.loadPostcodeIndex())
      .catch((err: unknown) => logger.error({ err }, "the postcode index could not be loaded"));
    void import("../app/modules/search/search.server")
      .then((search) => search.warmSearchIndexes())
      .catch((err: unknown) => logger.error({ err }, "the search indexes could not be read ahead"));
    console.log(
      [
        "",
        `  Estate agency site running at ${env.PUBLIC_URL}`,
        `  Database: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${path.join(env.DATA_DIR, "pglite")}`}`,
        `  Background jobs: ${env.WORKERS === "on" ? "run in this process" : "left to npm run worker"}; mail ${env.SMTP_URL ? "over SMTP" : `to ${path.join(env.DATA_DIR, "mail", "outbox")}`}`,
        `  Card payments: ${env.STRIPE_SECRET_KEY ? `Stripe (${env.STRIPE_SECRET_KEY.includes("_live_") ? "live" : "test mode"})` : "sandbox, no money moves (set STRIPE_* for Stripe)"}`,
        ...prepared.logins.map((l) => `  ${l.label}: ${l.email} / ${l.password}`),
        "",
      ].join("\n"),
    );
  } catch (error) {
    fail(error);
  }
}

const AdminSchema = z.object({
  email: z.email({ error: "Enter a valid email address." }),
  password: z.string().min(8, { error: "The password needs at least 8 characters." }),
  fullName: z.string().trim().min(1).optional(),
});

/** npm run create-admin: validate, migrate, then create the admin or reset its password. */
export async function createAdmin(input: { email: string; password: string; fullName?: string }) {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    fail(error);
  }
  const parsed = AdminSchema.safeParse(input);
  if (!parsed.success) return { ok: false as const, message: parsed.error.issues.map((i) => i.message).join("\n") };
  await migrateDatabase();
  const { upsertAdmin } = await import("../app/modules/accounts/admins.server");
  try {
    const admin = await upsertAdmin(parsed.data);
    return {
      ok: true as const,
      message: admin.created
        ? `Created admin ${admin.email}. Sign in at ${env.PUBLIC_URL}/login.`
        : `${admin.email} is now an admin with the new password; its other sessions were signed out.`,
    };
  } finally {
    await closeDatabase();
  }
}

/** npm run retention [-- --dry-run]: validate, migrate, then delete (or count) what is past its retention period. */
export async function runRetention({ dryRun }: { dryRun: boolean }) {
  try {
    getEnv();
  } catch (error) {
    fail(error);
  }
  await migrateDatabase();
  const { purgeExpiredRecords } = await import("../app/modules/privacy/retention.server");
  try {
    return await purgeExpiredRecords({ dryRun });
  } finally {
    await closeDatabase();
  }
}

/** npm run worker: background jobs in a process of their own (PostgreSQL only), until SIGTERM or SIGINT. */
export async function runWorker() {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    fail(error);
  }
  if (!env.DATABASE_URL)
    fail(
      new ConfigError(
        "npm run worker needs DATABASE_URL: the embedded database can only be opened by the web process, which runs the jobs itself.",
      ),
    );
  try {
    await migrateDatabase();
    const { startWorkers, stopWorkers } = await import("../app/modules/jobs/workers.server");
    await startWorkers();
    logger.info("worker started: running background jobs (mail, schedules)");
    const stop = async (signal: string) => {
      logger.info({ signal }, "worker stopping: letting running jobs finish");
      await stopWorkers({ timeoutMs: 10_000 }).catch((err: unknown) =>
        logger.error({ err }, "stopping the workers failed"),
      );
      await closeDatabase();
      process.exit(0);
    };
    process.once("SIGTERM", () => void stop("SIGTERM"));
    process.once("SIGINT", () => void stop("SIGINT"));
  } catch (error) {
    fail(error);
  }
}

function handleShutdown(server: Server, closeDevServer: () => Promise<void> | undefined) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      logger.warn("requests still open after 10 s; closing anyway");
      server.closeAllConnections();
    }, 10_000).unref();
    server.close(async () => {
      clearTimeout(force);
      await closeDevServer();
      // Running jobs get a few seconds to finish; what is left goes back to the queue.
      const { stopWorkers } = await import("../app/modules/jobs/workers.server");
      await stopWorkers({ timeoutMs: 5_000 }).catch((err: unknown) =>
        logger.error({ err }, "stopping the workers failed"),
      );
      await closeDatabase().catch((err) => logger.error({ err }, "closing the database failed"));
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
