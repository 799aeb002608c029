// What admins see of the job queue (/admin/jobs, GET /api/v1/admin/jobs, the dashboard and /healthz): jobs by
// state with their last error, and retrying or cancelling one. Reads pg-boss's job table; changes go through
// pg-boss itself.
import { prisma } from "../../lib/db.server";
import { type PageQuery, paginate } from "../../lib/pagination";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { type QueueName, QUEUES, startQueue, wakeWorker } from "./queue.server";
import { JOB_STATE_LABELS, JOB_STATES, type JobState } from "./states";

const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

type JobRow = {
  id: string;
  queue: QueueName;
  state: JobState;
  attempts: number;
  retry_limit: number;
  created_on: Date;
  start_after: Date;
  completed_on: Date | null;
  subject: string | null;
  recipient: string | null;
  last_error: string | null;
};

export type AdminJob = {
  id: string;
  queue: QueueName;
  state: JobState;
  /** For mail, the subject and recipient; for other jobs, what they do. */
  summary: string;
  recipient: string | null;
  attempts: number;
  maxAttempts: number;
  createdAt: string;
  /** When a waiting job runs next. */
  runAfter: string;
  finishedAt: string | null;
  lastError: string | null;
};

const DESCRIPTIONS: Record<QueueName, string> = {
  mail: "Email",
  "account-mail": "Account email (password reset, unlock or sign-up notice), if an account uses the address",
  retention: "Retention purge (privacy policy periods)",
  "instant-alerts": "Instant search alerts (homes just listed or reduced)",
  "daily-alerts": "Daily search alerts (07:00)",
  "weekly-alerts": "Weekly search alerts (Mondays 07:00)",
  "viewing-feedback-requests": "Viewing feedback requests (every 15 minutes)",
  "portal-rightmove": "Rightmove real-time update of one home",
  "portal-zoopla": "Zoopla real-time update of one home",
  "rightmove-blm-export": "Rightmove BLM file (daily, 05:00)",
  "portal-catch-up": "Portal catch-up: homes not yet sent, listings that should have gone (daily, 05:15)",
  backup: "Backup of the database and every stored file",
  "sanctions-import": "UK sanctions list import from SANCTIONS_LIST_URL (daily, 06:00)",
};

function toAdminJob(row: JobRow): AdminJob {
  return {
    id: row.id,
    queue: row.queue,
    state: row.state,
    summary: row.subject ?? DESCRIPTIONS[row.queue],
    recipient: row.recipient,
    attempts: row.attempts,
    maxAttempts: row.retry_limit + 1,
    createdAt: row.created_on.toISOString(),
    runAfter: row.start_after.toISOString(),
    finishedAt: row.completed_on?.toISOString() ?? null,
    lastError: row.last_error,
  };
}

export type JobFilter = { state?: JobState };

/** Jobs of this app's queues, newest first, optionally in one state. */
export function listJobs(filter: JobFilter, query: PageQuery) {
  const states = filter.state ? [filter.state] : [...JOB_STATES];
  return paginate(
    query,
    async () => {
      const [row] = await prisma.$queryRaw<{ total: number }[]>`
        SELECT count(*)::int AS total FROM pgboss.job WHERE name = ANY(${QUEUE_NAMES}) AND state::text = ANY(${states})`;
      return row?.total ?? 0;
    },
    async ({ skip, take }) => {
      const rows = await prisma.$queryRaw<JobRow[]>`
        SELECT id::text, name AS queue, state::text,
               -- pg-boss counts retries (when a retry starts); the first attempt is not one.
               CASE WHEN started_on IS NULL THEN 0 ELSE retry_count + 1 END AS attempts, retry_limit, created_on, start_after, completed_on,
               data->>'subject' AS subject, data->>'to' AS recipient,
               CASE WHEN state IN ('retry', 'failed') THEN COALESCE(output->>'message', output::text) END AS last_error
        FROM pgboss.job WHERE name = ANY(${QUEUE_NAMES}) AND state::text = ANY(${states})
        ORDER BY created_on DESC, id DESC OFFSET ${skip} LIMIT ${take}`;
      return rows.map(toAdminJob);
    },
  );
}

export type QueueHealth = {
  /** Jobs due or waiting to retry, and the age of the oldest of them (null when none wait). */
  waiting: number;
  oldestWaitingSeconds: number | null;
  running: number;
  /** Jobs that gave up, kept for 30 days. */
  failed: number;
  /** Mail that could not be sent on its last attempt (waiting to retry) or at all (failed). */
  mailFailing: number;
};

export async function queueHealth(): Promise<QueueHealth> {
  const [row] = await prisma.$queryRaw<QueueHealth[]>`
    SELECT count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
           EXTRACT(EPOCH FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry')))::float AS "oldestWaitingSeconds",
           count(*) FILTER (WHERE state = 'active')::int AS running,
           count(*) FILTER (WHERE state = 'failed')::int AS failed,
           count(*) FILTER (WHERE name = 'mail' AND state IN ('retry', 'failed'))::int AS "mailFailing"
    FROM pgboss.job WHERE name = ANY(${QUEUE_NAMES})`;
  return {
    ...row!,
    oldestWaitingSeconds: row!.oldestWaitingSeconds === null ? null : Math.round(row!.oldestWaitingSeconds),
  };
}

async function findJob(id: string) {
  // Ids are UUIDs; anything else is simply not found.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await prisma.$queryRaw<{ queue: QueueName; state: JobState }[]>`
    SELECT name AS queue, state::text FROM pgboss.job WHERE id = ${id}::uuid AND name = ANY(${QUEUE_NAMES})`;
  return row ?? null;
}

type Actor = { userId: number; ipAddress: string };

/** Runs a failed or cancelled job again now (one more attempt). */
export async function retryJob(id: string, actor: Actor) {
  const job = await findJob(id);
  if (!job) throw new ServiceError(404, "That job does not exist (finished jobs are archived after a day).");
  if (job.state !== "failed" && job.state !== "cancelled" && job.state !== "retry")
    throw new ServiceError(
      409,
      `Only a failed, cancelled or retrying job can be retried; this one is ${JOB_STATE_LABELS[job.state].toLowerCase()}.`,
    );
  const boss = await startQueue({ work: false });
  if (job.state === "cancelled") await boss.resume(job.queue, id);
  else if (job.state === "failed") await boss.retry(job.queue, id);
  await prisma.$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE id = ${id}::uuid AND state IN ('created', 'retry')`;
  wakeWorker(job.queue);
  await recordAudit({
    actorId: actor.userId,
    action: "job.retry",
    entity: "Job",
    entityId: id,
    detail: { queue: job.queue, before: job.state },
    ipAddress: actor.ipAddress,
  });
}

/** Cancels a job that has not finished: it will not run (again). */
export async function cancelJob(id: string, actor: Actor) {
  const job = await findJob(id);
  if (!job) throw new ServiceError(404, "That job does not exist (finished jobs are archived after a day).");
  if (job.state !== "created" && job.state !== "retry" && job.state !== "active")
    throw new ServiceError(
      409,
      `Only a waiting or running job can be cancelled; this one is ${JOB_STATE_LABELS[job.state].toLowerCase()}.`,
    );
  const boss = await startQueue({ work: false });
  await boss.cancel(job.queue, id);
  await recordAudit({
    actorId: actor.userId,
    action: "job.cancel",
    entity: "Job",
    entityId: id,
    detail: { queue: job.queue, before: job.state },
    ipAddress: actor.ipAddress,
  });
}
