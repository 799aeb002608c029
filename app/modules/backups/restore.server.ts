// npm run restore <archive>: into an empty DATA_DIR (PGlite) or an empty PostgreSQL database. Refuses a
// damaged, foreign, wrongly keyed or newer archive before touching anything; builds the schema the backup was
// made with, loads its rows and files, checks every table's count and checksum and every file's checksum
// against the manifest, then applies this code's newer migrations. Until it has finished, a RESTORING file in
// DATA_DIR stops the server from starting (docs/decisions/0050).
import { randomBytes } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import { getEnv } from "../../lib/env.server";
import { pgliteExtensions } from "../../lib/pglite-extensions";
import { installQueue } from "../jobs/queue.server";
import { storeFor, uploadsDir } from "../media/storage.server";
import { ArchiveRefused, type Manifest, sha256File, unpackArchive } from "./archive.server";
import { pgliteSession, postgresSession } from "./backups.server";
import { loadTable, setSequences, type SqlSession, STABLE_OUTPUT, tableDigest } from "./snapshot.server";

export { ArchiveRefused };

/** The file whose presence stops the server from starting: a restore began and has not finished. */
export const restoreMarker = (dataDir = getEnv().DATA_DIR) => path.join(dataDir, "RESTORING");

/** The migrations this code knows, oldest first. */
export async function knownMigrations(dir = path.resolve("prisma/migrations")) {
  return (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Prisma's own table of applied migrations, as `prisma migrate deploy` creates it. */
export const MIGRATIONS_TABLE = `CREATE TABLE "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Batches of JSON lines from a dump file. */
async function* batches(file: string, size = 500): AsyncIterable<string[]> {
  let batch: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export type RestoreTarget =
  | { engine: "pglite"; dataDir: string; open?: () => Promise<SqlSession & { pglite: PGlite; close(): Promise<void> }> }
  | { engine: "postgresql"; dataDir: string; url: string };

export type RestoreOptions = {
  archive: string;
  identities: string[];
  target: RestoreTarget;
  /** Applies this code's migrations to the restored database (npm run db:migrate's runner). */
  migrate: () => Promise<void>;
  log?: (line: string) => void;
  migrationsDir?: string;
};

async function isEmptyDir(dir: string) {
  return ((await readdir(dir).catch(() => [])) as string[]).length === 0;
}

async function openTarget(target: RestoreTarget) {
  if (target.engine === "pglite") {
    if (target.open) return target.open();
    const dir = path.join(target.dataDir, "pglite");
    await mkdir(dir, { recursive: true });
    const pglite = new PGlite(dir, { extensions: pgliteExtensions });
    return { ...pgliteSession(pglite), pglite, close: () => pglite.close() };
  }
  const client = new pg.Client({ connectionString: target.url, application_name: "movewise-restore" });
  await client.connect();
  return { ...postgresSession(client), pglite: undefined, close: () => client.end() };
}

/** Refuses a target that already holds data: a restore never merges into, or overwrites, a live site. */
async function checkEmpty(target: RestoreTarget) {
  if (target.engine === "pglite" && !target.open && !(await isEmptyDir(path.join(target.dataDir, "pglite"))))
    throw new ArchiveRefused(
      "foreign",
      `${path.join(target.dataDir, "pglite")} already holds a database: restore into an empty DATA_DIR (move the old one aside first).`,
    );
  if (target.engine === "postgresql") {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'pgboss')",
      );
      if (rows[0]!.n > 0)
        throw new ArchiveRefused(
          "foreign",
          "The database DATABASE_URL names already has tables: restore into a new, empty database.",
        );
    } finally {
      await client.end();
    }
  }
  if (!getEnv().S3_BUCKET && !(await isEmptyDir(uploadsDir(target.dataDir))))
    throw new ArchiveRefused(
      "foreign",
      `${uploadsDir(target.dataDir)} already holds files: restore into an empty DATA_DIR (move the old one aside first).`,
    );
}

/** Refuses an archive made by code that knows migrations this code does not. */
function checkNotNewer(manifest: Manifest, known: string[]) {
  const unknown = manifest.database.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new ArchiveRefused(
      "newer",
      `This backup was made by a newer MoveWise (its database has migration ${unknown.at(-1)}, which this code does not know): upgrade the code, then restore.`,
    );
}

export async function restoreBackup(options: RestoreOptions) {
  const { archive, identities, target, migrate } = options;
  const log = options.log ?? (() => {});
  const migrationsDir = options.migrationsDir ?? path.resolve("prisma/migrations");
  if (!existsSync(archive)) throw new ArchiveRefused("foreign", `There is no file ${archive}.`);
  await checkEmpty(target);
  await mkdir(target.dataDir, { recursive: true });
  const staging = path.join(target.dataDir, `.restore-${randomBytes(4).toString("hex")}`);
  try {
    log("Checking the archive…");
    const manifest = await unpackArchive(archive, staging, identities);
    checkNotNewer(manifest, await knownMigrations(migrationsDir));
    await writeFile(
      restoreMarker(target.dataDir),
      `A restore of ${path.basename(archive)} started at ${new Date().toISOString()} and has not finished.\n`,
    );
    const db = await openTarget(target);
    let skipped: string[] = [];
    try {
      log(`Building the schema at ${manifest.database.lastMigration ?? "(no migrations)"}…`);
      await db.script(MIGRATIONS_TABLE);
      for (const name of manifest.database.migrations)
        await db.script(await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8"));
      await installQueue(db.pglite ? { pglite: db.pglite } : { connectionString: (target as { url: string }).url });
      skipped = await loadRows(db, manifest, staging, log);
      log("Checking every table's rows against the manifest…");
      await db.script(STABLE_OUTPUT);
      for (const table of manifest.tables) {
        if (skipped.includes(table.name)) continue;
        await db.script("BEGIN");
        const digest = await tableDigest(db, table.name).finally(() => db.script("COMMIT"));
        if (digest.rows !== table.rows || digest.sha256 !== table.sha256)
          throw new Error(
            `Restore check failed: ${table.name} has ${digest.rows} row(s) (${digest.sha256.slice(0, 12)}) where the backup has ${table.rows} (${table.sha256.slice(0, 12)}).`,
          );
      }
    } finally {
      await db.close();
    }
    log(`Restoring ${manifest.files.length} file(s)…`);
    const store = storeFor(target.dataDir);
    for (const file of manifest.files) {
      await store.put(file.key, await readFile(path.join(staging, file.file)));
      const stored = await store.get(file.key);
      const staged = path.join(staging, file.file);
      if (!stored || (await sha256File(staged)) !== file.sha256 || stored.length !== file.bytes)
        throw new Error(`Restore check failed: the file ${file.key} did not store as backed up.`);
    }
    const known = await knownMigrations(migrationsDir);
    const pending = known.filter((name) => !manifest.database.migrations.includes(name));
    if (pending.length > 0) {
      log(`Applying this code's ${pending.length} newer migration(s)…`);
      await migrate();
    }
    await rm(restoreMarker(target.dataDir), { force: true });
    return {
      manifest,
      migrated: pending,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: manifest.files.length,
      skipped,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Loads every table in one transaction, with foreign keys and triggers off (session_replication_role) since the
 * rows come from one consistent snapshot. The queue's jobs load only when the archive's queue schema is this
 * code's; otherwise they are left out (and named in the result).
 */
async function loadRows(db: SqlSession, manifest: Manifest, staging: string, log: (line: string) => void) {
  const skipped: string[] = [];
  const [queue] = await db.rows<{ version: number }>("SELECT version FROM pgboss.version");
  await db.script("BEGIN");
  try {
    await db.script(`SET LOCAL session_replication_role = replica; ${STABLE_OUTPUT}`);
    for (const table of manifest.tables) {
      if (table.name.startsWith("pgboss.") && manifest.database.queueVersion !== queue?.version) {
        skipped.push(table.name);
        continue;
      }
      log(`  ${table.name}: ${table.rows} row(s)`);
      await loadTable(db, table.name, batches(path.join(staging, table.file)));
    }
    await setSequences(db, manifest.sequences);
    await db.script("COMMIT");
  } catch (error) {
    await db.script("ROLLBACK").catch(() => {});
    throw error;
  }
  return skipped;
}
