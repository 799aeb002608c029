import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../generated/prisma/client";
import { getEnv } from "./env.server";
import { storableDeep } from "./storable-text";

type Database = { prisma: PrismaClient; close(): Promise<void> };

function openDatabase(): Database {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: env.DATABASE_URL }) });
    return { prisma, close: () => prisma.$disconnect() };
  }
  // Embedded PostgreSQL (PGlite) in DATA_DIR. Only one process may open the directory.
  const dir = path.join(env.DATA_DIR, "pglite");
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
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

/**
 * Every model query gets storable text: a NUL or a lone surrogate in a lookup (an id from a URL, a search
 * term) would otherwise fail the query with a 500. Writes are validated before this (see storable-text.ts).
 */
function withStorableText(client: PrismaClient): PrismaClient {
  // Tests may stand in a partial fake client.
  if (typeof client.$extends !== "function") return client;
  return client.$extends({
    query: { $allModels: { $allOperations: ({ args, query }) => query(storableDeep(args)) } },
  }) as unknown as PrismaClient;
}

const extended = new WeakMap<PrismaClient, PrismaClient>();

export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_, property) {
    const base = database().prisma;
    let client = extended.get(base);
    if (!client) extended.set(base, (client = withStorableText(base)));
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export async function closeDatabase() {
  const db = globalThis.__database;
  globalThis.__database = undefined;
  await db?.close();
}
