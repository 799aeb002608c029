// Backups: one archive (archive.server.ts) holding a consistent snapshot of the database (snapshot.server.ts)
// and every stored file, made while the site keeps serving; kept per the retention rule (retention.ts); each
// run recorded in BackupRun, and a failed one mailed to the agency through the queue.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import { embeddedDatabase, postgresConnectionString, prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { enqueue } from "../jobs/queue.server";
import { agencyEmail, queueMail } from "../mail/mail.server";
import { fileStore } from "../media/storage.server";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type Manifest, writeArchive } from "./archive.server";
import { backupsToDelete } from "./retention";
import { dumpDatabase, type SqlSession } from "./snapshot.server";

/** Archive names: movewise-<UTC time>.tar, or .tar.age when encrypted. */
const ARCHIVE_NAME = /^movewise-(\d{8}T\d{6}Z)(-[0-9a-f]{6})?\.tar(\.age)?$/;

export const isArchiveName = (name: string) => ARCHIVE_NAME.test(name);

export function backupDir() {
  const env = getEnv();
  return path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups"));
}

export function pgliteSession(pglite: Pick<PGlite, "query" | "exec">): SqlSession {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
    script: async (text) => void (await pglite.exec(text)),
  };
}

export function postgresSession(client: pg.Client): SqlSession {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    script: async (text) => void (await client.query(text)),
  };
}

/**
 * Dumps the database as one snapshot into `dir`. PostgreSQL: a REPEATABLE READ READ ONLY transaction on a
 * connection of its own, so requests go on around it. PGlite (one connection): a copy of the database taken
 * in one step (the engine's own clone), dumped while the site keeps using the original.
 */
async function snapshotDatabase(dir: string) {
  const pglite = embeddedDatabase();
  if (pglite) {
    const copy = await pglite.clone();
    try {
      const sql = pgliteSession(copy);
      await sql.script("BEGIN ISOLATION LEVEL REPEATABLE READ");
      const dump = await dumpDatabase(sql, dir);
      await sql.script("COMMIT");
      return { engine: "pglite" as const, ...dump };
    } finally {
      await copy.close();
    }
  }
  const client = new pg.Client({ connectionString: postgresConnectionString(), application_name: "movewise-backup" });
  await client.connect();
  try {
    const sql = postgresSession(client);
    await sql.script("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const dump = await dumpDatabase(sql, dir);
    await sql.script("COMMIT");
    return { engine: "postgresql" as const, ...dump };
  } finally {
    await client.end();
  }
}

/**
 * Copies every stored file into `dir`/files/. Listed after the snapshot: a file is stored before the row that
 * names it, so every file the snapshot's rows name is there (keys are never reused, so bytes never change).
 */
async function copyFiles(dir: string) {
  const store = fileStore();
  const files: Manifest["files"] = [];
  for await (const key of store.list()) {
    const object = await store.stream(key);
    // Deleted since it was listed: it is not in the snapshot's rows either.
    if (!object) continue;
    const file = `files/${key}`;
    const target = path.join(dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    const hash = createHash("sha256");
    let bytes = 0;
    await pipeline(
      Readable.fromWeb(object.body as unknown as WebReadableStream<Uint8Array>),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          bytes += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(target),
    );
    files.push({ key, file, bytes, sha256: hash.digest("hex") });
  }
  return files;
}

function appVersion() {
  try {
    const pkg = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "unversioned";
  } catch {
    return "unknown";
  }
}

export type BackupTrigger = "schedule" | "admin" | "cli";

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

/** Only one backup at a time in this process (a second one asked for meanwhile is refused). */
let running: Promise<unknown> | undefined;

/**
 * Makes one backup now. Returns the archive's name and size; on failure records it, mails the agency (through
 * the queue) and throws. `failAfterEntries` is for tests: the archive write stops part-way.
 */
export async function runBackup({ trigger, failAfterEntries }: { trigger: BackupTrigger; failAfterEntries?: number }) {
  if (running) throw new ServiceError(409, "A backup is already running.");
  const work = backUp(trigger, failAfterEntries);
  running = work;
  try {
    return await work;
  } finally {
    running = undefined;
  }
}

async function backUp(trigger: BackupTrigger, failAfterEntries?: number) {
  const env = getEnv();
  const dir = backupDir();
  const run = await prisma.backupRun.create({ data: { trigger } });
  const staging = path.join(dir, `.staging-${run.id}-${randomBytes(4).toString("hex")}`);
  try {
    await mkdir(staging, { recursive: true });
    await removeLeftovers(dir, staging);
    const db = await snapshotDatabase(staging);
    const files = await copyFiles(staging);
    const createdAt = new Date();
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      app: { version: appVersion(), node: process.version },
      database: {
        engine: db.engine,
        serverVersion: db.serverVersion,
        migrations: db.migrations,
        lastMigration: db.migrations.at(-1) ?? null,
        queueVersion: db.queueVersion,
      },
      tables: db.tables,
      sequences: db.sequences,
      files,
    };
    const encrypted = env.BACKUP_RECIPIENTS.length > 0;
    const fileName = `movewise-${stamp(createdAt)}-${randomBytes(3).toString("hex")}.tar${encrypted ? ".age" : ""}`;
    await writeArchive({
      stagingDir: staging,
      manifest,
      target: path.join(dir, fileName),
      recipients: env.BACKUP_RECIPIENTS,
      failAfterEntries,
    });
    const byteSize = (await stat(path.join(dir, fileName))).size;
    await prisma.backupRun.update({
      where: { id: run.id },
      data: { status: "succeeded", fileName, byteSize, finishedAt: new Date() },
    });
    const removed = await applyRetention();
    logger.info({ fileName, byteSize, removed: removed.length, trigger }, "backup written");
    return {
      fileName,
      byteSize,
      encrypted,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: files.length,
      removed,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ err: error, trigger }, "backup failed");
    await recordFailure(run.id, message).catch((err: unknown) =>
      logger.error({ err }, "the failed backup could not be recorded"),
    );
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function recordFailure(id: number, message: string) {
  const env = getEnv();
  await prisma.$transaction(async (tx) => {
    await tx.backupRun.update({
      where: { id },
      data: { status: "failed", error: message.slice(0, 2_000), finishedAt: new Date() },
    });
    await queueMail(tx, [
      {
        to: agencyEmail(),
        subject: "Backup failed",
        text: [
          `The backup started at ${new Date().toISOString()} failed:`,
          "",
          message,
          "",
          `Backups are listed at ${env.PUBLIC_URL}/admin/backups; the next scheduled one will try again.`,
        ].join("\n"),
      },
    ]);
  });
}

/** Half-made archives and staging folders of runs that died (a kill, a power cut): never counted, so removed. */
async function removeLeftovers(dir: string, keep: string) {
  for (const name of await readdir(dir).catch(() => [])) {
    const full = path.join(dir, name);
    if (full === keep) continue;
    if (name.startsWith(".staging-") || name.endsWith(".partial")) await rm(full, { recursive: true, force: true });
  }
}

export type BackupFile = { fileName: string; byteSize: number; createdAt: Date; encrypted: boolean };

/** The whole archives in the destination, newest first. */
export async function listBackupFiles(): Promise<BackupFile[]> {
  const dir = backupDir();
  const names = (await readdir(dir).catch(() => [] as string[])).filter(isArchiveName);
  const files = await Promise.all(
    names.map(async (fileName) => {
      const info = await stat(path.join(dir, fileName));
      const [, time] = ARCHIVE_NAME.exec(fileName)!;
      const createdAt = new Date(
        `${time!.slice(0, 4)}-${time!.slice(4, 6)}-${time!.slice(6, 8)}T${time!.slice(9, 11)}:${time!.slice(11, 13)}:${time!.slice(13, 15)}Z`,
      );
      return { fileName, byteSize: info.size, createdAt, encrypted: fileName.endsWith(".age") };
    }),
  );
  return files.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.fileName.localeCompare(a.fileName));
}

/** Deletes the archives the retention rule (BACKUP_KEEP_*) no longer keeps; returns their names. */
export async function applyRetention(now = new Date()) {
  const env = getEnv();
  const files = await listBackupFiles();
  const doomed = backupsToDelete(
    files.map((f) => ({ name: f.fileName, createdAt: f.createdAt })),
    { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY, monthly: env.BACKUP_KEEP_MONTHLY },
    now,
  );
  for (const name of doomed) await rm(path.join(backupDir(), name), { force: true });
  return doomed;
}

/** A stored archive as a stream, for downloading; null for any name that is not one. */
export async function backupDownload(fileName: string) {
  if (!isArchiveName(fileName)) return null;
  const file = path.join(backupDir(), fileName);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, byteSize: info.size };
}

/** What /admin/backups, /admin/jobs and /readyz show: the archives, the last success and failure, and whether one runs. */
export async function backupOverview() {
  const env = getEnv();
  const [files, lastSuccess, lastFailure, runningRun, waiting] = await Promise.all([
    listBackupFiles(),
    prisma.backupRun.findFirst({ where: { status: "succeeded" }, orderBy: { finishedAt: "desc" } }),
    prisma.backupRun.findFirst({ where: { status: "failed" }, orderBy: { finishedAt: "desc" } }),
    prisma.backupRun.findFirst({ where: { status: "running" }, orderBy: { startedAt: "desc" } }),
    prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'backup' AND state IN ('created', 'retry', 'active')`,
  ]);
  const ageSeconds = (date: Date | null | undefined) =>
    date ? Math.max(0, Math.round((Date.now() - date.getTime()) / 1000)) : null;
  return {
    files: files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString(), ageSeconds: ageSeconds(f.createdAt) })),
    lastSuccess: lastSuccess
      ? {
          at: lastSuccess.finishedAt!.toISOString(),
          ageSeconds: ageSeconds(lastSuccess.finishedAt),
          fileName: lastSuccess.fileName,
        }
      : null,
    lastFailure: lastFailure
      ? { at: lastFailure.finishedAt!.toISOString(), error: lastFailure.error ?? "", trigger: lastFailure.trigger }
      : null,
    // A run recorded as running whose process died stays so: only a recent one counts.
    running: Boolean(runningRun && (ageSeconds(runningRun.startedAt) ?? 0) < 2 * 60 * 60) || (waiting[0]?.n ?? 0) > 0,
    encrypted: env.BACKUP_RECIPIENTS.length > 0,
    schedule: env.BACKUP_SCHEDULE,
    destination: backupDir(),
  };
}

export type BackupOverview = Awaited<ReturnType<typeof backupOverview>>;

/** "Back up now" on /admin/backups: a backup job (run by the workers, so the request does not wait for it). */
export async function requestBackup(actor: { userId: number; ipAddress: string }) {
  await prisma.$transaction(async (tx) => {
    await enqueue(tx, "backup", { trigger: "admin" }, { key: "admin" });
    await recordAudit(
      {
        actorId: actor.userId,
        action: "backup.request",
        entity: "Backup",
        entityId: "now",
        ipAddress: actor.ipAddress,
      },
      tx,
    );
  });
}
