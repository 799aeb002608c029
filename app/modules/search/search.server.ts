// Radius search over listed properties: the searched place (postcode, district or area) gives a centre;
// a bounding box on the indexed latitude/longitude narrows the rows, then the great-circle distance
// decides, and sorting and paging happen in the database. The great-circle formula is the costly part
// of a wide search (20,000 rows within 40 miles of London), so two cheap circles in degrees answer it
// for all but a thin ring of rows (see radiusCondition), and a dense search's page is read by walking
// the sort order's index instead of sorting every match (see walkPage). A drawn area replaces the place
// and its radius: its bounding box narrows the rows on the same indexes, then PostgreSQL's own
// point-in-polygon operator decides (the rule app/modules/search/area.ts documents and mirrors).
import { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { fieldError } from "../../lib/service-error";
import { districtsWithPrefix } from "../geo/districts.server";
import { locate, type Place } from "../geo/locate.server";
import { PROPERTY_TYPES } from "../projects/options";
import { type Area, areaBounds, parseArea, polygonLiteral } from "./area";
import { ADDED_OPTIONS, type SearchFilters, TYPE_OPTIONS } from "./filters";

export const PAGE_SIZE = 12;
const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.05;

const placeNotFound = (query: string) =>
  fieldError(
    400,
    "postcode",
    `We couldn't find "${query}". Enter a UK postcode (LE1 5WW), a district (LE1) or an area (LE).`,
  );

const ORDER_BY: Record<SearchFilters["sort"], Prisma.Sql> = {
  "price-desc": Prisma.sql`p."price" DESC, p."id" DESC`,
  "price-asc": Prisma.sql`p."price" ASC, p."id" ASC`,
  newest: Prisma.sql`p."listedAt" DESC NULLS LAST, p."id" DESC`,
  oldest: Prisma.sql`p."listedAt" ASC NULLS LAST, p."id" ASC`,
};

// Listed homes: written out (not parameters), so the planner sees it is the predicate of the partial
// search indexes (migration 20261122041524_search_listed_partial_indexes) and drops the per-row test.
const LISTED = Prisma.sql`p."status" IN ('completed', 'sold')`;

/** Where a search looks: a drawn area, or a place (with the filters' radius). */
type SearchScope = { area: Area; place: null } | { area: null; place: Place };

// The area's box is widened by a little more than the operator's tolerance (1e-6 degrees, see insideArea), so
// the box never drops a home the operator would count as on the area's edge.
const BOX_MARGIN = 1e-5;

/** The drawn area of the filters, or null; a bad one (filters not read through SearchSchema) is a 400. */
function areaOf(filters: SearchFilters): Area | null {
  if (!filters.area) return null;
  const parsed = parseArea(filters.area);
  if ("problem" in parsed) throw fieldError(400, "area", parsed.problem);
  return parsed.area;
}

async function scopeOf(filters: SearchFilters): Promise<SearchScope> {
  const area = areaOf(filters);
  if (area) return { area, place: null };
  const place = await locate(filters.postcode);
  if (!place) throw placeNotFound(filters.postcode);
  return { area: null, place };
}

/** The search's conditions on a listed home (status apart: see LISTED). */
function whereClause(filters: SearchFilters, scope: SearchScope, now: Date): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  const { area, place } = scope;
  if (area) {
    const box = areaBounds(area);
    where.push(
      Prisma.sql`p."latitude" BETWEEN ${box.minLatitude - BOX_MARGIN}::float8 AND ${box.maxLatitude + BOX_MARGIN}::float8`,
      Prisma.sql`p."longitude" BETWEEN ${box.minLongitude - BOX_MARGIN}::float8 AND ${box.maxLongitude + BOX_MARGIN}::float8`,
      Prisma.sql`point(p."longitude", p."latitude") <@ ${polygonLiteral(area)}::polygon`,
    );
  } else if (filters.radius === "area") {
    if (place.kind === "area") {
      // The area's districts spelled out, so the outcode index answers (a regular expression cannot use it).
      const inArea = new RegExp(`^${place.area}[0-9]`);
      const outcodes = districtsWithPrefix(place.area, 10_000).flatMap((d) =>
        inArea.test(d.outcode) ? [d.outcode] : [],
      );
      where.push(outcodes.length ? Prisma.sql`p."outcode" IN (${Prisma.join(outcodes)})` : Prisma.sql`FALSE`);
    } else where.push(Prisma.sql`p."outcode" = ${place.outcode}`);
  } else {
    const miles = Number(filters.radius);
    const dLat = miles / MILES_PER_DEGREE_LATITUDE;
    const dLng = miles / (MILES_PER_DEGREE_LATITUDE * Math.cos((place.latitude * Math.PI) / 180));
    where.push(
      Prisma.sql`p."latitude" BETWEEN ${place.latitude - dLat}::float8 AND ${place.latitude + dLat}::float8`,
      Prisma.sql`p."longitude" BETWEEN ${place.longitude - dLng}::float8 AND ${place.longitude + dLng}::float8`,
      radiusCondition(place, miles, place.latitude - dLat, place.latitude + dLat, dLng),
    );
  }
  const types = TYPE_OPTIONS.find((t) => t.value === filters.type)!.propertyTypes;
  if (types) where.push(types.length ? Prisma.sql`p."propertyType" IN (${Prisma.join(types)})` : Prisma.sql`FALSE`);
  const days = ADDED_OPTIONS.find((a) => a.value === filters.added)!.days;
  if (days) where.push(Prisma.sql`p."listedAt" >= ${new Date(now.getTime() - days * 86_400_000)}`);
  if (filters.minPrice !== undefined) where.push(Prisma.sql`p."price" >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) where.push(Prisma.sql`p."price" <= ${filters.maxPrice}`);
  if (filters.minBeds !== undefined) where.push(Prisma.sql`p."bedrooms" >= ${filters.minBeds}`);
  // "5+" as a maximum means no upper limit.
  if (filters.maxBeds !== undefined && filters.maxBeds < 5) where.push(Prisma.sql`p."bedrooms" <= ${filters.maxBeds}`);
  return where;
}

function distanceSql(place: Place | null) {
  if (!place) return Prisma.sql`NULL::float8`;
  const lat = (place.latitude * Math.PI) / 180;
  // Parameters are cast: PostgreSQL would otherwise infer integer from the arithmetic around them.
  return Prisma.sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
    power(sin((radians(p."latitude") - ${lat}::float8) / 2), 2)
    + cos(${lat}::float8) * cos(radians(p."latitude")) * power(sin((radians(p."longitude") - ${(place.longitude * Math.PI) / 180}::float8) / 2), 2))))`;
}

/**
 * Exactly `distance <= miles` for rows inside the bounding box (latitudes minLat..maxLat, longitudes
 * within dLng of the centre), without the great-circle formula for most of them.
 *
 * The formula is d = 2R·asin(√h), h = sin²(Δφ/2) + cos φ₀·cos φ·sin²(Δλ/2), so d ≤ miles ⇔ h ≤ H with
 * H = sin²(miles / 2R). Within the box, cos φ lies between cosMin and cosMax, and
 * x²(1 − m²/3) ≤ sin²x ≤ x² for |x| ≤ m (m: the box's half-size in radians), so with Δφ, Δλ in degrees
 * and r = π/180:
 * - inside:  Δφ² + cos φ₀·cosMax·Δλ² ≤ 4H/r²            ⇒ h ≤ H (the row matches);
 * - outside: Δφ² + cos φ₀·cosMin·Δλ² > 4H/((1 − m²/3)·r²) ⇒ h > H (it does not).
 * Both are a point in a circle once the longitude is scaled, one built-in operator each. The circles
 * keep a margin (relative 1e-6, plus 1e-5 degrees, above any rounding), and only the rows between them
 * (a thin ring: about 1% of the rows in the box) run the formula itself, so the rows matched are
 * exactly those the formula alone would match.
 */
function radiusCondition(place: Place, miles: number, minLat: number, maxLat: number, dLng: number): Prisma.Sql {
  const exact = Prisma.sql`${distanceSql(place)} <= ${miles}::float8`;
  const r = Math.PI / 180;
  const m = (Math.max(maxLat - minLat, 2 * dLng) * r) / 2;
  // The bounds above need a small box in one hemisphere; anything else (never in Great Britain) runs the formula.
  if (!(m < 0.1) || minLat <= 0 || maxLat >= 89) return exact;
  const cos0 = Math.cos(place.latitude * r);
  const cosMax = Math.cos(minLat * r);
  const cosMin = Math.cos(maxLat * r);
  const h = Math.sin(miles / EARTH_RADIUS_MILES / 2) ** 2;
  const inner = Math.sqrt((4 * h) / (r * r)) * (1 - 1e-6) - 1e-5;
  const outer = Math.sqrt((4 * h) / ((1 - (m * m) / 3) * r * r)) * (1 + 1e-6) + 1e-5;
  const circle = (k: number, radius: number) => {
    const scale = Math.sqrt(cos0 * k);
    return Prisma.sql`point(p."longitude" * ${scale}::float8, p."latitude") <@ circle(point(${place.longitude * scale}::float8, ${place.latitude}::float8), ${radius}::float8)`;
  };
  if (!(inner > 0)) return exact;
  return Prisma.sql`(${circle(cosMax, inner)} OR (${circle(cosMin, outer)} AND ${exact}))`;
}

/**
 * The whole search as one SQL condition on `"Project" p` (listed homes matching every filter), for readers
 * that pick their own rows, such as search alerts: built by the same whereClause as searchListings, so an
 * alert and the search it comes from can never disagree about which homes match.
 */
export async function listingMatchCondition(filters: SearchFilters, now = new Date()): Promise<Prisma.Sql> {
  return Prisma.join([LISTED, ...whereClause(filters, await scopeOf(filters), now)], " AND ");
}

export type SearchMatch = { id: number; distanceMiles: number | null };
type PageRow = { id: number; distance: number | null };

// Radii from which a search first tries to read its page along the sort order (walkPage).
const WALK_FROM_MILES = 15;
// Index entries a walk reads per row it must find, and at most (about a millisecond's reading).
const WALK_ENTRIES_PER_ROW = 100;
const WALK_MAX_ENTRIES = 4000;

/** A search wide enough that its page is likely found along the sort order: a radius of 15 miles or more, or an area as wide. */
function isWide(filters: SearchFilters, { area }: SearchScope) {
  if (!area) return filters.radius !== "area" && Number(filters.radius) >= WALK_FROM_MILES;
  const box = areaBounds(area);
  const middle = ((box.minLatitude + box.maxLatitude) / 2) * (Math.PI / 180);
  const milesAcross = Math.max(
    (box.maxLatitude - box.minLatitude) * MILES_PER_DEGREE_LATITUDE,
    (box.maxLongitude - box.minLongitude) * MILES_PER_DEGREE_LATITUDE * Math.cos(middle),
  );
  return milesAcross >= 2 * WALK_FROM_MILES;
}

/** One page of matching listing ids (with their distance from the centre) and the total count. */
export async function searchListings(filters: SearchFilters, { now = new Date(), pageSize = PAGE_SIZE } = {}) {
  const scope = await scopeOf(filters);
  const { place } = scope;
  const conditions = whereClause(filters, scope, now);
  const where = Prisma.join([LISTED, ...conditions], " AND ");
  const offset = (filters.page - 1) * pageSize;
  const countAll = async () => {
    const [count] = await prisma.$queryRaw<
      { total: bigint | number }[]
    >`SELECT COUNT(*) AS "total" FROM "Project" p WHERE ${where}`;
    return Number(count?.total ?? 0);
  };
  // A wide search in a dense area: a full page found along the sort order is the page, and the count
  // reads the covering search index alone (index-only scan).
  if (isWide(filters, scope)) {
    const walked = await walkPage(filters, place, conditions, now, { offset, pageSize });
    if (walked.length === pageSize) return result(place, filters, walked, await countAll(), pageSize);
  }
  // Otherwise one pass over the matches gives the page (sorting only the top rows) and the count.
  const rows = await prisma.$queryRaw<(PageRow & { total: bigint | number })[]>`
    SELECT p."id", ${distanceSql(place)} AS "distance", COUNT(*) OVER () AS "total"
    FROM "Project" p
    WHERE ${where}
    ORDER BY ${ORDER_BY[filters.sort]}
    LIMIT ${pageSize} OFFSET ${offset}`;
  // A page past the last has no rows to carry the count.
  const total = rows.length > 0 ? Number(rows[0]!.total) : offset > 0 ? await countAll() : 0;
  return result(place, filters, rows, total, pageSize);
}

function result(place: Place | null, filters: SearchFilters, rows: PageRow[], total: number, pageSize: number) {
  const matches: SearchMatch[] = rows.map((r) => ({
    id: r.id,
    distanceMiles: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
  }));
  return { place, matches, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

// The sort orders as index walks (Project_price_order_idx, Project_listed_order_idx). A date walk reads
// dated listings only: undated ones come last in both date orders, so the page it finds is the same.
const WALK_ORDER: Record<SearchFilters["sort"], Prisma.Sql> = {
  "price-desc": Prisma.sql`w."price" DESC, w."id" DESC`,
  "price-asc": Prisma.sql`w."price" ASC, w."id" ASC`,
  newest: Prisma.sql`w."listedAt" DESC, w."id" DESC`,
  oldest: Prisma.sql`w."listedAt" ASC, w."id" ASC`,
};

/**
 * A dense search's page read along the sort order: the first listings in that order (status and the
 * sort key's own range only, so the walk reads a bounded number of index entries) filtered by the whole
 * search, instead of every match sorted. The walk's matches are the first matches in the search's order,
 * so a full page is the page; a short one may be missing matches further along, and the caller sorts.
 */
async function walkPage(
  filters: SearchFilters,
  place: Place | null,
  conditions: Prisma.Sql[],
  now: Date,
  { offset, pageSize }: { offset: number; pageSize: number },
): Promise<PageRow[]> {
  const limit = WALK_ENTRIES_PER_ROW * (offset + pageSize);
  if (limit > WALK_MAX_ENTRIES) return [];
  const range: Prisma.Sql[] = [Prisma.sql`w."status" IN ('completed', 'sold')`]; // as LISTED
  if (filters.sort === "price-desc" || filters.sort === "price-asc") {
    if (filters.minPrice !== undefined) range.push(Prisma.sql`w."price" >= ${filters.minPrice}`);
    if (filters.maxPrice !== undefined) range.push(Prisma.sql`w."price" <= ${filters.maxPrice}`);
  } else {
    range.push(Prisma.sql`w."listedAt" IS NOT NULL`);
    const days = ADDED_OPTIONS.find((a) => a.value === filters.added)!.days;
    if (days) range.push(Prisma.sql`w."listedAt" >= ${new Date(now.getTime() - days * 86_400_000)}`);
  }
  return prisma.$queryRaw<PageRow[]>`
    SELECT p."id", ${distanceSql(place)} AS "distance"
    FROM (
      SELECT w."id", w."latitude", w."longitude", w."price", w."bedrooms", w."listedAt", w."propertyType"
      FROM "Project" w
      WHERE ${Prisma.join(range, " AND ")}
      ORDER BY ${WALK_ORDER[filters.sort]}
      LIMIT ${limit}
    ) p
    ${conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty}
    ORDER BY ${ORDER_BY[filters.sort]}
    LIMIT ${pageSize} OFFSET ${offset}`;
}

/**
 * Reads the search's indexes through once, as searches would over a server's first minutes. The embedded
 * database starts each run with an empty buffer cache, so a first search in an area would otherwise wait
 * for its index pages to be read from disk (PostgreSQL keeps its cache across the app's restarts: there
 * this does nothing). About half a second at 100,000 listings.
 */
export async function warmSearchIndexes() {
  if (getEnv().DATABASE_URL) return;
  // Each asks for every listing in an order (or with columns) only the one index meant serves, so it
  // is an index-only scan of that index.
  await prisma.$queryRaw`SELECT COUNT(*) FROM "Project" p WHERE ${LISTED} AND p."latitude" >= -90 AND p."bedrooms" >= 0`;
  await prisma.$queryRaw`SELECT COUNT(*) FROM "Project" p WHERE ${LISTED} AND p."propertyType" IN (${Prisma.join([...PROPERTY_TYPES])}) AND p."latitude" >= -90 AND p."bedrooms" >= 0`;
  await prisma.$queryRaw`SELECT COUNT(*) FROM (SELECT p."price" FROM "Project" p WHERE ${LISTED} ORDER BY p."price", p."id", p."latitude") x`;
  await prisma.$queryRaw`SELECT COUNT(*) FROM (SELECT p."listedAt" FROM "Project" p WHERE ${LISTED} ORDER BY p."listedAt", p."id", p."latitude") x`;
}
