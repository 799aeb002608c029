// The command-line tools (scripts/*.js load the server build and call these): each validates the settings
// and migrates the database first, as npm start does.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { closeDatabase, oneProcessAtATime } from "../app/lib/db.server";
import { ConfigError } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { migrateDatabase } from "../scripts/prisma-cli.js";
import { askRunningServer, serverRunning } from "./control";
import { exitWith, settingsOrExit } from "./exit";

const AdminSchema = z.object({
  email: z.email({ error: "Enter a valid email address." }),
  password: z.string().min(8, { error: "The password needs at least 8 characters." }),
  fullName: z.string().trim().min(1).optional(),
});

/** npm run create-admin: validate, migrate, then create the admin or reset its password. */
export async function createAdmin(input: {
  email: string;
  password: string;
  fullName?: string;
  nominatedOfficer?: boolean;
}) {
  const env = settingsOrExit();
  refuseUnfinishedRestore(env.DATA_DIR);
  const parsed = AdminSchema.safeParse(input);
  if (!parsed.success) return { ok: false as const, message: parsed.error.issues.map((i) => i.message).join("\n") };
  await oneProcessAtATime(migrateDatabase);
  const { upsertAdmin } = await import("../app/modules/auth/admins.server");
  try {
    const admin = await upsertAdmin({ ...parsed.data, nominatedOfficer: input.nominatedOfficer ?? false });
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
  refuseUnfinishedRestore(settingsOrExit().DATA_DIR);
  await oneProcessAtATime(migrateDatabase);
  const { purgeExpiredRecords } = await import("../app/modules/privacy/retention.server");
  try {
    return await purgeExpiredRecords({ dryRun });
  } finally {
    await closeDatabase();
  }
}

/** npm run sanctions:import <file-or-url>: validate, migrate, then replace the sanctions list with the file's. */
export async function runSanctionsImport(source: string) {
  settingsOrExit();
  await oneProcessAtATime(migrateDatabase);
  const { importSanctionsFrom } = await import("../app/modules/compliance/sanctions.server");
  try {
    return await importSanctionsFrom(source);
  } finally {
    await closeDatabase();
  }
}

/** npm run worker: background jobs in a process of their own (PostgreSQL only), until SIGTERM or SIGINT. */
export async function runWorker() {
  const env = settingsOrExit();
  refuseUnfinishedRestore(env.DATA_DIR);
  if (!env.DATABASE_URL)
    exitWith(
      new ConfigError(
        "npm run worker needs DATABASE_URL: the embedded database can only be opened by the web process, which runs the jobs itself.",
      ),
    );
  try {
    await oneProcessAtATime(migrateDatabase);
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
    exitWith(error);
  }
}

/** A restore that began and did not finish leaves DATA_DIR/RESTORING: nothing may open that data until it is done again. */
export function refuseUnfinishedRestore(dataDir: string) {
  const marker = path.join(dataDir, "RESTORING");
  if (existsSync(marker))
    exitWith(
      new ConfigError(
        `A restore into ${dataDir} did not finish (${marker}): empty DATA_DIR (and the database) and run npm run restore again.`,
      ),
    );
}

/**
 * npm run backup: one archive in BACKUP_DIR. On the embedded database a running server makes it (it owns the
 * database); otherwise this process does, migrating first as every tool does.
 */
export async function backupNow() {
  const env = settingsOrExit();
  refuseUnfinishedRestore(env.DATA_DIR);
  if (!env.DATABASE_URL) {
    const answer = await askRunningServer(env.DATA_DIR);
    if (answer) {
      if (answer.status !== 200)
        return { ok: false as const, message: `Backup failed: ${String(answer.body.message)}` };
      return { ok: true as const, made: answer.body as unknown as BackupMade, byServer: true };
    }
    // Two processes on one PGlite directory would corrupt it.
    if (serverRunning(env.DATA_DIR))
      return {
        ok: false as const,
        message:
          "The server running on this DATA_DIR cannot be reached over DATA_DIR/control.sock: use Back up now at /admin/backups, or stop the server first.",
      };
  }
  await oneProcessAtATime(migrateDatabase);
  const { runBackup, backupDir } = await import("../app/modules/backups/backups.server");
  try {
    const made = await runBackup({ trigger: "cli" });
    return { ok: true as const, made: { ...made, directory: backupDir() }, byServer: false };
  } catch (error) {
    return { ok: false as const, message: `Backup failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await closeDatabase();
  }
}

type BackupMade = {
  fileName: string;
  byteSize: number;
  encrypted: boolean;
  rows: number;
  files: number;
  directory?: string;
};

/** npm run restore <archive> [--identity <file>]: into an empty DATA_DIR (and, on PostgreSQL, an empty database). */
export async function restoreFrom(archive: string, identityFile?: string) {
  const env = settingsOrExit();
  if (!env.DATABASE_URL && (serverRunning(env.DATA_DIR) || (await askRunningServer(env.DATA_DIR).catch(() => null))))
    return {
      ok: false as const,
      message: "A server is running on this DATA_DIR: stop it, and restore into an empty DATA_DIR.",
    };
  const identities = identityFile
    ? readFileSync(identityFile, "utf8")
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.startsWith("AGE-SECRET-KEY-"))
    : env.BACKUP_IDENTITY
      ? [env.BACKUP_IDENTITY]
      : [];
  const { restoreBackup, ArchiveRefused } = await import("../app/modules/backups/restore.server");
  try {
    const result = await restoreBackup({
      archive: path.resolve(archive),
      identities,
      target: env.DATABASE_URL
        ? { engine: "postgresql", dataDir: env.DATA_DIR, url: env.DATABASE_URL }
        : { engine: "pglite", dataDir: env.DATA_DIR },
      migrate: () => migrateDatabase(),
      log: (line) => console.log(line),
    });
    return {
      ok: true as const,
      message: [
        `Restored ${result.rows} row(s) in ${result.manifest.tables.length - result.skipped.length} table(s) and ${result.files} file(s) from the backup of ${result.manifest.createdAt}; every count and checksum matches.`,
        ...(result.skipped.length > 0
          ? [`Left out (made by another version of the job queue): ${result.skipped.join(", ")}.`]
          : []),
        "Start the server with npm start.",
      ].join("\n"),
    };
  } catch (error) {
    if (error instanceof ArchiveRefused) return { ok: false as const, message: `Refused: ${error.message}` };
    return { ok: false as const, message: `Restore failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
