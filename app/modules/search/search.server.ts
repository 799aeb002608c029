// Radius search over listed properties: the searched place (postcode, district or area) gives a centre;
// a bounding box on the indexed bands of latitude and longitudes narrows the rows, then the great-circle
// distance decides, and sorting and paging happen in the database. The great-circle formula is the costly
// part of a wide search (20,000 rows within 40 miles of London), so two cheap circles in degrees answer it
// for all but a thin ring of rows (see radiusCondition). Matches are counted up to COUNT_CAP, and a dense
// search's page is read by walking the sort order's index instead of sorting every match (see walkPage;
// docs/decisions/0016). A drawn area replaces the place and its radius: its bands of latitude, each read for
// the longitudes the area reaches there, narrow the rows on the same indexes (decision 0038), then PostgreSQL's
// own point-in-polygon operator decides (the rule app/modules/search/area.ts documents and mirrors).
import { Prisma } from "../../generated/prisma/client";
import { prisma, readRows } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { fieldError } from "../../lib/service-error";
import { districtsWithPrefix } from "../geo/districts.server";
import { locate, type Place } from "../geo/locate.server";
import { PROPERTY_TYPES } from "../projects/options";
import { type Area, areaBands, areaBounds, parseArea, polygonLiteral } from "./area";
import { COUNT_CAP, type SearchFilters } from "./filters";
import { ADDED_OPTIONS, TYPE_OPTIONS } from "./options";

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

// The search indexes lead with the band of latitude a home lies in (floor(latitude × 20): 0.05°, about 3.5
// miles; migration 20261126080000_search_latitude_bands), then its longitude. A box names its bands, so each
// band is read for the box's longitudes only, instead of the whole width of the country at its latitudes.
const BANDS_PER_DEGREE = 20;

/** A home's band of latitude as the indexes have it (the factor a literal: the planner matches the text). */
const HOME_BAND = Prisma.raw(`floor(p."latitude" * ${BANDS_PER_DEGREE})`);

/**
 * The condition that a home lies in the bands of latitudes minLatitude..maxLatitude. A box taller than Great
 * Britain needs no bands (TRUE).
 */
function latitudeBands(minLatitude: number, maxLatitude: number): Prisma.Sql {
  const first = Math.floor(minLatitude * BANDS_PER_DEGREE);
  const last = Math.floor(maxLatitude * BANDS_PER_DEGREE);
  if (!(last - first < 12 * BANDS_PER_DEGREE)) return Prisma.sql`TRUE`;
  const bands = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return Prisma.sql`${HOME_BAND} IN (${Prisma.join(bands)})`;
}

/** Where a search looks: a drawn area, or a place (with the filters' radius). */
type SearchScope = { area: Area; place: null } | { area: null; place: Place };

// The area's box is widened by a little more than the operator's tolerance (1e-6 degrees, see insideArea), so
// the box never drops a home the operator would count as on the area's edge.
const BOX_MARGIN = 1e-5;

/**
 * `SELECT columns FROM "Project" p WHERE where`: the rows of a search. For a drawn area PostgreSQL reads them
 * band of latitude by band, each for the longitudes the area reaches in it (areaBands), not the whole box's
 * (decision 0038). `OFFSET 0` keeps each band's read a scan of its own: merged into one join, PostgreSQL
 * (which expects a polygon to match almost nothing) can read the whole box and test every row on every band.
 */
function searchRows(scope: SearchScope, columns: Prisma.Sql, where: Prisma.Sql): Prisma.Sql {
  if (!scope.area) return Prisma.sql`SELECT ${columns} FROM "Project" p WHERE ${where}`;
  const bands = areaBands(scope.area, BANDS_PER_DEGREE, BOX_MARGIN).map(
    (b) => Prisma.sql`(${Prisma.raw(String(b.band))}::float8, ${b.minLongitude}::float8, ${b.maxLongitude}::float8)`,
  );
  return Prisma.sql`SELECT p.* FROM (VALUES ${Prisma.join(bands)}) AS b("band", "west", "east") CROSS JOIN LATERAL (
      SELECT ${columns} FROM "Project" p
      WHERE ${where} AND ${HOME_BAND} = b."band" AND p."longitude" BETWEEN b."west" AND b."east"
      OFFSET 0
    ) p`;
}

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
function whereClause(
  filters: SearchFilters,
  scope: SearchScope,
  now: Date,
  { exactRadius = false }: { exactRadius?: boolean } = {},
): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  const { area, place } = scope;
  if (area) {
    const box = areaBounds(area);
    where.push(
      latitudeBands(box.minLatitude - BOX_MARGIN, box.maxLatitude + BOX_MARGIN),
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
      latitudeBands(place.latitude - dLat, place.latitude + dLat),
      Prisma.sql`p."latitude" BETWEEN ${place.latitude - dLat}::float8 AND ${place.latitude + dLat}::float8`,
      Prisma.sql`p."longitude" BETWEEN ${place.longitude - dLng}::float8 AND ${place.longitude + dLng}::float8`,
      exactRadius
        ? withinMiles(place, miles)
        : radiusCondition(place, miles, place.latitude - dLat, place.latitude + dLat, dLng),
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

/** The great-circle formula's own test: within `miles` of the place. */
const withinMiles = (place: Place, miles: number) => Prisma.sql`${distanceSql(place)} <= ${miles}::float8`;

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
  const exact = withinMiles(place, miles);
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

// Index entries a walk along the sort order may read (a few milliseconds' reading at most); it stops as
// soon as its page is full, after about pageSize × listings ÷ matches entries.
const WALK_MAX_ENTRIES = 20_000;

/**
 * One page of matching listing ids (with their distance from the centre) and the count of matches up to
 * COUNT_CAP: `total` is exact when `totalCapped` is false, and otherwise "more than COUNT_CAP".
 */
export async function searchListings(
  filters: SearchFilters,
  // The caps are options for the tests, which reach them with a few dozen homes.
  { now = new Date(), pageSize = PAGE_SIZE, countCap = COUNT_CAP, walkLimit = WALK_MAX_ENTRIES } = {},
) {
  const scope = await scopeOf(filters);
  const { place } = scope;
  const conditions = whereClause(filters, scope, now);
  const where = Prisma.join([LISTED, ...conditions], " AND ");
  const offset = (filters.page - 1) * pageSize;
  // The matches up to one past the cap, counted, and their page: one statement, so a search with fewer
  // matches than the cap (most of them) reads its rows once. Only the page's rows get a distance; past the cap
  // the rows read are any thousand, not the first in the search's order, so they are not sorted.
  const firstRead = await readRows<{ total: number; id: number | null; distance: number | null }>(Prisma.sql`
    WITH "matches" AS MATERIALIZED (
      ${searchRows(scope, Prisma.sql`p."id", p."price", p."listedAt", p."latitude", p."longitude"`, where)}
      LIMIT ${countCap + 1}
    )
    SELECT c."total", p."id", p."distance"
    FROM (SELECT COUNT(*)::int AS "total" FROM "matches") c
    LEFT JOIN LATERAL (
      SELECT p."id", ${distanceSql(place)} AS "distance" FROM "matches" p
      WHERE c."total" <= ${countCap}
      ORDER BY ${ORDER_BY[filters.sort]}
      LIMIT ${pageSize} OFFSET ${offset}
    ) p ON TRUE`);
  const counted = Number(firstRead[0]?.total ?? 0);
  const capped = counted > countCap;
  const total = Math.min(counted, countCap);
  if (!capped) {
    const rows = firstRead.flatMap(({ id, distance }) => (id === null ? [] : [{ id, distance }]));
    return result(place, filters, rows, total, capped, pageSize);
  }
  // More matches than the cap. The last page stops at the cap.
  const take = Math.min(pageSize, total - offset);
  if (take <= 0) return result(place, filters, [], total, capped, pageSize);
  // A district or area search filters on the outcode, which the order's indexes do not hold.
  const byOutcode = !scope.area && filters.radius === "area";
  // A dense search: its page lies early along the sort order's index, so walk that and stop at the page,
  // instead of reading and sorting every match.
  if (!byOutcode) {
    const walked = await walkPage(filters, place, conditions, now, { offset, take, walkLimit });
    if (walked.length === take) return result(place, filters, walked, total, capped, pageSize);
  }
  // Otherwise every match sorted: a walk that ran out, or a dense district or area. Those are read whole from
  // the outcode's covering index (Project_outcode_search_idx) first: left to choose, PostgreSQL walks the
  // order's index for a dense area and fetches each home on the way to test its outcode (260 ms for Glasgow
  // at a million listings). Elsewhere PostgreSQL plans the statement as one, told where in the order the page
  // ends at the latest, with the great-circle formula alone (the circles' fixed selectivity would have it
  // expect a handful of matches): it can then walk the order's index up to that bound, testing the box on each
  // entry, where reading the whole box would cost more (decision 0031).
  const bound = byOutcode ? null : await pageBound(filters.sort, scope, where, countCap + 1, offset + take);
  const sortWhere = bound
    ? Prisma.join([LISTED, ...whereClause(filters, scope, now, { exactRadius: true }), bound], " AND ")
    : where;
  const rows = await readRows<PageRow>(Prisma.sql`
    WITH "matches" AS ${byOutcode ? Prisma.sql`MATERIALIZED` : Prisma.sql`NOT MATERIALIZED`} (
      SELECT p."id", p."price", p."listedAt", ${distanceSql(place)} AS "distance" FROM "Project" p WHERE ${sortWhere}
    )
    SELECT p."id", p."distance" FROM "matches" p
    ORDER BY ${ORDER_BY[filters.sort]}
    LIMIT ${take} OFFSET ${offset}`);
  return result(place, filters, rows, total, capped, pageSize);
}

/**
 * A bound on the search's order that the page's homes lie within, as a condition: the `last`-th of some
 * `sample` matches in the search's order. At least `last` matches come no later than it, so the page's last
 * home (the `last`-th of all matches) does not come after it. Null when the sample is too small, or when its
 * home is undated (undated homes come last in both date orders).
 */
async function pageBound(
  sort: SearchFilters["sort"],
  scope: SearchScope,
  where: Prisma.Sql,
  sample: number,
  last: number,
) {
  const [home] = await readRows<{ id: number; price: number; listedAt: string | null }>(Prisma.sql`
    SELECT p."id", p."price", p."listedAt"::text AS "listedAt"
    FROM (${searchRows(scope, Prisma.sql`p."id", p."price", p."listedAt"`, where)} LIMIT ${sample}) p
    ORDER BY ${ORDER_BY[sort]}
    LIMIT 1 OFFSET ${last - 1}`);
  if (!home) return null;
  const id = Number(home.id);
  if (sort === "price-asc") return Prisma.sql`(p."price", p."id") <= (${Number(home.price)}, ${id})`;
  if (sort === "price-desc") return Prisma.sql`(p."price", p."id") >= (${Number(home.price)}, ${id})`;
  if (home.listedAt === null) return null;
  const at = Prisma.sql`${home.listedAt}::timestamp(3)`;
  return sort === "oldest"
    ? Prisma.sql`(p."listedAt", p."id") <= (${at}, ${id})`
    : Prisma.sql`(p."listedAt", p."id") >= (${at}, ${id})`;
}

function result(
  place: Place | null,
  filters: SearchFilters,
  rows: PageRow[],
  total: number,
  totalCapped: boolean,
  pageSize: number,
) {
  const matches: SearchMatch[] = rows.map((r) => ({
    id: r.id,
    distanceMiles: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
  }));
  return {
    place,
    matches,
    total,
    totalCapped,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

// The sort orders as index walks (Project_price_order_idx, Project_listed_order_idx), of the rows
// aliased `t`. A date walk reads dated listings only: undated ones come last in both date orders, so
// the page it finds is the same.
const walkOrder = (sort: SearchFilters["sort"], t: "w" | "p") =>
  Prisma.raw(
    {
      "price-desc": `${t}."price" DESC, ${t}."id" DESC`,
      "price-asc": `${t}."price" ASC, ${t}."id" ASC`,
      newest: `${t}."listedAt" DESC, ${t}."id" DESC`,
      oldest: `${t}."listedAt" ASC, ${t}."id" ASC`,
    }[sort],
  );

/**
 * A dense search's page read along the sort order: listings in that order (status and the sort key's own
 * range only, so the walk reads the order's index alone), filtered by the whole search as they come, and
 * stopped at the page or after WALK_MAX_ENTRIES entries. The walk's matches are the first matches in the
 * search's order, so a full page is the page; a short one may be missing matches further along, and the
 * caller sorts.
 */
async function walkPage(
  filters: SearchFilters,
  place: Place | null,
  conditions: Prisma.Sql[],
  now: Date,
  { offset, take, walkLimit }: { offset: number; take: number; walkLimit: number },
): Promise<PageRow[]> {
  const range: Prisma.Sql[] = [Prisma.sql`w."status" IN ('completed', 'sold')`]; // as LISTED
  if (filters.sort === "price-desc" || filters.sort === "price-asc") {
    if (filters.minPrice !== undefined) range.push(Prisma.sql`w."price" >= ${filters.minPrice}`);
    if (filters.maxPrice !== undefined) range.push(Prisma.sql`w."price" <= ${filters.maxPrice}`);
  } else {
    range.push(Prisma.sql`w."listedAt" IS NOT NULL`);
    const days = ADDED_OPTIONS.find((a) => a.value === filters.added)!.days;
    if (days) range.push(Prisma.sql`w."listedAt" >= ${new Date(now.getTime() - days * 86_400_000)}`);
  }
  // Ordered outside as inside (every walked row has a date), PostgreSQL streams the walked rows through the
  // filter and stops at the page, instead of sorting everything the walk read.
  return readRows<PageRow>(Prisma.sql`
    SELECT p."id", ${distanceSql(place)} AS "distance"
    FROM (
      SELECT w."id", w."latitude", w."longitude", w."price", w."bedrooms", w."listedAt", w."propertyType"
      FROM "Project" w
      WHERE ${Prisma.join(range, " AND ")}
      ORDER BY ${walkOrder(filters.sort, "w")}
      LIMIT ${walkLimit}
    ) p
    ${conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty}
    ORDER BY ${walkOrder(filters.sort, "p")}
    LIMIT ${take} OFFSET ${offset}`);
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
