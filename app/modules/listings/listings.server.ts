// Public listings: the property list (search, sort and pagination applied in the database), one
// listing's detail, and similar homes. Public means listed (completed) or sold; pending projects and
// the vendor's contact details never leave this module.
import { Prisma } from "../../generated/prisma/client";
import { prisma, readRows } from "../../lib/db.server";
import { pageOf } from "../../lib/pagination";
import { cachedPublicRead, cachedPublicReads } from "../../lib/public-read-cache.server";
import { isoTime, selectedColumns } from "../../lib/sql-columns";
import { type CaptionedImage, responsiveImage } from "../media/images";
import { mediaUrl } from "../media/storage.server";
import { publicSaleStatus } from "../sales/sale-status";
import { parseDescription } from "./description";
import { epcBand } from "./epc";
import { materialInformationSelect } from "./material-information";
import { sqftToSqm } from "./measurements";
import {
  isWholeWordTerm,
  type ListingQuery,
  LISTINGS_PAGE_SIZE,
  pagedMatches,
  readsMatchesFirst,
  searchTerms,
} from "./query";
import { isSimilarListing, SIMILAR_LISTINGS_LIMIT } from "./similar";
import {
  listingSummaryColumns,
  type ListingSummaryRow,
  listingSummarySelect,
  toListingSummary,
} from "./summary.server";
import { virtualTourFor } from "./virtual-tour";

export const PUBLIC_STATUSES = ["completed", "sold"] as const;
export const publicListingWhere = { status: { in: [...PUBLIC_STATUSES] } } satisfies Prisma.ProjectWhereInput;

/**
 * Listings whose address or property type contains every word of `q` (`searchTerms`), case-insensitive, as
 * the condition of a `readRows` statement on the project `p`: ILIKE, which the trigram indexes of migration
 * 20261126090000 serve. Trigrams need three characters, so a shorter word (an outcode such as W8, a house
 * number) must be a whole word of them instead, which Project_words_idx serves (migration 20261126150000:
 * keep its expression and this one the same). A search of punctuation alone has no word, and matches nothing.
 */
export function listingSearchSql(q: string): Prisma.Sql {
  const words = Prisma.raw(`regexp_split_to_array(lower(p."address" || ' ' || p."propertyType"), '[^a-z0-9]+')`);
  const terms = searchTerms(q);
  return Prisma.join(
    [
      Prisma.sql`p."status" IN ('completed', 'sold')`,
      ...(q.trim() && !terms.length ? [Prisma.sql`FALSE`] : []),
      ...terms.map((term) => {
        if (isWholeWordTerm(term)) return Prisma.sql`${words} @> ARRAY[${term}]::text[]`;
        // Letters and digits only: nothing for LIKE to escape.
        const like = `%${term}%`;
        return Prisma.sql`(p."address" ILIKE ${like} OR p."propertyType" ILIKE ${like})`;
      }),
    ],
    " AND ",
  );
}

/** The list's orders, as read along Project_public_order_idx and Project_price_id_idx. */
const LISTING_ORDER: Record<ListingQuery["sort"], Prisma.Sql> = {
  // On the market first (the enum orders completed before sold), newest listing first.
  any: Prisma.raw(`p."status" ASC, p."listedAt" DESC, p."id" DESC`),
  "price-desc": Prisma.raw(`p."price" DESC, p."id" DESC`),
  "price-asc": Prisma.raw(`p."price" ASC, p."id" ASC`),
};

export function listPublicListings(query: ListingQuery, pageSize = LISTINGS_PAGE_SIZE) {
  return cachedPublicRead(`listings:${JSON.stringify([query.q, query.sort, query.page, pageSize])}`, () =>
    loadPublicListings(query, pageSize),
  );
}

/** How many public listings match `q`: one count per search kept for every page of it (all listings at a million: about 50 ms). */
export function countPublicListings(q: string) {
  return cachedPublicRead(`listings-count:${q}`, async () => {
    const [row] = await readRows<{ total: number }>(
      Prisma.sql`SELECT COUNT(*)::int AS "total" FROM "Project" p WHERE ${listingSearchSql(q)}`,
    );
    return row?.total ?? 0;
  });
}

/**
 * The ids of one page of the public listings matching `q`, in the list's `sort` order; `total` is
 * `countPublicListings(q)`, which every caller has read first to choose the page.
 */
export async function publicListingIds(
  { q, sort }: Pick<ListingQuery, "q" | "sort">,
  window: { skip: number; take: number; total: number },
) {
  if (!window.total) return [];
  const page = Prisma.sql`ORDER BY ${LISTING_ORDER[sort]} LIMIT ${window.take} OFFSET ${window.skip}`;
  const terms = searchTerms(q);
  // Every listed home, counted (and kept) only when a search's choice depends on it.
  const listed = terms.length && !terms.some(isWholeWordTerm) ? await countPublicListings("") : 0;
  // Left to choose, PostgreSQL would walk the order's index for a search with few matches, testing every
  // listing on the way: 0.1-0.4 s at 100,000 listings on PGlite for outcodes such as KA8 or WS15.
  const rows = await readRows<{ id: number }>(
    readsMatchesFirst(terms, { ...window, listed })
      ? Prisma.sql`
      WITH "matched" AS MATERIALIZED (
        SELECT p."id", p."status", p."listedAt", p."price" FROM "Project" p WHERE ${listingSearchSql(q)}
      )
      SELECT p."id" FROM "matched" p ${page}`
      : Prisma.sql`SELECT p."id" FROM "Project" p WHERE ${listingSearchSql(q)} ${page}`,
  );
  return rows.map((row) => row.id);
}

async function loadPublicListings(query: ListingQuery, pageSize: number) {
  const total = await countPublicListings(query.q);
  const paged = pagedMatches(query.q, total);
  const { page, pageCount, skip, take } = pageOf(paged, query.page, pageSize);
  // The page's ids first, then their cards: one statement planned for the search and the page, and one whose
  // plan is kept (planning the two as one cost PGlite more than running them, decision 0029).
  const ids = await publicListingIds(query, { skip, take: Math.min(take, paged - skip), total });
  const cards = await listingCards(ids);
  const listings = ids.flatMap((id) => cards.get(id)?.listing ?? []);
  return { listings, total, pagedTotal: paged, page, pageCount, pageSize };
}

/**
 * The cards of public listings, with their map positions, each kept on its own: a listing appears in many
 * different searches and pages (every radius, filter, order and page around it), so many of a page's cards were
 * read moments ago (decision 0026). The rest are read by one prepared statement. An id that is not public has no
 * card, whoever passes it.
 */
export function listingCards(ids: number[]) {
  return cachedPublicReads("card:", ids, async (missing) => {
    const rows = await readRows<ListingSummaryRow & { latitude: number | null; longitude: number | null }>(
      Prisma.sql`
      SELECT ${listingSummaryColumns}, p."latitude", p."longitude" FROM "Project" p
      WHERE p."id" = ANY(${missing}::int[]) AND p."status" IN ('completed', 'sold')`,
      { prepared: true },
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          listing: toListingSummary(row),
          position:
            row.latitude !== null && row.longitude !== null
              ? { latitude: row.latitude, longitude: row.longitude }
              : null,
        },
      ]),
    );
  });
}

const mediaOrder = [{ position: "asc" }, { id: "asc" }] satisfies Prisma.ProjectImageOrderByWithRelationInput[];

// Every public column; never the vendor's email, phone, owner or contract signature.
export const listingDetailSelect = {
  id: true,
  status: true,
  saleStatus: true,
  address: true,
  postcode: true,
  outcode: true,
  latitude: true,
  longitude: true,
  price: true,
  previousPrice: true,
  priceChangedAt: true,
  // The asking price's history while listed (public on every portal), newest first.
  priceChanges: {
    select: { fromPrice: true, toPrice: true, changedAt: true },
    orderBy: [{ changedAt: "desc" }, { id: "desc" }],
  },
  propertyType: true,
  bedrooms: true,
  bathrooms: true,
  receptions: true,
  sizeSqft: true,
  tenure: true,
  keyFeatures: true,
  description: true,
  parking: true,
  garden: true,
  accessibility: true,
  virtualTourUrl: true,
  ...materialInformationSelect,
  // An agent's personal interest (Estate Agents Act 1979 s.21): buyers are told before they view or offer.
  personalInterest: true,
  listedAt: true,
  soldAt: true,
  createdAt: true,
  updatedAt: true,
  images: { select: { storageKey: true, altText: true, width: true, height: true }, orderBy: mediaOrder },
  floorPlans: { select: { storageKey: true, fileName: true }, orderBy: mediaOrder },
  documents: { select: { type: true, name: true, storageKey: true }, orderBy: { id: "asc" } },
  virtualTours: { select: { url: true }, orderBy: { id: "asc" } },
} satisfies Prisma.ProjectSelect;

/** Just enough of a public listing to name it (the viewing request form and emails). */
export function findPublicListingBrief(id: number) {
  return prisma.project.findFirst({
    where: { id, ...publicListingWhere },
    select: { id: true, address: true, price: true, propertyType: true, status: true, personalInterest: true },
  });
}

/** One public listing as its card shows it, or null when there is none (or it is not public). */
export async function findPublicListingCard(id: number) {
  const row = await prisma.project.findFirst({ where: { id, ...publicListingWhere }, select: listingSummarySelect });
  return row ? toListingSummary(row) : null;
}

export type ListingDetailRow = Prisma.ProjectGetPayload<{ select: typeof listingDetailSelect }>;

/** A public listing by id, or null when there is none (or it is not public). */
export function findPublicListing(id: number) {
  return cachedPublicRead(`listing:${id}`, () => readPublicListing(id));
}

/**
 * The row `listingDetailSelect` gives, in one statement run by the driver (the detail page's main read:
 * `readRows` in db.server.ts says why). tests/integration/listings.test.ts compares it with Prisma's.
 */
async function readPublicListing(id: number): Promise<ListingDetailRow | null> {
  type Row = Omit<ListingDetailRow, "priceChanges"> & {
    priceChanges: { fromPrice: number; toPrice: number; changedAt: string }[];
  };
  const [row] = await readRows<Row>(
    Prisma.sql`
    SELECT ${selectedColumns(listingDetailSelect)},
      COALESCE((
        SELECT json_agg(json_build_object('fromPrice', c."fromPrice", 'toPrice', c."toPrice", 'changedAt', ${isoTime('c."changedAt"')}) ORDER BY c."changedAt" DESC, c."id" DESC)
        FROM "PriceChange" c WHERE c."projectId" = p."id"
      ), '[]') AS "priceChanges",
      COALESCE((
        SELECT json_agg(json_build_object('storageKey', i."storageKey", 'altText', i."altText", 'width', i."width", 'height', i."height") ORDER BY i."position", i."id")
        FROM "ProjectImage" i WHERE i."projectId" = p."id"
      ), '[]') AS "images",
      COALESCE((
        SELECT json_agg(json_build_object('storageKey', f."storageKey", 'fileName', f."fileName") ORDER BY f."position", f."id")
        FROM "FloorPlan" f WHERE f."projectId" = p."id"
      ), '[]') AS "floorPlans",
      COALESCE((
        SELECT json_agg(json_build_object('type', d."type", 'name', d."name", 'storageKey', d."storageKey") ORDER BY d."id")
        FROM "ProjectDocument" d WHERE d."projectId" = p."id"
      ), '[]') AS "documents",
      COALESCE((
        SELECT json_agg(json_build_object('url', t."url") ORDER BY t."id") FROM "VirtualTour" t WHERE t."projectId" = p."id"
      ), '[]') AS "virtualTours"
    FROM "Project" p WHERE p."id" = ${id} AND p."status" IN ('completed', 'sold')`,
    { prepared: true },
  );
  if (!row) return null;
  return {
    ...row,
    priceChanges: row.priceChanges.map((change) => ({ ...change, changedAt: new Date(change.changedAt) })),
  };
}

/** Everything the detail page shows, ready to serialise. */
export function toListingDetail(row: ListingDetailRow) {
  const photos: CaptionedImage[] = row.images.map((image) => ({ ...responsiveImage(image), caption: image.altText }));
  const floorPlans: CaptionedImage[] = row.floorPlans.map((plan, i) => {
    const name = row.floorPlans.length > 1 ? `Floor plan ${i + 1}` : "Floor plan";
    return {
      ...responsiveImage({
        storageKey: plan.storageKey,
        altText: `${name} of ${row.address}`,
        width: null,
        height: null,
      }),
      caption: name,
    };
  });
  const { images: _images, floorPlans: _plans, documents, virtualTours, priceChanges, ...fields } = row;
  return {
    ...fields,
    status: row.status === "sold" ? ("sold" as const) : ("completed" as const),
    saleStatus: publicSaleStatus(row),
    listedAt: row.listedAt?.toISOString() ?? null,
    priceChangedAt: row.priceChangedAt?.toISOString() ?? null,
    priceHistory: priceChanges.map((change) => ({ ...change, changedAt: change.changedAt.toISOString() })),
    soldAt: row.soldAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sizeSqm: row.sizeSqft ? sqftToSqm(row.sizeSqft) : null,
    descriptionBlocks: parseDescription(row.description),
    epc: { current: epcBand(row.epcRating), potential: epcBand(row.epcPotential) },
    photos,
    floorPlans,
    documents: documents.map((d) => ({ type: d.type, name: d.name, url: mediaUrl(d.storageKey) })),
    virtualTour: virtualTourFor(virtualTours[0]?.url ?? row.virtualTourUrl),
  };
}

export type ListingDetail = ReturnType<typeof toListingDetail>;

/**
 * Up to three listed homes similar to `listing` (see ./similar.ts), closest in price first (at one price,
 * the lowest id first). One statement: the three nearest prices of each similar type on either side, then
 * the nearest of those.
 */
export function findSimilarListings(listing: { id: number; status: string; propertyType: string; price: number }) {
  // The listing's own fields come from the same cache, so its id names them.
  return cachedPublicRead(`similar:${listing.id}`, () => loadSimilarListings(listing));
}

async function loadSimilarListings(listing: { id: number; status: string; propertyType: string; price: number }) {
  // The types a listed home other than this one (id 0: none has it) may have to be similar (./similar.ts).
  const types = (await listedPropertyTypes()).filter((propertyType) =>
    isSimilarListing(listing, { id: 0, status: "completed", propertyType }),
  );
  if (!types.length) return [];
  // Each similar type's nearest prices on either side of this one: a few entries of Project_similar_idx
  // each, where a scan of every listed home of those types would read tens of thousands of rows. The
  // nearest of those are read as summaries in the same statement. Its limits are part of its text, so its plan
  // is kept: with limits it could not see, PostgreSQL priced the kept plan above one made for the values and
  // planned it anew every time, for the same plan (1.6 ms a read against 0.6 ms kept, at 100,000 listings on
  // PGlite).
  const limit = Prisma.raw(`LIMIT ${SIMILAR_LISTINGS_LIMIT}`);
  const nearest = types.flatMap((type) => {
    const same = Prisma.sql`"status" = 'completed' AND "propertyType" = ${type} AND "id" <> ${listing.id}`;
    return [
      Prisma.sql`(SELECT "id", "price" FROM "Project" WHERE ${same} AND "price" >= ${listing.price}::int ORDER BY "price" ASC, "id" ASC ${limit})`,
      Prisma.sql`(SELECT "id", "price" FROM "Project" WHERE ${same} AND "price" < ${listing.price}::int ORDER BY "price" DESC, "id" DESC ${limit})`,
    ];
  });
  const rows = await readRows<ListingSummaryRow>(
    Prisma.sql`
    WITH "candidate" AS (${Prisma.join(nearest, " UNION ALL ")}),
    "chosen" AS (
      SELECT "id", abs("price" - ${listing.price}::int) AS "distance" FROM "candidate"
      ORDER BY "distance", "id" ${limit}
    )
    SELECT ${listingSummaryColumns} FROM "chosen" JOIN "Project" p USING ("id") ORDER BY "chosen"."distance", p."id"`,
    { prepared: true },
  );
  return rows.map(toListingSummary);
}

/**
 * The property types of listed homes, as stored: a loose index scan of Project_similar_idx (one probe per
 * type, a handful in all) rather than reading every row for DISTINCT.
 */
function listedPropertyTypes() {
  return cachedPublicRead("listed-property-types", async () => {
    const rows = await prisma.$queryRaw<{ type: string | null }[]>`
      WITH RECURSIVE types("type") AS (
        (SELECT "propertyType" FROM "Project" WHERE "status" = 'completed' ORDER BY "propertyType" LIMIT 1)
        UNION ALL
        SELECT (SELECT p."propertyType" FROM "Project" p WHERE p."status" = 'completed' AND p."propertyType" > types."type" ORDER BY p."propertyType" LIMIT 1)
        FROM types WHERE types."type" IS NOT NULL
      )
      SELECT "type" FROM types WHERE "type" IS NOT NULL`;
    return rows.map((row) => row.type!);
  });
}

/** The highest id of a home on the market (0 when none is): how far the sitemap's parts go. */
export function highestListedId() {
  return cachedPublicRead("highest-listed-id", async () => {
    const [row] = await readRows<{ id: number }>(
      Prisma.sql`SELECT "id" FROM "Project" WHERE "status" = 'completed' ORDER BY "id" DESC LIMIT 1`,
    );
    return row?.id ?? 0;
  });
}

/**
 * Homes on the market with ids from `firstId` to `lastId`, for the sitemap, by id (a range of the primary key),
 * each with the time it last changed as ISO 8601 text.
 */
export function sitemapListings(firstId: number, lastId: number) {
  return readRows<{ id: number; updatedAt: string }>(
    Prisma.sql`SELECT p."id", ${isoTime('p."updatedAt"')} AS "updatedAt" FROM "Project" p
      WHERE p."status" = 'completed' AND p."id" BETWEEN ${firstId} AND ${lastId} ORDER BY p."id"`,
  );
}
