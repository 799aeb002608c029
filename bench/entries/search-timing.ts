// Times the radius search (and the drawn-area search: samples with `drawn`): the real service (searchListings,
// the query both the results page and POST /api/v1/properties/search run), called directly many times with
// random postcodes and filters, against the database in DATA_DIR or DATABASE_URL, after the warm-up the server
// does at start and a round of untimed searches.
// For each search it records the time inside the database (each SQL statement's round trip through
// the driver, summed: what the budget limits) and the whole call (with place lookup, Prisma and
// result mapping around it). Prints JSON on stdout.
// Built by bench/lib/build-entries.js; run by bench/run.js while the server is stopped.
import path from "node:path";
import { performance } from "node:perf_hooks";

import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";

import { PrismaClient } from "../../app/generated/prisma/client";
import { closeDatabase, postgresPoolConfig } from "../../app/lib/db.server";
import { getEnv } from "../../app/lib/env.server";
import { pgliteExtensions } from "../../app/lib/pglite-extensions";
import { locate } from "../../app/modules/geo/locate.server";
import { loadPostcodeIndex } from "../../app/modules/geo/postcode-index.server";
import { type Area, areaProblem, encodeArea, type LatLng } from "../../app/modules/search/area";
import { SearchSchema } from "../../app/modules/search/filters";
import { searchListings, warmSearchIndexes } from "../../app/modules/search/search.server";

/** A drawn area around the postcode: `points` corners, `miles` at most from it. */
type Drawn = { miles: number; points: number; seed: number };
type Sample = { postcode: string; filters: Record<string, string>; drawn?: Drawn };

/**
 * An area such as a buyer draws around a place: corners in order around it, each at a random distance
 * (half to all of `miles`), so the shape is simple and often concave. Halved until it is a valid area.
 */
function drawnArea(centre: LatLng, { miles, points, seed }: Drawn): Area {
  let state = seed % 2147483647 || 1;
  const rand = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
  const dLat = miles / 69.05;
  const dLng = dLat / Math.cos((centre.latitude * Math.PI) / 180);
  const area = Array.from({ length: points }, (_, i) => {
    const angle = (2 * Math.PI * i) / points;
    const reach = 0.5 + rand() * 0.5;
    return {
      latitude: centre.latitude + dLat * reach * Math.sin(angle),
      longitude: centre.longitude + dLng * reach * Math.cos(angle),
    };
  });
  return areaProblem(area) && miles > 0.1 ? drawnArea(centre, { miles: miles / 2, points, seed }) : area;
}

let databaseMs = 0;

/**
 * The client with the time of each call of `methods` added to databaseMs: `query`, through which both drivers'
 * Prisma adapters send every statement, and on PGlite `execProtocol`, through which `readRows` sends its own
 * (app/lib/prepared-statements.ts). PGlite's `query` does not call `execProtocol`, so nothing counts twice.
 */
function timed<T extends object>(client: T, methods: string[] = ["query"]): T {
  for (const method of methods) {
    const call = (client as Record<string, (...args: unknown[]) => Promise<unknown>>)[method]!.bind(client);
    Object.assign(client, {
      async [method](...args: unknown[]) {
        const started = performance.now();
        try {
          return await call(...args);
        } finally {
          databaseMs += performance.now() - started;
        }
      },
    });
  }
  return client;
}

/** The app's database, opened as app/lib/db.server.ts opens it (the driver shared by Prisma and `readRows`), with its statements timed. */
function openTimedDatabase() {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const pool = timed(new pg.Pool(postgresPoolConfig(env.DATABASE_URL)));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    const close = async () => {
      await prisma.$disconnect();
      await pool.end();
    };
    return { prisma, pool, close };
  }
  const pglite = timed(new PGlite(path.join(env.DATA_DIR, "pglite"), { extensions: pgliteExtensions }), [
    "query",
    "execProtocol",
  ]);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const close = async () => {
    await prisma.$disconnect();
    await pglite.close();
  };
  return { prisma, pglite, close };
}

/** Times the samples after the first `warmup` of them, which are run untimed. */
export async function timeSearches(samples: Sample[], warmup: number) {
  globalThis.__database = openTimedDatabase();
  await loadPostcodeIndex();
  await warmSearchIndexes();
  const inDatabase: number[] = [];
  const whole: number[] = [];
  let matched = 0;
  for (const [i, sample] of samples.entries()) {
    const centre = sample.drawn ? await locate(sample.postcode) : null;
    const area = centre && sample.drawn ? { area: encodeArea(drawnArea(centre, sample.drawn)) } : {};
    const filters = SearchSchema.parse({ postcode: sample.postcode, ...sample.filters, ...area });
    databaseMs = 0;
    const started = performance.now();
    const result = await searchListings(filters);
    const ms = performance.now() - started;
    if (i >= warmup) {
      inDatabase.push(databaseMs);
      whole.push(ms);
      matched += result.total;
    }
  }
  await closeDatabase();
  // A driver path the timer does not see would report searches that take no time at all.
  if (inDatabase.length && inDatabase.every((ms) => ms === 0))
    throw new Error("No search statement was timed: the statements go through a driver method timed() does not wrap");
  return { timings: inDatabase, serviceTimings: whole, meanMatches: matched / Math.max(1, inDatabase.length) };
}
