// The benchmark's own database connections, for seeding and bookkeeping (never while the server holds
// a PGlite directory: only one process may open it).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

/** `{ query(sql, params) → { rows }, close() }` over a PGlite directory. */
export async function openPglite(dir) {
  const db = new PGlite(dir, { extensions: { pg_trgm } }); // as app/lib/pglite-extensions.ts
  await db.waitReady;
  return { kind: "pglite", query: (sql, params) => db.query(sql, params), close: () => db.close() };
}

/** The same over a PostgreSQL URL. */
export async function openPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { kind: "postgresql", query: (sql, params) => client.query(sql, params), close: () => client.end() };
}

/** A scratch database next to the one in `url` (`<name>_bench`), created empty; returns its URL. */
export async function createScratchDatabase(url) {
  const scratch = new URL(url);
  const name = `${scratch.pathname.slice(1) || "postgres"}_bench`;
  if (!/^\w+$/.test(name)) throw new Error(`Unexpected database name in DATABASE_URL: ${name}`);
  const admin = await openPostgres(url);
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.close();
  }
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), name };
}

export async function dropScratchDatabase(url, name) {
  const admin = await openPostgres(url);
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}
