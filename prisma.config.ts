// Prisma CLI configuration. Prisma 6.19 runs offline here only with its WASM schema engine and a
// driver adapter: PGlite (embedded, in DATA_DIR) by default, PostgreSQL when DATABASE_URL is set.
// Each workaround below is for a bug met when running the CLI offline with these versions.
import { mkdirSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { defineConfig } from "prisma/config";

import { pgliteExtensions } from "./app/lib/pglite-extensions";

// PGlite on disk re-arms a timer until close(), and the WASM schema engine leaves one behind too:
// without unref() the CLI finishes its work and then never exits.
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
  const timer = realSetTimeout(...args);
  if (new Error().stack?.includes("wasm://")) timer.unref();
  return timer;
}) as typeof setTimeout;

// The CLI asks for the adapter more than once; two PGlite instances on one directory corrupt it.
let cliPGlite: PGlite | undefined;
function openPGlite(dir: string) {
  if (cliPGlite) return cliPGlite;
  mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir, { extensions: pgliteExtensions });
  cliPGlite = db;
  process.once("beforeExit", () => void db.close());
  return db;
}

// The shadow database (in memory, with the extensions the migrations create) gets each migration as one
// multi-statement script, which a prepared statement cannot hold: run argument-less SQL through exec().
class PGliteAdapterFactory extends PrismaPGlite {
  override async connectToShadowDb() {
    const shadow = new PGlite({ dataDir: "memory://shadow", extensions: pgliteExtensions });
    const adapter = await new PrismaPGlite(shadow).connect();
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) =>
      query.args.length === 0 ? (await shadow.exec(query.sql), 0) : executeRaw(query);
    return adapter;
  }
}

// adapter-pg cannot decode the catalogue types `name` and `"char"` that migrate reads: read them as text.
let catalogueTypesPatched = false;
function readCatalogueTypesAsText() {
  if (catalogueTypesPatched) return;
  catalogueTypesPatched = true;
  const proto = pg.Result.prototype as unknown as { addFields(fields: { dataTypeID: number }[]): void };
  const addFields = proto.addFields;
  const asText: Record<number, number> = { 18: 25, 19: 25, 1002: 1009, 1003: 1009 };
  proto.addFields = function (fields) {
    addFields.call(
      this,
      fields.map((f) => (asText[f.dataTypeID] ? { ...f, dataTypeID: asText[f.dataTypeID]! } : f)),
    );
  };
}

// adapter-pg's own shadow database ignores the shadow name and drops it while still connected.
class PgAdapterFactory extends PrismaPg {
  constructor(private readonly url: string) {
    super({ connectionString: url, allowExitOnIdle: true });
  }
  override async connectToShadowDb() {
    const admin = await this.connect();
    const name = `prisma_shadow_${crypto.randomUUID().replaceAll("-", "")}`;
    await admin.executeScript(`CREATE DATABASE "${name}"`);
    const url = new URL(this.url);
    url.pathname = `/${name}`;
    const shadow = await new PrismaPg({ connectionString: url.href, allowExitOnIdle: true }).connect();
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      await admin.executeScript(`DROP DATABASE "${name}"`);
      await admin.dispose();
    };
    return shadow;
  }
}

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (url) {
      readCatalogueTypesAsText();
      return new PgAdapterFactory(url);
    }
    return new PGliteAdapterFactory(openPGlite(path.resolve(process.env.DATA_DIR || "var", "pglite")));
  },
});
