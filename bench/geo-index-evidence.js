#!/usr/bin/env node
// Evidence for the choice of the search's geographic index (no app change): on a PostgreSQL database
// seeded by the bench (e.g. 1,000,000 listings: bench/lib/seed.js), times the search's SQL shapes with
// today's B-tree indexes (prisma/migrations/20261122041524_search_listed_partial_indexes) against
//  (a) a GiST index on ll_to_earth(latitude, longitude) (cube + earthdistance), searched with
//      earth_box (the index) and earth_distance (the exact test);
//  (b) a GiST index on point(longitude, latitude), searched with a box (radius) or the polygon itself.
// Radii of 1, 3, 10 and 40 miles around random listed postcodes in dense (London, Manchester) and sparse
// (Highlands) places, and drawn polygons; each search is EXPLAIN (ANALYZE, TIMING OFF) of the statement
// the results page runs for its first page (the rows, their distance and COUNT(*) OVER (), newest first,
// 12 rows) and the "Execution Time" PostgreSQL reports is what is summarised (p50/p95 per cell).
// One statement per search for every variant, so they compare like with like: the app itself reads
// radii of 15 miles and more (and wide areas) in two statements, the page along the sort order's index
// (walkPage) and a COUNT(*) over the same condition, which costs what the count here costs.
// Creates the two indexes (and extensions) when missing; `--drop` removes them at the end.
// Usage: DATABASE_URL=postgresql://… node bench/geo-index-evidence.js [--samples 100] [--drop]
// Timings on a shared machine are smoke checks, not results.
import { parseArgs } from "node:util";

import { openPostgres } from "./lib/db.js";
import { random } from "./lib/seed.js";
import { percentile } from "./lib/stats.js";

const { values: opts } = parseArgs({
  options: {
    samples: { type: "string", default: "100" },
    drop: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name a database seeded by the bench");
const samples = Number(opts.samples);

const EARTH_RADIUS_MILES = 3958.8;
const METRES_PER_MILE = 1609.344;
const LISTED = `p."status" IN ('completed', 'sold')`;
const PLACES = {
  London: { minLat: 51.38, maxLat: 51.62, minLng: -0.35, maxLng: 0.15 },
  Manchester: { minLat: 53.38, maxLat: 53.56, minLng: -2.35, maxLng: -2.1 },
  Highlands: { minLat: 56.8, maxLat: 58.6, minLng: -6.0, maxLng: -3.6 },
};
const RADII = [1, 3, 10, 40];
const PAGE = `ORDER BY p."listedAt" DESC NULLS LAST, p."id" DESC LIMIT 12`;

/** The haversine distance in miles, as app/modules/search/search.server.ts writes it. */
function distanceSql(lat0, lng0) {
  const lat = (lat0 * Math.PI) / 180;
  const lng = (lng0 * Math.PI) / 180;
  return `(${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(power(sin((radians(p."latitude") - ${lat}::float8) / 2), 2) + cos(${lat}::float8) * cos(radians(p."latitude")) * power(sin((radians(p."longitude") - ${lng}::float8) / 2), 2))))`;
}

/** Today's radius condition: the bounding box (B-tree ranges) and two scaled circles around the exact ring. */
function todayRadius(lat0, lng0, miles) {
  const dLat = miles / 69.05;
  const dLng = dLat / Math.cos((lat0 * Math.PI) / 180);
  const minLat = lat0 - dLat;
  const maxLat = lat0 + dLat;
  const r = Math.PI / 180;
  const m = (Math.max(maxLat - minLat, 2 * dLng) * r) / 2;
  const cos0 = Math.cos(lat0 * r);
  const h = Math.sin(miles / EARTH_RADIUS_MILES / 2) ** 2;
  const inner = Math.sqrt((4 * h) / (r * r)) * (1 - 1e-6) - 1e-5;
  const outer = Math.sqrt((4 * h) / ((1 - (m * m) / 3) * r * r)) * (1 + 1e-6) + 1e-5;
  const circle = (k, radius) => {
    const scale = Math.sqrt(cos0 * k);
    return `point(p."longitude" * ${scale}::float8, p."latitude") <@ circle(point(${lng0 * scale}::float8, ${lat0}::float8), ${radius}::float8)`;
  };
  const exact = `${distanceSql(lat0, lng0)} <= ${miles}::float8`;
  return `p."latitude" BETWEEN ${minLat}::float8 AND ${maxLat}::float8 AND p."longitude" BETWEEN ${lng0 - dLng}::float8 AND ${lng0 + dLng}::float8
    AND (${circle(Math.cos(minLat * r), inner)} OR (${circle(Math.cos(maxLat * r), outer)} AND ${exact}))`;
}

const earthRadius = (lat0, lng0, miles) =>
  `earth_box(ll_to_earth(${lat0}, ${lng0}), ${miles * METRES_PER_MILE}) @> ll_to_earth(p."latitude", p."longitude")
    AND earth_distance(ll_to_earth(${lat0}, ${lng0}), ll_to_earth(p."latitude", p."longitude")) <= ${miles * METRES_PER_MILE}`;

function pointRadius(lat0, lng0, miles) {
  const dLat = miles / 69.05;
  const dLng = dLat / Math.cos((lat0 * Math.PI) / 180);
  return `point(p."longitude", p."latitude") <@ box(point(${lng0 - dLng}, ${lat0 - dLat}), point(${lng0 + dLng}, ${lat0 + dLat}))
    AND ${distanceSql(lat0, lng0)} <= ${miles}::float8`;
}

/** A drawn area such as bench/entries/search-timing.ts draws: corners around the place, half to all of `miles` away. */
function drawn(rng, lat0, lng0, miles) {
  const points = 4 + Math.floor(rng() * 27);
  const dLat = miles / 69.05;
  const dLng = dLat / Math.cos((lat0 * Math.PI) / 180);
  return Array.from({ length: points }, (_, i) => {
    const angle = (2 * Math.PI * i) / points;
    const reach = 0.5 + rng() * 0.5;
    return [lng0 + dLng * reach * Math.cos(angle), lat0 + dLat * reach * Math.sin(angle)];
  });
}
const polygonLiteral = (corners) => `'(${corners.map(([x, y]) => `(${x},${y})`).join(",")})'::polygon`;
function bounds(corners) {
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { minLng: Math.min(...xs), maxLng: Math.max(...xs), minLat: Math.min(...ys), maxLat: Math.max(...ys) };
}
const todayArea = (corners) => {
  const b = bounds(corners);
  return `p."latitude" BETWEEN ${b.minLat}::float8 AND ${b.maxLat}::float8 AND p."longitude" BETWEEN ${b.minLng}::float8 AND ${b.maxLng}::float8
    AND point(p."longitude", p."latitude") <@ ${polygonLiteral(corners)}`;
};
const earthArea = (corners) => {
  // The polygon's bounding circle as an earth_box, then the polygon itself.
  const b = bounds(corners);
  const lat0 = (b.minLat + b.maxLat) / 2;
  const lng0 = (b.minLng + b.maxLng) / 2;
  const halfMiles =
    Math.hypot((b.maxLat - b.minLat) * 69.05, (b.maxLng - b.minLng) * 69.05 * Math.cos((lat0 * Math.PI) / 180)) / 2;
  return `earth_box(ll_to_earth(${lat0}, ${lng0}), ${halfMiles * METRES_PER_MILE * 1.01}) @> ll_to_earth(p."latitude", p."longitude")
    AND point(p."longitude", p."latitude") <@ ${polygonLiteral(corners)}`;
};
const pointArea = (corners) => `point(p."longitude", p."latitude") <@ ${polygonLiteral(corners)}`;

const VARIANTS = {
  today: { radius: todayRadius, area: todayArea, index: null },
  earth: {
    radius: earthRadius,
    area: earthArea,
    index: `CREATE INDEX IF NOT EXISTS "bench_geo_earth_idx" ON "Project" USING gist (ll_to_earth("latitude", "longitude")) WHERE "status" IN ('completed', 'sold')`,
  },
  point: {
    radius: pointRadius,
    area: pointArea,
    index: `CREATE INDEX IF NOT EXISTS "bench_geo_point_idx" ON "Project" USING gist (point("longitude", "latitude")) WHERE "status" IN ('completed', 'sold')`,
  },
};

/** The plan's index names (which index the search read) and its largest row count (the matches counted). */
function walkPlan(plan, found = { indexes: new Set(), rows: 0 }) {
  if (plan["Index Name"]) found.indexes.add(plan["Index Name"]);
  found.rows = Math.max(found.rows, plan["Actual Rows"] ?? 0);
  for (const child of plan.Plans ?? []) walkPlan(child, found);
  return found;
}

const indexName = (v) => VARIANTS[v].index?.match(/"(bench_geo_\w+)"/)[1];

/**
 * One search under EXPLAIN ANALYZE, with only this variant's index in sight: the others are dropped inside
 * a transaction that is rolled back (DROP INDEX is transactional), so "today" is today's plan even though
 * the GiST indexes exist (the planner would otherwise read the point index for today's polygon test).
 */
async function timeStatement(db, variant, lat0, lng0, condition) {
  const sql = `SELECT p."id", ${lat0 === null ? "NULL::float8" : distanceSql(lat0, lng0)} AS "distance", COUNT(*) OVER () AS "total"
    FROM "Project" p WHERE ${LISTED} AND ${condition} ${PAGE}`;
  await db.query("BEGIN");
  try {
    for (const other of Object.keys(VARIANTS))
      if (other !== variant && indexName(other)) await db.query(`DROP INDEX "${indexName(other)}"`);
    const { rows } = await db.query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`);
    const [explained] = rows[0]["QUERY PLAN"];
    const { indexes, rows: matched } = walkPlan(explained.Plan);
    return { ms: explained["Execution Time"], matched, indexes: [...indexes] };
  } finally {
    await db.query("ROLLBACK");
  }
}

async function main() {
  const db = await openPostgres(url);
  try {
    const started = Date.now();
    await db.query("CREATE EXTENSION IF NOT EXISTS cube");
    await db.query("CREATE EXTENSION IF NOT EXISTS earthdistance");
    for (const v of Object.values(VARIANTS)) if (v.index) await db.query(v.index);
    await db.query(`VACUUM ANALYZE "Project"`);
    console.error(`indexes ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const [{ count }] = (await db.query(`SELECT COUNT(*)::int AS count FROM "Project" p WHERE ${LISTED}`)).rows;
    const rng = random(26);
    const table = [];
    for (const [name, box] of Object.entries(PLACES)) {
      const { rows: places } = await db.query(
        `SELECT p."latitude", p."longitude" FROM "Project" p WHERE ${LISTED}
         AND p."latitude" BETWEEN $1 AND $2 AND p."longitude" BETWEEN $3 AND $4 ORDER BY random() LIMIT $5`,
        [box.minLat, box.maxLat, box.minLng, box.maxLng, samples],
      );
      const shapes = [
        ...RADII.map((miles) => ({ label: `${miles} mi radius`, miles })),
        { label: "drawn polygon (1–20 mi)", area: true },
      ];
      for (const shape of shapes) {
        // The same places and polygons for every variant; the variants take turns, so a busy moment on
        // the shared machine falls on all of them alike.
        const cases = places.map(({ latitude, longitude }) => ({
          latitude,
          longitude,
          corners: shape.area ? drawn(rng, latitude, longitude, [0.5, 1, 2, 5, 10][Math.floor(rng() * 5)]) : null,
        }));
        const timings = Object.fromEntries(Object.keys(VARIANTS).map((v) => [v, []]));
        const used = Object.fromEntries(Object.keys(VARIANTS).map((v) => [v, new Set()]));
        let matched = 0;
        for (const c of cases) {
          for (const [v, variant] of Object.entries(VARIANTS)) {
            const condition = shape.area
              ? variant.area(c.corners)
              : variant.radius(c.latitude, c.longitude, shape.miles);
            const t = await timeStatement(
              db,
              v,
              shape.area ? null : c.latitude,
              shape.area ? null : c.longitude,
              condition,
            );
            timings[v].push(t.ms);
            for (const i of t.indexes) used[v].add(i);
            if (v === "today") matched += t.matched;
          }
        }
        const row = { place: name, shape: shape.label, searches: cases.length };
        for (const v of Object.keys(VARIANTS)) {
          const sorted = [...timings[v]].sort((a, b) => a - b);
          row[v] = {
            p50: Math.round(percentile(sorted, 50) * 100) / 100,
            p95: Math.round(percentile(sorted, 95) * 100) / 100,
            indexes: [...used[v]],
          };
        }
        row.meanMatches = Math.round(matched / cases.length);
        table.push(row);
        console.error(
          `${name} ${shape.label}: ${Object.keys(VARIANTS)
            .map((v) => `${v} p50 ${row[v].p50} / p95 ${row[v].p95} ms`)
            .join("; ")}`,
        );
      }
    }
    if (opts.json) console.log(JSON.stringify({ listings: count, samples, table }, null, 2));
    else {
      console.log(
        `\n${count.toLocaleString("en-GB")} listed homes; ${samples} random places per row; ms (p50 / p95)\n`,
      );
      console.log(
        "| place | search | matches (mean) | today (B-tree) | (a) GiST ll_to_earth | (b) GiST point | indexes read (today; a; b) |",
      );
      console.log("| --- | --- | ---: | ---: | ---: | ---: | --- |");
      for (const r of table)
        console.log(
          `| ${r.place} | ${r.shape} | ${r.meanMatches.toLocaleString("en-GB")} | ${r.today.p50} / ${r.today.p95} | ${r.earth.p50} / ${r.earth.p95} | ${r.point.p50} / ${r.point.p95} | ${r.today.indexes.join(", ")}; ${r.earth.indexes.join(", ")}; ${r.point.indexes.join(", ")} |`,
        );
    }
    if (opts.drop) {
      await db.query(`DROP INDEX IF EXISTS "bench_geo_earth_idx"`);
      await db.query(`DROP INDEX IF EXISTS "bench_geo_point_idx"`);
    }
  } finally {
    await db.close();
  }
}

await main();
