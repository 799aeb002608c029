// The job queue: pg-boss on the app's own database (docs/decisions/0001-job-queue.md). Jobs are added in the
// same transaction as the write they follow (`enqueue(tx, …)`), so "saved" and "will be done" cannot disagree;
// they run at least once, retried with exponential backoff, and stay visible to admins when they fail for good.
import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";

import type { Prisma } from "../../generated/prisma/client";
import { embeddedDatabase, postgresConnectionString } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";

/**
 * Each queue's retry policy. Backoff doubles from `retryDelay` with jitter: the first retry comes 15–30 s after
 * a failure, and twelve retries span about a day (17–34 h) before a job fails for good.
 * `expireInSeconds` is how long one attempt may run before it counts as failed (a worker that died mid-job).
 */
export const QUEUES = {
  mail: { retryLimit: 12, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  // Decides whether an account message goes (auth/account-mail.server.ts); the message itself is a mail job.
  "account-mail": { retryLimit: 12, retryDelay: 15, retryBackoff: true, expireInSeconds: 60 },
  retention: { retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
  // Search alerts (alerts/alerts.server.ts). Instant runs are asked for by each listing or price cut; "short"
  // keeps one waiting run at a time, so the asks made while one waits join it.
  "instant-alerts": { policy: "short", retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  "daily-alerts": { retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
  "weekly-alerts": { retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
  // Mails the feedback link after each confirmed viewing (viewings/seller-viewings.server.ts), every 15 minutes.
  "viewing-feedback-requests": { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
  // One home to one portal (portals/portal-sync.server.ts). "stately" keeps at most one waiting and one running
  // job per home and portal: edits made together go as one update, and two workers never send the same home
  // at once (an older read could otherwise land last). A portal that is down is retried for about a day.
  "portal-rightmove": { policy: "stately", retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  "portal-zoopla": { policy: "stately", retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  // Daily, and when an admin asks: homes the portals should hold but were never sent, and listings that should have gone.
  "portal-catch-up": { policy: "short", retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
  // The Rightmove BLM file, written daily (portals/blm-export.server.ts) or when an admin asks; "short" keeps one
  // asked-for file waiting at a time.
  "rightmove-blm-export": {
    policy: "short",
    retryLimit: 6,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
  },
  // Backups (backups/backups.server.ts): daily on BACKUP_SCHEDULE, or when an admin asks; "short" keeps one
  // waiting. A failed one mails the agency and is tried once more a quarter of an hour later.
  backup: { policy: "short", retryLimit: 1, retryDelay: 900, retryBackoff: false, expireInSeconds: 2 * 60 * 60 },
  // The UK sanctions list, daily from SANCTIONS_LIST_URL (compliance/sanctions.server.ts); "short" keeps one waiting.
  "sanctions-import": { policy: "short", retryLimit: 6, retryDelay: 300, retryBackoff: true, expireInSeconds: 10 * 60 },
} satisfies Record<string, Omit<PgBoss.Queue, "name">>;

export type QueueName = keyof typeof QUEUES;

/** Failed jobs stay in the job table (and in /admin/jobs) this long before pg-boss archives them. */
const KEEP_FAILED_SECONDS = 30 * 24 * 60 * 60;

let current: Promise<PgBoss> | undefined;
let currentWorks = false;

/** pg-boss's SQL on the embedded engine's one connection: scripts (no parameters) run whole, the rest as one statement. */
function onPGlite(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values?.length) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/** pg-boss's SQL inside a Prisma interactive transaction, so a job commits or rolls back with the write it follows. */
function inTransaction(tx: Prisma.TransactionClient): PgBoss.Db {
  return { executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe(text, ...(values ?? [])) }) };
}

export type QueueOptions = {
  /** Run maintenance (expiring stuck jobs, archiving) and cron schedules here: true in worker processes. */
  work: boolean;
  /** How often idle workers look for new jobs. */
  pollingIntervalSeconds?: number;
};

type Connection = { pglite: PGlite } | { connectionString: string };

function connectionOfApp(): Connection {
  const pglite = embeddedDatabase();
  return pglite ? { pglite } : { connectionString: postgresConnectionString() };
}

async function open(connection: Connection, { work, pollingIntervalSeconds }: QueueOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    ...("pglite" in connection
      ? { db: onPGlite(connection.pglite) }
      : { connectionString: connection.connectionString, max: 4, application_name: "movewise-jobs" }),
    schema: "pgboss",
    // pg-boss creates its tables on first start and upgrades them when the library is upgraded.
    migrate: true,
    supervise: work,
    schedule: work,
    maintenanceIntervalSeconds: 30,
    archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
    ...(pollingIntervalSeconds ? { pollingIntervalSeconds } : {}),
  });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  await boss.start();
  for (const [name, policy] of Object.entries(QUEUES)) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...policy });
    else await boss.createQueue(name, { name, ...policy });
  }
  return boss;
}

/** Creates the queue's tables and queues in a database (the tests' template database). */
export async function installQueue(connection: Connection) {
  const boss = await open(connection, { work: false });
  await boss.stop({ graceful: false, close: true });
}

/** Starts the queue in this process (once); with `work`, this process also runs maintenance and schedules. */
export async function startQueue(options: QueueOptions) {
  // A queue opened for sending first (by a request, or a test) is reopened to work.
  if (current && options.work && !currentWorks) await stopQueue();
  currentWorks ||= !current && options.work;
  current ??= open(connectionOfApp(), options).catch((err: unknown) => {
    current = undefined;
    throw err;
  });
  return current;
}

let unstarted: PgBoss | undefined;

/**
 * A pg-boss that is never started and has no connection of its own: it only builds the SQL that adds a job and
 * runs it through the caller's transaction. (Starting the queue from inside a transaction could wait for the
 * embedded engine's one connection, which that transaction holds.)
 */
function sender() {
  return (unstarted ??= new PgBoss({
    schema: "pgboss",
    db: { executeSql: () => Promise.reject(new Error("Jobs are added only inside a transaction.")) },
  }));
}

/**
 * Adds a job in the caller's transaction: it exists exactly when the write it follows commits.
 * `key` makes the job unique while it waits (a second job with the same key is dropped).
 */
export async function enqueue<Name extends QueueName>(
  tx: Prisma.TransactionClient,
  name: Name,
  data: object,
  options: { key?: string; startAfter?: Date } = {},
) {
  const id = await sender().send(name, data, {
    db: inTransaction(tx),
    ...(options.key ? { singletonKey: options.key } : {}),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  });
  wakeWorker(name, options.startAfter);
  return id;
}

// This process's workers by queue, on the embedded database (workers.server.ts). A job added here wakes its
// queue's worker when it is due instead of waiting for the worker's next look, so the workers can look rarely:
// there every job is added in this process, and each look costs the server's one thread a few milliseconds.
const localWorkers = new Map<QueueName, string>();
// A job is due once its start time has passed; the database keeps that time to the microsecond, a Date to the
// millisecond, and a timer may fire a millisecond early. Woken a little late, the worker's look finds the job.
const DUE_MARGIN_MS = 10;
const wakeTimers = new Set<NodeJS.Timeout>();

export function registerWorker(name: QueueName, workerId: string) {
  localWorkers.set(name, workerId);
}

/**
 * Wakes this process's worker of `name` now, or at `at`. Inside a transaction the wake comes before the commit;
 * the worker's look waits for the transaction to end, which holds the embedded engine's one connection.
 */
export function wakeWorker(name: QueueName, at?: Date) {
  const workerId = localWorkers.get(name);
  const opened = current;
  if (!workerId || !opened) return;
  const wake = () => void opened.then((boss) => boss.notifyWorker(workerId)).catch(() => undefined);
  const delay = at ? at.getTime() + DUE_MARGIN_MS - Date.now() : 0;
  if (delay <= 0) return wake();
  // Beyond setTimeout's reach (about 24 days) the regular look finds the job.
  if (delay > 2 ** 31 - 1) return;
  const timer = setTimeout(() => {
    wakeTimers.delete(timer);
    wake();
  }, delay);
  timer.unref();
  wakeTimers.add(timer);
}

/**
 * Stops the queue: with `graceful`, running jobs get up to `timeoutMs` to finish; what is still running then is
 * failed back to the queue (and retried by the next worker).
 */
export async function stopQueue({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}) {
  for (const timer of wakeTimers) clearTimeout(timer);
  wakeTimers.clear();
  localWorkers.clear();
  const opened = current;
  current = undefined;
  currentWorks = false;
  if (!opened) return;
  const boss = await opened.catch(() => undefined);
  await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
}
