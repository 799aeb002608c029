// The benchmark's own database connections, for seeding and bookkeeping (never while the server holds
// a PGlite directory: only one process may open it).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

import { cpuMs } from "./processes.js";

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

/**
 * The CPU time of the PostgreSQL processes serving the other connections to the database in `url`: on
 * PostgreSQL a page's reads run there, outside the app's process, whose CPU time leaves them out. `read()`
 * gives the milliseconds each has used so far, by process id; `spent(before, after)` what they used between
 * two reads (a process started between them counts whole, one that ended is lost). Null when the server's
 * processes are not on this machine.
 */
export async function watchDatabaseCpu(url) {
  if (!["", "127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname)) return null;
  const db = await openPostgres(url);
  const read = async () => {
    const { rows } = await db.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    const used = new Map();
    for (const { pid } of rows) {
      try {
        used.set(pid, cpuMs(pid));
      } catch {
        // Ended since the query.
      }
    }
    return used;
  };
  return {
    read,
    spent: (before, after) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0),
    close: () => db.close(),
  };
}
