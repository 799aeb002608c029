// Integration tests: `setupTestDatabase()` gives the file its own migrated database (in-memory PGlite,
// or a PostgreSQL database cloned from the template) and empties every table before each test.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";

import { PrismaClient } from "../../app/generated/prisma/client";
import { closeDatabase, openPostgresDatabase, prisma, TRANSACTION_OPTIONS } from "../../app/lib/db.server";
import { pgliteExtensions } from "../../app/lib/pglite-extensions";
import { stopQueue } from "../../app/modules/jobs/queue.server";
import { withDatabase } from "./global-setup";

async function openPGlite() {
  const template = readFileSync(inject("pgliteTemplate"));
  const db = new PGlite({ loadDataDir: new Blob([template]), extensions: pgliteExtensions });
  const client = new PrismaClient({ adapter: new PrismaPGlite(db), transactionOptions: TRANSACTION_OPTIONS });
  return {
    prisma: client,
    pglite: db,
    async close() {
      await client.$disconnect();
      await db.close();
    },
  };
}

async function openPostgres() {
  const url = process.env.DATABASE_URL!;
  const name = `${inject("postgresTemplate").replace(/_template$/, "")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("postgresTemplate")}"`);
  const db = openPostgresDatabase(withDatabase(url, name));
  return {
    ...db,
    async close() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Empties every table (and the job queue's jobs); setupTestDatabase does it before each test unless told not to. */
export async function emptyDatabase() {
  const tables = await prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  // The job queue's jobs and schedules too (its queue definitions stay).
  const list = [...tables.map((t) => `"${t.tablename}"`), "pgboss.job", "pgboss.archive", "pgboss.schedule"].join(", ");
  await prisma.$executeRawUnsafe(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
}

/** `emptyBeforeEach: false` leaves emptying to the file (emptyDatabase), for tests that share what they set up. */
export function setupTestDatabase({ emptyBeforeEach = true } = {}) {
  beforeAll(async () => {
    globalThis.__database = process.env.TEST_DB_ENGINE === "postgres" ? await openPostgres() : await openPGlite();
  });
  if (emptyBeforeEach) beforeEach(emptyDatabase);
  afterAll(async () => {
    await stopQueue({ timeoutMs: 1_000 });
    await closeDatabase();
  });
}
