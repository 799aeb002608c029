// The database half of a backup: a logical dump (one JSON line a row, per table) read inside one snapshot, and
// loading it back. Rows as JSON rather than the engine's data directory, so that a backup made on one engine
// version restores on another (PGlite 0.5 → 0.6, PGlite ↔ PostgreSQL): docs/decisions/0049 and 0050.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";

/** The little of a database connection the dump and the load need: PGlite and node-postgres both fit it. */
export type SqlSession = {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** A script of several statements, without parameters. */
  script(text: string): Promise<void>;
};

export type TableDump = {
  /** schema.table, quoted as written in SQL by `quoted()`. */
  name: string;
  file: string;
  rows: number;
  sha256: string;
  bytes: number;
};

export type SequenceValue = { name: string; value: number | null };

/**
 * The tables a backup holds: every table of the app's schema (the migrations' own history included) and the job
 * queue's jobs, so that mail waiting to go is not lost. The queue's other tables are rebuilt by pg-boss.
 */
const QUEUE_TABLES = ["pgboss.job"];

/** Settings that decide how values print, so the same rows always dump to the same bytes. */
const STABLE_OUTPUT =
  "SET TIME ZONE 'UTC'; SET bytea_output = 'hex'; SET extra_float_digits = 1; SET IntervalStyle = 'postgres'; SET DateStyle = 'ISO, YMD'";

const quoted = (name: string) =>
  name
    .split(".")
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join(".");

export async function backedUpTables(sql: SqlSession): Promise<string[]> {
  const rows = await sql.rows<{ name: string }>(
    `SELECT 'public.' || tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const queue = await sql.rows<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname || '.' || c.relname = ANY($1::text[])`,
    [QUEUE_TABLES],
  );
  return [...rows.map((r) => r.name), ...queue.map((r) => r.name)];
}

/** The columns a dump holds: all but generated ones (which the database computes again on load). */
async function columnsOf(sql: SqlSession, table: string) {
  const rows = await sql.rows<{ name: string; key: boolean }>(
    `SELECT a.attname AS name, coalesce(a.attnum = ANY(i.indkey), false) AS key
     FROM pg_attribute a
     LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
     WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY a.attnum`,
    [quoted(table)],
  );
  return { columns: rows.map((r) => r.name), key: rows.filter((r) => r.key).map((r) => r.name) };
}

/** The query that reads a table's rows as JSON lines, in an order that does not depend on how they were stored. */
async function dumpQuery(sql: SqlSession, table: string) {
  const { columns, key } = await columnsOf(sql, table);
  const list = columns.map((c) => quoted(c)).join(", ");
  const order = key.length > 0 ? key.map((c) => quoted(c)).join(", ") : "r::text";
  return `SELECT to_jsonb(r)::text AS line FROM (SELECT ${list} FROM ${quoted(table)}) r ORDER BY ${order}`;
}

const BATCH = 1_000;

/**
 * Calls `each` with every JSON line of `table`, a batch at a time through a cursor (inside the caller's
 * transaction), so neither a large table nor the event loop is held at once.
 */
async function readLines(sql: SqlSession, table: string, each: (lines: string[]) => Promise<void>) {
  const cursor = `backup_cursor`;
  await sql.script(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${await dumpQuery(sql, table)}`);
  try {
    for (;;) {
      const rows = await sql.rows<{ line: string }>(`FETCH ${BATCH} FROM ${cursor}`);
      if (rows.length > 0) await each(rows.map((r) => r.line));
      if (rows.length < BATCH) break;
    }
  } finally {
    await sql.script(`CLOSE ${cursor}`);
  }
}

/** The hash and count of what `table` holds now, as a dump of it would be (checks a restore). */
export async function tableDigest(sql: SqlSession, table: string) {
  const hash = createHash("sha256");
  let rows = 0;
  await readLines(sql, table, async (lines) => {
    for (const line of lines) hash.update(`${line}\n`);
    rows += lines.length;
  });
  return { rows, sha256: hash.digest("hex") };
}

/**
 * Writes every table to `dir`/db/<schema>.<table>.ndjson. The caller has opened one transaction that sees one
 * snapshot (REPEATABLE READ on PostgreSQL; on PGlite a copy of the database no one else writes to).
 */
export async function dumpDatabase(sql: SqlSession, dir: string) {
  await sql.script(STABLE_OUTPUT);
  await mkdir(path.join(dir, "db"), { recursive: true });
  const tables: TableDump[] = [];
  for (const table of await backedUpTables(sql)) {
    const file = `db/${table}.ndjson`;
    const out = createWriteStream(path.join(dir, file));
    const hash = createHash("sha256");
    let rows = 0;
    let bytes = 0;
    await readLines(sql, table, async (lines) => {
      const chunk = lines.map((line) => `${line}\n`).join("");
      hash.update(chunk);
      rows += lines.length;
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await once(out, "drain");
    });
    out.end();
    await once(out, "close");
    tables.push({ name: table, file, rows, sha256: hash.digest("hex"), bytes });
  }
  const sequences = await sql.rows<SequenceValue>(
    `SELECT schemaname || '.' || sequencename AS name, last_value::float8 AS value FROM pg_sequences
     WHERE schemaname = 'public' ORDER BY 1`,
  );
  const [engine] = await sql.rows<{ version: string }>(`SELECT current_setting('server_version') AS version`);
  const migrations = await sql.rows<{ name: string }>(
    `SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
     ORDER BY migration_name`,
  );
  const [queue] = await sql.rows<{ version: number }>(`SELECT version FROM pgboss.version`).catch(() => []);
  return {
    tables,
    sequences: sequences.map((s) => ({ name: s.name, value: s.value === null ? null : Number(s.value) })),
    serverVersion: engine!.version,
    migrations: migrations.map((m) => m.name),
    queueVersion: queue?.version ?? null,
  };
}

/**
 * Loads one table's JSON lines (`lines`, a batch at a time) into the table of the same name, whose columns the
 * schema at the backup's migration gives. Foreign keys and triggers are off for the session (the rows come
 * from one consistent snapshot), so tables load in any order.
 */
export async function loadTable(sql: SqlSession, table: string, lines: AsyncIterable<string[]>) {
  const { columns } = await columnsOf(sql, table);
  const list = columns.map((c) => quoted(c)).join(", ");
  const insert = `INSERT INTO ${quoted(table)} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${quoted(table)}, $1::jsonb)`;
  for await (const batch of lines) if (batch.length > 0) await sql.rows(insert, [`[${batch.join(",")}]`]);
}

export async function setSequences(sql: SqlSession, sequences: SequenceValue[]) {
  for (const sequence of sequences)
    if (sequence.value !== null)
      await sql.rows(`SELECT setval($1::regclass, $2)`, [quoted(sequence.name), sequence.value]);
}

export { quoted, STABLE_OUTPUT };
