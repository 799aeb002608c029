import { prisma } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { type QueueHealth, queueHealth } from "../jobs/admin-jobs.server";

/**
 * The database decides the status; the job queue is reported beside it (its oldest waiting job's age shows a
 * backlog, e.g. while the mail server is down) but never fails the check: the site still serves meanwhile.
 */
export async function checkHealth() {
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
