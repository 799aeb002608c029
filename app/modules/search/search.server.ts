// Radius search over listed properties: the searched place (postcode, district or area) gives a centre;
// a bounding box on the indexed latitude/longitude narrows the rows, then the great-circle distance
// decides, and sorting and paging happen in the database.
import { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { districtsWithPrefix } from "../geo/districts.server";
import { type Place, locate } from "../geo/locate.server";
import { ADDED_OPTIONS, type SearchFilters, TYPE_OPTIONS } from "./filters";

export const PAGE_SIZE = 12;
const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.05;

export class PlaceNotFoundError extends Error {
  override name = "PlaceNotFoundError";
  constructor(readonly query: string) {
    super(`We couldn't find "${query}". Enter a UK postcode (LE1 5WW), a district (LE1) or an area (LE).`);
  }
}

const ORDER_BY: Record<SearchFilters["sort"], Prisma.Sql> = {
  "price-desc": Prisma.sql`p."price" DESC, p."id" DESC`,
  "price-asc": Prisma.sql`p."price" ASC, p."id" ASC`,
  newest: Prisma.sql`p."listedAt" DESC NULLS LAST, p."id" DESC`,
  oldest: Prisma.sql`p."listedAt" ASC NULLS LAST, p."id" ASC`,
};

function whereClause(filters: SearchFilters, place: Place, now: Date): Prisma.Sql[] {
  const where: Prisma.Sql[] = [Prisma.sql`p."status" IN ('completed', 'sold')`];
  if (filters.radius === "area") {
    if (place.kind === "area") {
      // The area's districts spelled out, so the outcode index answers (a regular expression cannot use it).
      const inArea = new RegExp(`^${place.area}[0-9]`);
      const outcodes = districtsWithPrefix(place.area, 10_000).flatMap((d) => (inArea.test(d.outcode) ? [d.outcode] : []));
      where.push(outcodes.length ? Prisma.sql`p."outcode" IN (${Prisma.join(outcodes)})` : Prisma.sql`FALSE`);
    }
    else where.push(Prisma.sql`p."outcode" = ${place.outcode}`);
  } else {
    const miles = Number(filters.radius);
    const dLat = miles / MILES_PER_DEGREE_LATITUDE;
    const dLng = miles / (MILES_PER_DEGREE_LATITUDE * Math.cos((place.latitude * Math.PI) / 180));
    where.push(
      Prisma.sql`p."latitude" BETWEEN ${place.latitude - dLat}::float8 AND ${place.latitude + dLat}::float8`,
      Prisma.sql`p."longitude" BETWEEN ${place.longitude - dLng}::float8 AND ${place.longitude + dLng}::float8`,
      Prisma.sql`${distanceSql(place)} <= ${miles}::float8`,
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

function distanceSql(place: Place) {
  const lat = (place.latitude * Math.PI) / 180;
  // Parameters are cast: PostgreSQL would otherwise infer integer from the arithmetic around them.
  return Prisma.sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
    power(sin((radians(p."latitude") - ${lat}::float8) / 2), 2)
    + cos(${lat}::float8) * cos(radians(p."latitude")) * power(sin((radians(p."longitude") - ${(place.longitude * Math.PI) / 180}::float8) / 2), 2))))`;
}

export type SearchMatch = { id: number; distanceMiles: number | null };

/** One page of matching listing ids (with their distance from the centre) and the total count. */
export async function searchListings(filters: SearchFilters, { now = new Date(), pageSize = PAGE_SIZE } = {}) {
  const place = await locate(filters.postcode);
  if (!place) throw new PlaceNotFoundError(filters.postcode);
  const where = Prisma.join(whereClause(filters, place, now), " AND ");
  // Page and count are two queries: the page can stop after its rows (or sort only the top ones), and
  // the count reads the covering search index alone (index-only scan) instead of every matching row.
  const rows = await prisma.$queryRaw<{ id: number; distance: number | null }[]>`
    SELECT p."id", ${distanceSql(place)} AS "distance"
    FROM "Project" p
    WHERE ${where}
    ORDER BY ${ORDER_BY[filters.sort]}
    LIMIT ${pageSize} OFFSET ${(filters.page - 1) * pageSize}`;
  // A first page with room to spare already holds every match.
  let total = rows.length;
  if (filters.page > 1 || rows.length === pageSize) {
    const [count] = await prisma.$queryRaw<{ total: bigint | number }[]>`SELECT COUNT(*) AS "total" FROM "Project" p WHERE ${where}`;
    total = Number(count?.total ?? 0);
  }
  const matches: SearchMatch[] = rows.map((r) => ({ id: r.id, distanceMiles: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10 }));
  return { place, matches, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
