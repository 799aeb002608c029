import { mkdirSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";

import { Prisma, PrismaClient } from "../generated/prisma/client";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { pgliteExtensions } from "./pglite-extensions";
import { pgliteRows, sendableAsText, statementName } from "./prepared-statements";
import { changeAnnouncer, listenForChanges } from "./public-data-notices.server";
import { PUBLIC_MODELS, publicDataChanged } from "./public-read-cache.server";
import { storableDeep } from "./storable-text";

/**
 * Every write that sends mail is an interactive transaction (the mail is queued in it). Prisma's defaults (2 s to
 * get a connection, 5 s to finish) are shorter than a busy moment on PostgreSQL's 10-connection pool, and a
 * submission refused for that would be a 500: wait as long as the request itself may.
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

/**
 * The app's PostgreSQL connections. Parallel query is off for them: the app's statements are short, and
 * starting worker processes made a search's count take 6–8 ms instead of 1.5 ms at a million listings,
 * while the workers took cores from the requests around it (docs/decisions/0016).
 */
export const postgresPoolConfig = (connectionString: string) => ({
  connectionString,
  options: "-c max_parallel_workers_per_gather=0",
});

/**
 * `pglite` is the embedded engine's one connection, which the job queue shares; `pool` is PostgreSQL's pool,
 * which Prisma shares. Each is there only on its engine; `readRows` uses whichever is. On PostgreSQL,
 * `announceChange` tells the app's other processes that listing data changed (public-data-notices.server.ts),
 * and `listening` is set while this process hears theirs.
 */
export type Database = {
  prisma: PrismaClient;
  pglite?: PGlite;
  pool?: pg.Pool;
  url?: string;
  announceChange?: () => void;
  listening?: Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
};

/** Prisma on a pool of its own that `readRows` can use too. */
export function openPostgresDatabase(url: string) {
  const pool = new pg.Pool(postgresPoolConfig(url));
  // An idle connection that PostgreSQL closes (a restart, a dropped database) is an 'error' on the pool,
  // which would otherwise stop the process: the pool makes a new connection when one is needed.
  pool.on("error", (error) => logger.warn({ err: error }, "an idle database connection was closed"));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS });
  const db: Database = {
    prisma,
    pool,
    url,
    announceChange: changeAnnouncer(pool),
    async close() {
      await (await db.listening?.catch(() => undefined))?.close();
      await prisma.$disconnect();
      await pool.end();
    },
  };
  return db;
}

function openDatabase(): Database {
  const env = getEnv();
  if (env.DATABASE_URL) return openPostgresDatabase(env.DATABASE_URL);
  // Embedded PostgreSQL (PGlite) in DATA_DIR. Only one process may open the directory.
  const dir = path.join(env.DATA_DIR, "pglite");
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, { extensions: pgliteExtensions });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: TRANSACTION_OPTIONS });
  return {
    prisma,
    pglite,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

declare global {
  // Tests put their own client here (an in-memory PGlite or a per-worker PostgreSQL database).
  var __database: Database | undefined;
}

/** Opened on first use, so start-up can validate settings and migrate before anything connects. */
function database(): Database {
  return (globalThis.__database ??= openDatabase());
}

/** Any number, the same in every process: the key of the lock `oneProcessAtATime` takes. */
const PREPARING_LOCK = 4_610_046;

/**
 * Runs `task` (migrating, creating the admin and the demo data) while no other process of the app does: two
 * processes started at once on an empty PostgreSQL database would otherwise both find it empty and both
 * seed it. The lock (a PostgreSQL advisory lock on a connection of its own) goes with the connection, so a
 * process that dies holding it lets the next go on. On the embedded database there is only one process.
 */
export async function oneProcessAtATime<T>(task: () => Promise<T>): Promise<T> {
  const url = getEnv().DATABASE_URL;
  if (!url) return task();
  const client = new pg.Client({ connectionString: url, application_name: "movewise-start-up" });
  client.on("error", (err) => logger.warn({ err }, "the start-up lock's connection was lost"));
  await client.connect();
  try {
    const [free] = (
      await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [PREPARING_LOCK])
    ).rows;
    if (!free?.locked) {
      logger.info("waiting for another process to finish preparing the database");
      await client.query("SELECT pg_advisory_lock($1)", [PREPARING_LOCK]);
    }
    return await task();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * From now until the database is closed, this process hears when another process on the same PostgreSQL
 * database writes listing data, and empties its caches (nothing to do on the embedded database, which one
 * process owns). For the web server, whose pages read through those caches.
 */
export async function hearOtherProcesses() {
  const db = database();
  if (db.url) await (db.listening ??= listenForChanges(db.url));
}

let listingWrites = 0;

/** After a write to a listing model: this process's caches are emptied, and the other processes are told. */
function listingDataWritten() {
  listingWrites++;
  publicDataChanged();
  database().announceChange?.();
}

const READ_OPERATIONS = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
]);

/**
 * Every model query gets storable text: a NUL or a lone surrogate in a lookup (an id from a URL, a search
 * term) would otherwise fail the query with a 500. Writes are validated before this (see storable-text.ts).
 * A write to a model public pages show empties the public read caches (public-read-cache.server.ts), in this
 * process and the app's others.
 */
function extend(client: PrismaClient): PrismaClient {
  // Tests may stand in a partial fake client.
  if (typeof client.$extends !== "function") return client;
  return client.$extends({
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const result = await query(storableDeep(args));
          if (PUBLIC_MODELS.has(model) && !READ_OPERATIONS.has(operation)) listingDataWritten();
          return result;
        },
      },
    },
  }) as unknown as PrismaClient;
}

const extended = new WeakMap<PrismaClient, PrismaClient>();

export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_, property) {
    const base = database().prisma;
    let client = extended.get(base);
    if (!client) extended.set(base, (client = extend(base)));
    const value = Reflect.get(client, property, client);
    if (typeof value !== "function") return value;
    if (property !== "$transaction") return value.bind(client);
    // Writes inside a transaction become visible at commit: if it wrote public data, the caches are emptied again.
    return async (...args: unknown[]) => {
      const before = listingWrites;
      try {
        return await value.apply(client, args);
      } finally {
        if (listingWrites !== before) listingDataWritten();
      }
    };
  },
});

// `timestamp` columns hold UTC (as Prisma writes them): read them as UTC whatever the server's time zone.
const TIMESTAMP = 1114;
const UTC_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/**
 * The rows of one read-only statement, run by the driver itself rather than by Prisma's query engine, which
 * compiles and interprets every query on the main thread: 1–2 ms a read, more than most statements take in
 * PostgreSQL (docs/decisions/0017-public-reads-without-the-orm.md). For the public pages' hot reads only.
 * Columns come back as the drivers give them: numbers (cast a count or a bigint to int), strings (enums too),
 * Dates for timestamps (UTC), arrays and parsed json. Parameters are numbers, strings (made storable) and Dates.
 * `prepared`: parse the statement once per connection and let PostgreSQL keep its plan (prepared-statements.ts
 * says for which statements); its parameters are then numbers, strings, booleans or arrays of numbers.
 */
export async function readRows<T>(query: Prisma.Sql, { prepared = false } = {}): Promise<T[]> {
  // As the Prisma extension below does for model queries: text PostgreSQL can store.
  const values = query.values.map((value) =>
    value instanceof Date ? value.toISOString() : typeof value === "string" ? storableDeep(value) : value,
  );
  const db = database();
  const name = prepared ? statementName(query.text) : undefined;
  if (db.pglite)
    return name || sendableAsText(values)
      ? pgliteRows<T>(db.pglite, query.text, values, name)
      : (await db.pglite.query<T>(query.text, values)).rows;
  if (db.pool) return (await db.pool.query({ name, text: query.text, values, types: UTC_TYPES })).rows as T[];
  // A database given without its driver (a test's stand-in): through Prisma.
  return db.prisma.$queryRaw<T[]>(query);
}

/** The embedded engine's connection when the app runs on PGlite; undefined on PostgreSQL. */
export function embeddedDatabase(): PGlite | undefined {
  return database().pglite;
}

/** The PostgreSQL database the app runs on (for clients other than Prisma, such as the job queue). */
export function postgresConnectionString(): string {
  const url = database().url;
  if (!url) throw new Error("The app is not running on PostgreSQL.");
  return url;
}

export async function closeDatabase() {
  const db = globalThis.__database;
  globalThis.__database = undefined;
  publicDataChanged();
  await db?.close();
}

/**
 * Whether a write was refused by the unique index `index`. Through the pg adapter it is Prisma's P2002; the
 * PGlite adapter passes PostgreSQL's own error (SQLSTATE 23505) through for partial indexes, which Prisma
 * does not know about.
 */
export function violatesUniqueIndex(error: unknown, index: string): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  return cause?.code === "23505" && typeof cause.message === "string" && cause.message.includes(`"${index}"`);
}
