// What the queue's jobs do, and the workers that run them: in the web process by default (`npm start`), or in
// processes of their own (`npm run worker`, PostgreSQL only). Any number of processes may work one queue:
// pg-boss hands each job to one of them (SELECT … FOR UPDATE SKIP LOCKED).
import type PgBoss from "pg-boss";

import { embeddedDatabase, prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { ALERT_SCHEDULES, runAlerts } from "../alerts/alerts.server";
import { type AccountMailJob, runAccountMailJob } from "../auth/account-mail.server";
import { type BackupTrigger, runBackup } from "../backups/backups.server";
import { importSanctionsFrom } from "../compliance/sanctions.server";
import {
  type Attachment,
  type AttachmentRef,
  deliverMail,
  mailServerAnswers,
  type QueuedMail,
} from "../mail/mail.server";
import { exportBlmFeed } from "../portals/blm-export.server";
import { queuePortalCatchUp } from "../portals/catch-up.server";
import { syncPortal } from "../portals/portal-sync.server";
import type { PortalSyncJob } from "../portals/sync.server";
import { purgeExpiredRecords } from "../privacy/retention.server";
import { signedContractAttachment } from "../projects/contract.server";
import { memorandumAttachment } from "../sales/memorandum-pdf.server";
import { viewingInviteAttachment } from "../viewings/invite.server";
import { requestDueFeedback } from "../viewings/seller-viewings.server";
import { type QueueName, registerWorker, startQueue, stopQueue, wakeWorker } from "./queue.server";

/** The retention purge runs daily at 03:30 London time (the privacy policy's periods, see privacy/retention.ts). */
export const RETENTION_SCHEDULE = { cron: "30 3 * * *", tz: "Europe/London" } as const;

/** The sanctions list is fetched daily at 06:00 London time (OFSI publishes changes during the working day). */
export const SANCTIONS_IMPORT_SCHEDULE = { cron: "0 6 * * *", tz: "Europe/London" } as const;

/** The Rightmove BLM file is written daily at 05:00 London time, before the portal's morning processing. */
export const BLM_EXPORT_SCHEDULE = { cron: "0 5 * * *", tz: "Europe/London" } as const;

/** The portals' catch-up (portals/catch-up.server.ts) runs daily at 05:15 London time. */
export const PORTAL_CATCH_UP_SCHEDULE = { cron: "15 5 * * *", tz: "Europe/London" } as const;

/** After a viewing, its requester is asked for feedback: the job looks for viewings that have started every 15 minutes. */
export const FEEDBACK_REQUEST_SCHEDULE = { cron: "*/15 * * * *", tz: "Europe/London" } as const;

/**
 * The file a queued message refers to, made now; null when what it was made from has since been deleted (a
 * withdrawn home takes its viewings and sales with it): the message still goes, without that file, rather than
 * failing on every retry.
 */
async function attachmentFor(ref: AttachmentRef): Promise<Attachment | null> {
  switch (ref.kind) {
    case "signed-contract":
      return signedContractAttachment(ref.projectId);
    case "viewing-invite":
      return viewingInviteAttachment(ref);
    case "memorandum-of-sale":
      return memorandumAttachment(ref.saleId);
  }
}

const HANDLERS: Record<QueueName, (data: never) => Promise<unknown>> = {
  mail: async (mail: QueuedMail) => {
    const made = await Promise.all((mail.attachments ?? []).map(attachmentFor));
    const attachments = made.filter((file) => file !== null);
    if (attachments.length < made.length)
      logger.warn(
        { messageId: mail.messageId, subject: mail.subject },
        "mail sent without a file whose source was deleted",
      );
    return deliverMail(mail, attachments);
  },
  "account-mail": (job: AccountMailJob) => runAccountMailJob(job),
  retention: async () => purgeExpiredRecords(),
  "instant-alerts": () => runAlerts("instant"),
  "daily-alerts": () => runAlerts("daily"),
  "weekly-alerts": () => runAlerts("weekly"),
  "viewing-feedback-requests": () => requestDueFeedback(),
  "portal-rightmove": (job: PortalSyncJob) => syncPortal("rightmove", job),
  "portal-zoopla": (job: PortalSyncJob) => syncPortal("zoopla", job),
  "rightmove-blm-export": () => exportBlmFeed(),
  "portal-catch-up": () => queuePortalCatchUp(),
  backup: (job: { trigger?: BackupTrigger }) => runBackup({ trigger: job.trigger ?? "schedule" }),
  // Nothing to fetch without an address: the list is then imported by hand (npm run sanctions:import).
  "sanctions-import": async (job: { source?: string }) => {
    const source = job.source ?? getEnv().SANCTIONS_LIST_URL;
    return source ? importSanctionsFrom(source) : null;
  },
};

export type WorkerOptions = {
  /**
   * How often idle workers look for new jobs (pg-boss polls). On the embedded database, jobs added or retried in
   * this process wake their worker (queue.server.ts `wakeWorker`); the looks find the rest: the schedules' jobs
   * and attempts that expired. 2 s on PostgreSQL, where other processes add jobs; 30 s on the embedded
   * database, where only this process can.
   */
  pollingIntervalSeconds?: number;
  /** How often to check whether a mail server that was down answers again. */
  mailProbeIntervalMs?: number;
};

let probe: NodeJS.Timeout | undefined;

/**
 * While mail waits to be retried after failures, checks every `intervalMs` whether the mail server answers
 * again; when it does, the waiting messages are sent at once instead of at their next backoff time (which
 * after a long outage may be hours away).
 */
async function releaseMailWhenServerAnswers() {
  const [row] = await prisma.$queryRaw<{ waiting: number }[]>`
    SELECT count(*)::int AS waiting FROM pgboss.job WHERE name = 'mail' AND state = 'retry' AND start_after > now()`;
  if (!row?.waiting || !(await mailServerAnswers())) return;
  const released = await prisma.$executeRaw`
    UPDATE pgboss.job SET start_after = now() WHERE name = 'mail' AND state = 'retry' AND start_after > now()`;
  logger.info({ released }, "the mail server answers again: sending waiting mail now");
  wakeWorker("mail");
}

/**
 * On the embedded database this process is the only one that can have been working the queue, so a job still
 * marked active was cut short when it last stopped (a crash): it goes back to the queue now rather than when
 * its attempt expires.
 */
async function returnOrphanedJobs(boss: PgBoss) {
  if (!embeddedDatabase()) return;
  const orphans = await prisma.$queryRaw<
    { id: string; name: QueueName }[]
  >`SELECT id::text, name FROM pgboss.job WHERE state = 'active'`;
  for (const job of orphans)
    await boss.fail(job.name, job.id, { message: "the process running this job stopped before it finished" });
  if (orphans.length > 0) logger.warn({ jobs: orphans.length }, "jobs cut short by the last stop go back to the queue");
}

/** How many jobs a worker takes at a time (each message takes well under a second; one attempt may take 50 s). */
const BATCH_SIZE = 10;

const errorOutput = (err: unknown) => ({ message: err instanceof Error ? err.message : String(err) });

/** Runs one job's handler; a failure is recorded on that job alone (pg-boss retries it), not on its batch. */
async function runJob(boss: PgBoss, name: QueueName, job: { id: string; data: unknown }) {
  try {
    await HANDLERS[name](job.data as never);
    return true;
  } catch (err) {
    logger.warn({ err, queue: name, jobId: job.id }, "job failed; it will be retried");
    await boss.fail(name, job.id, errorOutput(err));
    // Woken for its retry, as a job added here is.
    const failed = await boss.getJobById(name, job.id);
    if (failed?.state === "retry") wakeWorker(name, failed.startAfter);
    return false;
  }
}

/** Starts this process's workers and the schedules. */
export async function startWorkers({
  pollingIntervalSeconds = embeddedDatabase() ? 30 : 2,
  mailProbeIntervalMs = 20_000,
}: WorkerOptions = {}) {
  const boss = await startQueue({ work: true, pollingIntervalSeconds });
  await returnOrphanedJobs(boss);
  for (const name of Object.keys(HANDLERS) as QueueName[]) {
    const workerId: string = await boss.work(
      name,
      { batchSize: BATCH_SIZE, pollingIntervalSeconds },
      async (jobs: PgBoss.Job<unknown>[]) => {
        // One at a time, each completed as soon as it is done: a worker that dies mid-batch leaves only the job
        // it was running to be done again, not the ones before it (pg-boss completes the batch when this
        // returns, which skips those already completed).
        for (const job of jobs) if (await runJob(boss, name, job)) await boss.complete(name, job.id);
        // A full batch means more may be waiting: look again at once instead of after the polling interval.
        if (jobs.length === BATCH_SIZE) boss.notifyWorker(workerId);
      },
    );
    // Woken by the jobs added here on the embedded database only, where the worker's look waits for the
    // transaction that adds a job to end; on PostgreSQL it would look before the commit and find nothing.
    if (embeddedDatabase()) registerWorker(name, workerId);
  }
  await boss.schedule("retention", RETENTION_SCHEDULE.cron, {}, { tz: RETENTION_SCHEDULE.tz });
  await boss.schedule("daily-alerts", ALERT_SCHEDULES.daily.cron, {}, { tz: ALERT_SCHEDULES.daily.tz });
  await boss.schedule(
    "viewing-feedback-requests",
    FEEDBACK_REQUEST_SCHEDULE.cron,
    {},
    { tz: FEEDBACK_REQUEST_SCHEDULE.tz },
  );
  await boss.schedule("rightmove-blm-export", BLM_EXPORT_SCHEDULE.cron, {}, { tz: BLM_EXPORT_SCHEDULE.tz });
  await boss.schedule("portal-catch-up", PORTAL_CATCH_UP_SCHEDULE.cron, {}, { tz: PORTAL_CATCH_UP_SCHEDULE.tz });
  await boss.schedule("weekly-alerts", ALERT_SCHEDULES.weekly.cron, {}, { tz: ALERT_SCHEDULES.weekly.tz });
  const backups = getEnv().BACKUP_SCHEDULE;
  if (backups === "off") await boss.unschedule("backup");
  else await boss.schedule("backup", backups, {}, { tz: "Europe/London" });
  if (getEnv().SANCTIONS_LIST_URL)
    await boss.schedule("sanctions-import", SANCTIONS_IMPORT_SCHEDULE.cron, {}, { tz: SANCTIONS_IMPORT_SCHEDULE.tz });
  else await boss.unschedule("sanctions-import");
  probe = setInterval(() => {
    releaseMailWhenServerAnswers().catch((err: unknown) => logger.error({ err }, "checking the mail server failed"));
  }, mailProbeIntervalMs);
  probe.unref();
  return boss;
}

/** Stops the workers: running jobs get `timeoutMs` to finish, then go back to the queue. */
export async function stopWorkers(options?: { timeoutMs?: number }) {
  clearInterval(probe);
  probe = undefined;
  await stopQueue(options);
}

/**
 * Runs every job of `name` that is due now, here and at once (tests, and `npm run worker -- --once`), through
 * the same handlers as the workers; returns how many succeeded and failed.
 */
export async function runDueJobs(name: QueueName) {
  const boss = await startQueue({ work: false });
  const counts = { completed: 0, failed: 0 };
  for (;;) {
    const [job] = await boss.fetch<unknown>(name, { batchSize: 1 });
    if (!job) return counts;
    if (await runJob(boss, name, job)) {
      await boss.complete(name, job.id);
      counts.completed++;
    } else {
      counts.failed++;
    }
  }
}
