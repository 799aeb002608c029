// Backups and restores end to end, on the engine the file runs on: the demo site is backed up while writes go
// on, restored into a fresh data directory (or database), and every table and file compared; damaged, foreign,
// wrongly keyed and newer archives are refused; an older archive gets the newer migrations; and a backup cut
// short leaves nothing that counts as one.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { generateX25519Identity, identityToRecipient } from "age-encryption";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { embeddedDatabase, postgresConnectionString, prisma } from "../../app/lib/db.server";
import { getEnv, reloadEnv } from "../../app/lib/env.server";
import { unpackArchive, writeArchive } from "../../app/modules/backups/archive.server";
import {
  backupDir,
  listBackupFiles,
  pgliteSession,
  postgresSession,
  runBackup,
} from "../../app/modules/backups/backups.server";
import { ArchiveRefused, restoreBackup, restoreMarker } from "../../app/modules/backups/restore.server";
import { backedUpTables, type SqlSession, STABLE_OUTPUT, tableDigest } from "../../app/modules/backups/snapshot.server";
import { queueMail } from "../../app/modules/mail/mail.server";
import { fileStore, localStore } from "../../app/modules/media/storage.server";
import { runPrisma } from "../../scripts/prisma-cli.js";
import { setupTestDatabase } from "../support/database";
import { withDatabase } from "../support/global-setup";
import { createListing } from "../support/listings";
import { recordMigrations } from "../support/migrations";
import { account, projectOf } from "../support/payments";

setupTestDatabase({ emptyBeforeEach: false });

const onPostgres = process.env.TEST_DB_ENGINE === "postgres";
/** A backup or a restore opens a second database engine and runs every migration: seconds, more on a busy machine. */
const HEAVY = 240_000;
let identity: string;
const scratch = mkdtempSync(path.join(os.tmpdir(), "movewise-restore-"));
const databases: string[] = [];

beforeAll(async () => {
  identity = await generateX25519Identity();
  process.env.BACKUP_RECIPIENTS = await identityToRecipient(identity);
  reloadEnv();
  await recordMigrations((sql, ...values) => prisma.$executeRawUnsafe(sql, ...values));
  // Accounts, homes with photos, a floor plan, an EPC and a brochure, a payment, and mail waiting to go.
  await account("admin");
  const vendor = await account("vendor");
  for (const n of [1, 2])
    await createListing({
      photos: 2,
      floorPlan: true,
      epc: true,
      brochure: true,
      address: `${n} Test Street, Leicester LE1 1AA`,
    });
  await projectOf(vendor);
  await prisma.$transaction((tx) => queueMail(tx, [{ to: "someone@example.com", subject: "Waiting", text: "x" }]));
}, 60_000);

afterAll(async () => {
  delete process.env.BACKUP_RECIPIENTS;
  reloadEnv();
  if (databases.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  await rm(scratch, { recursive: true, force: true });
});

/** A fresh place to restore into: an empty data directory, and on PostgreSQL an empty database too. */
async function freshTarget() {
  const dataDir = mkdtempSync(path.join(scratch, "data-"));
  if (!onPostgres) return { engine: "pglite" as const, dataDir };
  const name = `restore_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  databases.push(name);
  return { engine: "postgresql" as const, dataDir, url: withDatabase(process.env.DATABASE_URL!, name) };
}

type Target = Awaited<ReturnType<typeof freshTarget>>;

const migrateTarget = (target: Target) => async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir };
  if (target.engine === "postgresql") env.DATABASE_URL = target.url;
  else delete env.DATABASE_URL;
  await runPrisma(["migrate", "deploy"], { quiet: true, env });
};

const restore = (archive: string, target: Target, identities = [identity]) =>
  restoreBackup({ archive, identities, target, migrate: migrateTarget(target) });

/** A session on the restored database (opened after the restore has closed it). */
async function openRestored(target: Target): Promise<SqlSession & { close(): Promise<void> }> {
  if (target.engine === "postgresql") {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return { ...postgresSession(client), close: () => client.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pgliteExtensions } = await import("../../app/lib/pglite-extensions");
  const pglite = new PGlite(path.join(target.dataDir, "pglite"), { extensions: pgliteExtensions });
  return { ...pgliteSession(pglite), close: () => pglite.close() };
}

/** A session on the test's own (source) database. */
async function openSource(): Promise<SqlSession & { close(): Promise<void> }> {
  const pglite = embeddedDatabase();
  if (pglite) return { ...pgliteSession(pglite), close: async () => {} };
  const client = new pg.Client({ connectionString: postgresConnectionString() });
  await client.connect();
  return { ...postgresSession(client), close: () => client.end() };
}

async function digests(sql: SqlSession, tables: string[]) {
  await sql.script(STABLE_OUTPUT);
  const result: Record<string, { rows: number; sha256: string }> = {};
  for (const table of tables) {
    await sql.script("BEGIN");
    result[table] = await tableDigest(sql, table);
    await sql.script("COMMIT");
  }
  return result;
}

/** Rewrites an unencrypted archive: unpacks it, lets `edit` change the staged entries and manifest, packs it again. */
async function rewritten(
  archive: string,
  edit: (dir: string, manifest: Awaited<ReturnType<typeof unpackArchive>>) => Promise<void>,
) {
  const dir = mkdtempSync(path.join(scratch, "repack-"));
  const manifest = await unpackArchive(archive, dir, [identity]);
  await edit(dir, manifest);
  const target = path.join(scratch, `edited-${randomBytes(3).toString("hex")}.tar`);
  await writeArchive({ stagingDir: dir, manifest, target, recipients: [] });
  return target;
}

let archive: string;

describe("a backup made while the site is written to", () => {
  test(
    "restores into a fresh data directory with every table and every file as they were in the snapshot",
    async () => {
      const messagesBefore = await prisma.contactMessage.count();
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing) {
          await prisma.contactMessage.create({
            data: { firstName: "Wren", lastName: "Writer", email: "wren@example.com", message: `note ${written}` },
          });
          written++;
          // Requests arrive as separate events: let the backup's own work in between.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const made = await runBackup({ trigger: "cli" }).finally(() => (writing = false));
      await writer;
      expect(written).toBeGreaterThan(0);
      expect(made.encrypted).toBe(true);
      expect(made.files).toBeGreaterThanOrEqual(10);
      archive = path.join(backupDir(), made.fileName);
      expect(readFileSync(archive).subarray(0, 21).toString()).toBe("age-encryption.org/v1");

      const target = await freshTarget();
      const restored = await restore(archive, target);
      expect(restored.skipped).toEqual([]);
      expect(restored.migrated).toEqual([]);
      expect(readdirSync(target.dataDir)).not.toContain("RESTORING");

      // Every table but the one written to during the backup is as the site has it now; that one holds a prefix.
      const source = await openSource();
      const copy = await openRestored(target);
      try {
        const tables = (await backedUpTables(source)).filter((t) => t !== "public.ContactMessage");
        const expected = await digests(source, tables);
        // The backup's own run is recorded as running in the snapshot, and has ended since.
        delete expected["public.BackupRun"];
        const actual = await digests(copy, Object.keys(expected));
        expect(actual).toEqual(expected);
        const [{ n }] = (await copy.rows<{ n: number }>(`SELECT count(*)::int AS n FROM "ContactMessage"`)) as [
          { n: number },
        ];
        expect(n).toBeGreaterThanOrEqual(messagesBefore);
        expect(n).toBeLessThanOrEqual(messagesBefore + written);
        // One snapshot: the messages written during the backup are there up to a point, and none after it.
        const restoredIds = (await copy.rows<{ id: number }>(`SELECT id FROM "ContactMessage" ORDER BY id`)).map(
          (r) => r.id,
        );
        const sourceIds = (
          await source.rows<{ id: number }>(`SELECT id FROM "ContactMessage" WHERE id <= $1 ORDER BY id`, [
            restoredIds.at(-1),
          ])
        ).map((r) => r.id);
        expect(restoredIds).toEqual(sourceIds);
      } finally {
        await copy.close();
        await source.close();
      }

      // Every stored file, byte for byte.
      const store = fileStore();
      const restoredStore = localStore(target.dataDir);
      const keys: string[] = [];
      for await (const key of store.list()) keys.push(key);
      expect(keys.length).toBe(made.files);
      for (const key of keys)
        expect(Buffer.from((await restoredStore.get(key))!)).toEqual(Buffer.from((await store.get(key))!));
    },
    HEAVY,
  );
});

describe("restore refuses", () => {
  test("a damaged archive, before touching the target", async () => {
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const damaged = path.join(scratch, "damaged.tar.age");
    writeFileSync(damaged, bytes);
    const target = await freshTarget();
    await expect(restore(damaged, target)).rejects.toMatchObject({ name: "ArchiveRefused", reason: "damaged" });
    expect(readdirSync(target.dataDir).filter((name) => name !== ".restore")).not.toContain("RESTORING");
  });

  test("a truncated archive", async () => {
    const bytes = readFileSync(archive);
    const cut = path.join(scratch, "cut.tar.age");
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    await expect(restore(cut, await freshTarget())).rejects.toMatchObject({ reason: "damaged" });
  });

  test("an archive encrypted for another key, and an encrypted one without a key", async () => {
    const target = await freshTarget();
    await expect(restore(archive, target, [await generateX25519Identity()])).rejects.toThrow(
      /encrypted for another key/,
    );
    await expect(restore(archive, target, [])).rejects.toThrow(/This backup is encrypted/);
  });

  test("a file that is not a MoveWise backup", async () => {
    const foreign = path.join(scratch, "holiday.jpg");
    await writeFile(foreign, randomBytes(4096));
    await expect(restore(foreign, await freshTarget())).rejects.toMatchObject({ reason: "foreign" });
  });

  test("an archive made by newer code (a migration this code does not know)", async () => {
    const newer = await rewritten(archive, async (_dir, manifest) => {
      manifest.database.migrations.push("29991231000000_from_the_future");
      manifest.database.lastMigration = "29991231000000_from_the_future";
    });
    const target = await freshTarget();
    await expect(restore(newer, target)).rejects.toThrow(/newer MoveWise.*29991231000000_from_the_future/);
    expect(readdirSync(target.dataDir)).not.toContain("RESTORING");
  });

  test("a target that already holds a database", async () => {
    const target = await freshTarget();
    if (target.engine === "pglite") {
      mkdirSync(path.join(target.dataDir, "pglite"));
      writeFileSync(path.join(target.dataDir, "pglite", "PG_VERSION"), "18\n");
    } else {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      await client.query("CREATE TABLE leftover (id int)");
      await client.end();
    }
    await expect(restore(archive, target)).rejects.toThrow(/already (holds a database|has tables)/);
  });
});

test(
  "an older archive is restored at its own migration, then brought up to date",
  async () => {
    const last = "20261207150000_backup_runs";
    const older = await rewritten(archive, async (dir, manifest) => {
      manifest.database.migrations = manifest.database.migrations.filter((name) => name !== last);
      manifest.database.lastMigration = manifest.database.migrations.at(-1)!;
      manifest.tables = manifest.tables.filter((t) => t.name !== "public.BackupRun");
      manifest.sequences = manifest.sequences.filter((s) => !s.name.includes("BackupRun"));
      const history = manifest.tables.find((t) => t.name === "public._prisma_migrations")!;
      const file = path.join(dir, history.file);
      const kept = (await readFile(file, "utf8")).split("\n").filter((line) => line && !line.includes(last));
      const text = kept.map((line) => `${line}\n`).join("");
      await writeFile(file, text);
      Object.assign(history, {
        rows: kept.length,
        bytes: Buffer.byteLength(text),
        sha256: createHash("sha256").update(text).digest("hex"),
      });
    });
    const target = await freshTarget();
    const restored = await restore(older, target);
    expect(restored.migrated).toEqual([last]);
    const copy = await openRestored(target);
    try {
      const applied = await copy.rows<{ name: string }>(`SELECT migration_name AS name FROM "_prisma_migrations"`);
      expect(applied.map((m) => m.name)).toContain(last);
      expect(await copy.rows(`SELECT * FROM "BackupRun"`)).toEqual([]);
    } finally {
      await copy.close();
    }
  },
  HEAVY,
);

test(
  "a backup cut short leaves no archive, is recorded as failed and mails the agency",
  async () => {
    const before = await listBackupFiles();
    await expect(runBackup({ trigger: "schedule", failAfterEntries: 3 })).rejects.toThrow(/interrupted/);
    expect(await listBackupFiles()).toEqual(before);
    expect(readdirSync(backupDir()).filter((name) => name.endsWith(".partial") || name.startsWith(".staging"))).toEqual(
      [],
    );
    const run = await prisma.backupRun.findFirst({ orderBy: { id: "desc" } });
    expect(run).toMatchObject({ status: "failed", trigger: "schedule", fileName: null });
    const [mail] = await prisma.$queryRaw<{ subject: string; to: string }[]>`
    SELECT data->>'subject' AS subject, data->>'to' AS to FROM pgboss.job WHERE name = 'mail' ORDER BY created_on DESC LIMIT 1`;
    expect(mail).toEqual({ subject: "Backup failed", to: getEnv().AGENCY_EMAIL });
  },
  HEAVY,
);

test("ArchiveRefused carries a reason", () => {
  expect(new ArchiveRefused("newer", "x").reason).toBe("newer");
  expect(restoreMarker("/d")).toBe(path.join("/d", "RESTORING"));
});
