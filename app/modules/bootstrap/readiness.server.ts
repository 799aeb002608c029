// /readyz: whether this process can do its whole job, part by part (database, job queue, file storage, mail,
// the last good backup). Dearer than /healthz (it asks the file store and the mail server), so one check
// answers every request for 10 seconds. Only the database and the file store decide the status: the site
// cannot serve without them; a mail server that is down or an old backup is reported for an operator to act on.
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { backupOverview } from "../backups/backups.server";
import { queueHealth } from "../jobs/admin-jobs.server";
import { mailServerAnswers } from "../mail/mail.server";
import { fileStore } from "../media/storage.server";
import { checkHealth } from "./health.server";

const CHECK_REUSE_MS = 10_000;
/** A backup older than this (two scheduled runs missed) is reported as stale. */
const STALE_BACKUP_SECONDS = 48 * 60 * 60;

type Part = "ok" | "unavailable";
let latest: { startedAt: number; readiness: Promise<Readiness> } | undefined;

export type Readiness = Awaited<ReturnType<typeof runCheck>>;

export function checkReadiness(): Promise<Readiness> {
  const now = Date.now();
  if (latest && now - latest.startedAt < CHECK_REUSE_MS) return latest.readiness;
  latest = { startedAt: now, readiness: runCheck() };
  return latest.readiness;
}

/** For tests: the next request checks again. */
export function forgetReadiness() {
  latest = undefined;
}

async function part<T>(name: string, check: () => Promise<T>): Promise<T | "unavailable"> {
  try {
    return await check();
  } catch (err) {
    logger.error({ err }, `readiness check: ${name} unavailable`);
    return "unavailable";
  }
}

async function runCheck() {
  const health = await checkHealth();
  const database: Part = health.database;
  const [queue, storage, mail, backups] = await Promise.all([
    database === "ok" ? part("queue", queueHealth) : ("unavailable" as const),
    part("storage", async () => {
      await fileStore().exists("health/readiness-probe.txt");
      return "ok" as const;
    }),
    part("mail", async () => ((await mailServerAnswers()) ? ("ok" as const) : ("unavailable" as const))),
    database === "ok" ? part("backups", backupOverview) : ("unavailable" as const),
  ]);
  const lastAge = backups === "unavailable" ? null : (backups.lastSuccess?.ageSeconds ?? null);
  return {
    status: database === "ok" && storage === "ok" ? ("ok" as const) : ("degraded" as const),
    database,
    queue: queue === "unavailable" ? null : { ...queue, status: queue.failed > 0 ? "failing jobs" : "ok" },
    storage: { status: storage, kind: getEnv().S3_BUCKET ? "s3" : "local" },
    mail: { status: mail },
    backup: {
      status: lastAge === null ? "none" : lastAge > STALE_BACKUP_SECONDS ? "stale" : ("ok" as "ok" | "stale" | "none"),
      lastSuccessAgeSeconds: lastAge,
      lastFailureAt: backups === "unavailable" ? null : (backups.lastFailure?.at ?? null),
    },
  };
}
