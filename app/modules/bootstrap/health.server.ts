import { prisma } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";

export async function checkHealth() {
  const started = performance.now();
  let database: "ok" | "unavailable" = "ok";
  try {
    await prisma.$queryRaw`SELECT 1`;
  } catch (err) {
    logger.error({ err }, "health check: database unavailable");
    database = "unavailable";
  }
  return {
    status: database === "ok" ? ("ok" as const) : ("degraded" as const),
    database,
    databaseLatencyMs: Math.round((performance.now() - started) * 10) / 10,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
