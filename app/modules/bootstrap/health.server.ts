import { prisma } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { type QueueHealth, queueHealth } from "../jobs/admin-jobs.server";

type Health = Awaited<ReturnType<typeof runCheck>>;

// One check answers every request for a second. A load balancer asks every few seconds, so it still sees a
// change within a second; a flood of /healthz, which admission control lets through so that the server always
// answers it (server/http.ts), then costs two small reads a second instead of two a request (6.9 ms of CPU a
// request at 100,000 listings on PGlite, where they held up every page).
const CHECK_REUSE_MS = 1_000;
let latest: { startedAt: number; health: Promise<Health> } | undefined;

/**
 * The database decides the status; the job queue is reported beside it (its oldest waiting job's age shows a
 * backlog, e.g. while the mail server is down) but never fails the check: the site still serves meanwhile.
 * Requests within a second of a check share it (CHECK_REUSE_MS).
 */
export function checkHealth(): Promise<Health> {
  const now = Date.now();
  if (latest && now - latest.startedAt < CHECK_REUSE_MS) return latest.health;
  latest = { startedAt: now, health: runCheck() };
  return latest.health;
}

async function runCheck() {
  const started = performance.now();
  let database: "ok" | "unavailable" = "ok";
  try {
    await prisma.$queryRaw`SELECT 1`;
  } catch (err) {
    logger.error({ err }, "health check: database unavailable");
    database = "unavailable";
  }
  const databaseLatencyMs = Math.round((performance.now() - started) * 10) / 10;
  let queue: QueueHealth | null = null;
  if (database === "ok") {
    try {
      queue = await queueHealth();
    } catch (err) {
      logger.error({ err }, "health check: the job queue could not be read");
    }
  }
  return {
    status: database === "ok" ? ("ok" as const) : ("degraded" as const),
    database,
    databaseLatencyMs,
    queue,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
