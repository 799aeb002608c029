// Bulk-loads listed properties for the benchmark: postcodes drawn at random from every live GB postcode
// (data/uk-postcodes-gb.csv.gz), so listings cluster where people live, with realistic prices, types
// and ages, and photos that reuse the demo seed's stored images. Multi-row inserts through unnest()
// arrays, the same SQL on PGlite and PostgreSQL: 5,000 rows per statement on PGlite (its memory is
// the Node process's), 50,000 on PostgreSQL with commits that do not wait for the disk, so a
// million listings and their three million photos load in minutes (see seedListings).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";

const BATCH = 5000;
// PostgreSQL: larger statements amortise the round trip and the per-statement planning; the time left is
// the server writing rows and maintaining the indexes, which COPY would not shorten (the listing columns
// are generated here either way, and pg has no COPY FROM STDIN without another package).
const BATCH_POSTGRES = 50_000;
const DAY_MS = 86_400_000;
const STREETS = [
  "High Street",
  "Station Road",
  "Church Lane",
  "Victoria Road",
  "Green Lane",
  "Manor Road",
  "Park Avenue",
  "Mill Lane",
  "The Crescent",
  "Queens Road",
  "Kings Road",
  "New Road",
  "School Lane",
  "Springfield Road",
  "North Street",
  "Grange Road",
];
// Roughly the mix of homes for sale in England (flats and terraces most common).
const TYPES = [
  ["Terraced", 26],
  ["Semi-Detached", 24],
  ["Detached", 18],
  ["Flat/Apartment", 20],
  ["Bungalow", 7],
  ["Maisonette", 3],
  ["Studio", 1],
  ["Other", 1],
];
const FEATURES = [
  "Gas central heating",
  "Double glazing",
  "Off-road parking",
  "South-facing garden",
  "Close to schools",
  "Recently renovated",
  "No onward chain",
  "Open-plan kitchen",
];

/** A small seeded PRNG (mulberry32), so every run seeds the same homes. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
function weighted(rng, pairs) {
  const total = pairs.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of pairs) if ((r -= w) < 0) return value;
  return pairs[0][0];
}

/** Every GB postcode as [postcode, latitude, longitude] and the towns of the postcode districts. */
export async function loadPostcodes(root) {
  const csv = (await promisify(gunzip)(await readFile(path.join(root, "data/uk-postcodes-gb.csv.gz")))).toString(
    "latin1",
  );
  const rows = [];
  for (const line of csv.split("\n").slice(1)) {
    const [postcode, lat, lng] = line.split(",");
    if (postcode && lat && lng) rows.push([postcode, Number(lat), Number(lng)]);
  }
  const towns = new Map();
  for (const line of (await readFile(path.join(root, "data/uk-outcodes.csv"), "utf8")).split("\n").slice(1)) {
    const [outcode, , , town] = line.split(",");
    if (outcode && town) towns.set(outcode, town.split(" / ")[0]);
  }
  return { rows, towns };
}

/** One generated listing: the columns the listing pages, search and API read. */
export function fakeListing(rng, [postcode, latitude, longitude], towns, now) {
  const outcode = postcode.split(" ")[0];
  const propertyType = weighted(rng, TYPES);
  const flat = ["Flat/Apartment", "Maisonette", "Studio"].includes(propertyType);
  const bedrooms = propertyType === "Studio" ? 0 : Math.min(6, 1 + Math.floor(rng() * (flat ? 3 : 5)));
  // Log-normal-ish prices around £280k, rounded as agents do.
  const price = Math.round((60_000 + Math.exp(11.5 + rng() * 1.6) + bedrooms * 25_000) / 5000) * 5000;
  const listedDaysAgo = Math.floor(rng() * rng() * 365);
  const listedAt = new Date(now - listedDaysAgo * DAY_MS - Math.floor(rng() * DAY_MS));
  const town = towns.get(outcode) ?? outcode;
  const features = FEATURES.filter(() => rng() < 0.4).slice(0, 5);
  return {
    status: rng() < 0.1 ? "sold" : "completed",
    address: `${1 + Math.floor(rng() * 180)} ${pick(rng, STREETS)}, ${town} ${postcode}`,
    postcode,
    outcode,
    latitude,
    longitude,
    price,
    propertyType,
    bedrooms,
    bathrooms: Math.max(1, Math.ceil(bedrooms / 2)),
    sizeSqft: 350 + bedrooms * 280 + Math.floor(rng() * 300),
    tenure: flat ? "Leasehold" : "Freehold",
    keyFeatures: features.join("|"),
    description: `A ${bedrooms === 0 ? "studio" : `${bedrooms} bedroom`} ${propertyType.toLowerCase()} in ${town}, close to local shops and transport links.\n\nViewing is highly recommended.`,
    epcRating: pick(rng, ["B", "C", "C", "D", "D", "D", "E", "F"]),
    councilTaxBand: pick(rng, ["A", "B", "C", "D", "E", "F"]),
    listedAt,
    createdAt: new Date(listedAt.getTime() - 14 * DAY_MS),
  };
}

const COLUMNS = [
  ["status", "text", '"ProjectStatus"'],
  ["address", "text"],
  ["postcode", "text"],
  ["outcode", "text"],
  ["latitude", "float8"],
  ["longitude", "float8"],
  ["price", "int4"],
  ["propertyType", "text"],
  ["bedrooms", "int4"],
  ["bathrooms", "int4"],
  ["sizeSqft", "int4"],
  ["tenure", "text"],
  ["keyFeatures", "text"],
  ["description", "text"],
  ["epcRating", "text"],
  ["councilTaxBand", "text"],
  ["listedAt", "timestamptz"],
  ["createdAt", "timestamptz"],
];

function insertSql() {
  const targets = COLUMNS.map(([name]) => `"${name}"`).join(", ");
  const values = COLUMNS.map(([name, , cast]) => {
    const column = `u."${name}"`;
    if (name === "keyFeatures") return `string_to_array(${column}, '|')`;
    if (cast) return `${column}::${cast}`;
    return name === "listedAt" || name === "createdAt" ? `${column} AT TIME ZONE 'UTC'` : column;
  });
  const arrays = COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ");
  const aliases = COLUMNS.map(([name]) => `"${name}"`).join(", ");
  return `INSERT INTO "Project" (${targets}, "vendorName", "vendorEmail", "updatedAt")
    SELECT ${values.join(", ")}, 'Bench Vendor', 'bench@example.com', now()
    FROM unnest(${arrays}) AS u(${aliases})
    RETURNING "id"`;
}

/**
 * Tops the database up to `target` listed properties (the demo seed's count included). Each new listing
 * gets three photos chosen from the demo photos. `db.query(sql, params)` returns `{ rows }`.
 */
export async function seedListings(db, { target, postcodes, seed = 12, now = Date.now() }) {
  const [{ count }] = (
    await db.query(`SELECT COUNT(*)::int AS count FROM "Project" WHERE "status" IN ('completed', 'sold')`)
  ).rows;
  const missing = target - count;
  if (missing <= 0) return { added: 0, total: count };
  const rng = random(seed + count);
  const batch = db.kind === "postgresql" ? BATCH_POSTGRES : BATCH;
  // A scratch database: a crash would lose only the last batches, which the next run tops up again.
  if (db.kind === "postgresql") await db.query("SET synchronous_commit TO off");
  // The photos to reuse: the demo listings' only (created before any bench listing). Reading every
  // ProjectImage instead would re-read the photos of earlier batches too: millions of rows per batch
  // at a million listings.
  const [{ firstBench }] = (
    await db.query(
      `SELECT COALESCE(MIN("id"), 2147483647)::int AS "firstBench" FROM "Project" WHERE "vendorEmail" = 'bench@example.com'`,
    )
  ).rows;
  for (let done = 0; done < missing; done += batch) {
    const size = Math.min(batch, missing - done);
    const columns = COLUMNS.map(() => []);
    for (let i = 0; i < size; i += 1) {
      const listing = fakeListing(rng, postcodes.rows[Math.floor(rng() * postcodes.rows.length)], postcodes.towns, now);
      COLUMNS.forEach(([name], c) =>
        columns[c].push(listing[name] instanceof Date ? listing[name].toISOString() : listing[name]),
      );
    }
    const { rows } = await db.query(insertSql(), columns);
    // Not Math.min(...ids): 50,000 arguments come close to the engine's limit on a call's arguments.
    const first = rows.reduce((min, r) => Math.min(min, r.id), Infinity);
    await db.query(
      `WITH pool AS (
         SELECT (row_number() OVER (ORDER BY "id") - 1)::int AS i, "storageKey", "fileName", "contentType", "byteSize", "width", "height", "altText"
         FROM "ProjectImage" WHERE "storageKey" NOT LIKE 'bench/%' AND "projectId" < $2
       ), n AS (SELECT COUNT(*)::int AS c FROM pool)
       INSERT INTO "ProjectImage" ("projectId", "storageKey", "fileName", "contentType", "byteSize", "width", "height", "altText", "position")
       SELECT p."id", pool."storageKey", pool."fileName", pool."contentType", pool."byteSize", pool."width", pool."height", pool."altText", g.pos
       FROM "Project" p CROSS JOIN generate_series(0, 2) AS g(pos) CROSS JOIN n
       JOIN pool ON pool.i = (p."id" * 7 + g.pos * 13) % n.c
       WHERE p."id" >= $1 AND n.c > 0`,
      [first, firstBench],
    );
  }
  // VACUUM as autovacuum would (PGlite has none): it marks pages all-visible, which index-only scans need.
  await db.query("VACUUM ANALYZE");
  // Then write out what the load left in memory now, not during the measurements: otherwise PostgreSQL's
  // checkpointer spreads those writes over the next minutes (checkpoint_completion_target), beside the server.
  await db.query("CHECKPOINT").catch((error) => console.warn(`CHECKPOINT after seeding: ${error.message}`));
  return { added: missing, total: target };
}
