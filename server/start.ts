// npm start (and npm run dev): validate the settings, migrate, prepare the database (admin, demo data),
// start the job queue, listen, and shut down cleanly on SIGTERM or SIGINT.
import { createServer, type Server } from "node:http";
import path from "node:path";

import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";

import { closeDatabase, hearOtherProcesses, oneProcessAtATime } from "../app/lib/db.server";
import type { Env } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import type { DemoLogins } from "../app/modules/bootstrap/prepare-database.server";
import { uploadsDir } from "../app/modules/media/storage.server";
import { migrateDatabase } from "../scripts/prisma-cli.js";
import { refuseUnfinishedRestore } from "./cli";
import { listenForControl, markRunning } from "./control";
import { drainable } from "./drain";
import { exitWith, settingsOrExit } from "./exit";
import { createApp } from "./http";
import { refuseConnect } from "./request-target";
import { answerFromCache } from "./response-cache";

/** Slow clients may not hold a connection for ever: whole request (uploads included), headers, idle keep-alive. */
const REQUEST_TIMEOUT_MS = 120_000;
const HEADERS_TIMEOUT_MS = 15_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * How long requests in flight get to finish once the process is told to stop: as long as a write may take
 * (TRANSACTION_OPTIONS: 10 s to get a connection, 20 s to commit), so none is cut after its data is stored.
 */
const SHUTDOWN_GRACE_MS = 30_000;

/** npm start (and npm run dev): everything from a clean clone to a served site. */
export async function start(assets: { clientDir: string } | { vite: ViteDevServer }) {
  const env = settingsOrExit();
  refuseUnfinishedRestore(env.DATA_DIR);
  try {
    warnOfLocalUploads(env);
    const { prepareDatabase } = await import("../app/modules/bootstrap/prepare-database.server");
    const prepared = await oneProcessAtATime(async () => {
      await migrateDatabase();
      return prepareDatabase(env);
    });
    await hearOtherProcesses();
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
    const connections = drainable((req, res) => answerFromCache(req, res, app));
    const server: Server = createServer(connections.handler).listen(env.PORT, env.HOST);
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    server.headersTimeout = HEADERS_TIMEOUT_MS;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    refuseConnect(server);
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    if (!env.DATABASE_URL) {
      markRunning(env.DATA_DIR);
      // Without the socket (a DATA_DIR path too long for one) the site still serves; npm run backup then
      // refuses (the pid file says a server runs) and points to /admin/backups.
      await listenForControl(env.DATA_DIR).catch((err: unknown) =>
        logger.warn({ err }, "npm run backup cannot reach this server (no control socket in DATA_DIR)"),
      );
    }
    handleShutdown(server, connections.drain, () => ("vite" in assets ? assets.vite.close() : undefined));
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
        ...demoBanner(prepared.demo),
        "",
      ].join("\n"),
    );
  } catch (error) {
    exitWith(error);
  }
}

/**
 * The demo logins: each password made for this installation (kept in DATA_DIR for the next start's banner), or
 * why it is not shown.
 */
function demoBanner(demo: DemoLogins): string[] {
  if (demo.accounts.length === 0) return [];
  if (demo.hidden)
    return [
      `  Demo accounts exist (${demo.accounts.map((a) => a.email).join(", ")}) but their passwords are not shown: ${demo.hidden}.`,
      "  Close them, or set SEED_DEMO=force if this is a demo site.",
    ];
  return [
    `  Demo logins (passwords made for this installation, kept in ${demo.file}):`,
    ...demo.accounts.map(
      (a) =>
        `    ${a.label}: ${a.email} / ${a.password ?? "(password changed since, or not kept here: use Forgot password)"}`,
    ),
  ];
}

/**
 * Files uploaded to one machine's disk are served by that machine only: another process behind the same load
 * balancer (there is one database, so there may be) would answer 404 for them.
 */
function warnOfLocalUploads(env: Env) {
  if (env.DATABASE_URL && !env.S3_BUCKET)
    logger.warn(
      { uploads: uploadsDir(env.DATA_DIR) },
      "uploads are kept on this machine's disk: with more than one app process, set S3_* (an S3-compatible bucket) or give every process the same uploads folder",
    );
}

function handleShutdown(
  server: Server,
  drain: (server: Server) => void,
  closeDevServer: () => Promise<void> | undefined,
) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      logger.warn(`requests still open after ${SHUTDOWN_GRACE_MS / 1000} s; closing anyway`);
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
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
    drain(server);
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
