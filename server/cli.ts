// The command-line tools (scripts/*.js load the server build and call these): each validates the settings
// and migrates the database first, as npm start does.
import { z } from "zod";

import { closeDatabase, oneProcessAtATime } from "../app/lib/db.server";
import { ConfigError } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { migrateDatabase } from "../scripts/prisma-cli.js";
import { exitWith, settingsOrExit } from "./exit";

const AdminSchema = z.object({
  email: z.email({ error: "Enter a valid email address." }),
  password: z.string().min(8, { error: "The password needs at least 8 characters." }),
  fullName: z.string().trim().min(1).optional(),
});

/** npm run create-admin: validate, migrate, then create the admin or reset its password. */
export async function createAdmin(input: { email: string; password: string; fullName?: string }) {
  const env = settingsOrExit();
  const parsed = AdminSchema.safeParse(input);
  if (!parsed.success) return { ok: false as const, message: parsed.error.issues.map((i) => i.message).join("\n") };
  await oneProcessAtATime(migrateDatabase);
  const { upsertAdmin } = await import("../app/modules/auth/admins.server");
  try {
    const admin = await upsertAdmin(parsed.data);
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
  settingsOrExit();
  await oneProcessAtATime(migrateDatabase);
  const { purgeExpiredRecords } = await import("../app/modules/privacy/retention.server");
  try {
    return await purgeExpiredRecords({ dryRun });
  } finally {
    await closeDatabase();
  }
}

/** npm run worker: background jobs in a process of their own (PostgreSQL only), until SIGTERM or SIGINT. */
export async function runWorker() {
  const env = settingsOrExit();
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
