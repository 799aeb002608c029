// Reading listing summaries from the database: select these fields and map each row with
// toListingSummary, so every list of property cards (listings, similar homes, search) looks alike.
import { Prisma } from "../../generated/prisma/client";
import { selectedColumns } from "../../lib/sql-columns";
import { responsiveImage } from "../media/images";
import { mediaUrl } from "../media/storage.server";
import { publicSaleStatus } from "../sales/sale-status";
import type { ListingSummary } from "./summary";

export const listingSummarySelect = {
  id: true,
  address: true,
  postcode: true,
  propertyType: true,
  bedrooms: true,
  bathrooms: true,
  price: true,
  previousPrice: true,
  status: true,
  saleStatus: true,
  listedAt: true,
  // Every photo, for the card's first and its count: a few rows per listing, read by (projectId, position).
  // (`_count` would make Prisma count the photos of every listing in the database on each read.)
  images: {
    select: { storageKey: true, altText: true, width: true, height: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  },
  floorPlans: { select: { storageKey: true }, orderBy: [{ position: "asc" }, { id: "asc" }], take: 1 },
  documents: {
    select: { type: true, storageKey: true },
    where: { type: { in: ["EPC", "RICS"] } },
    orderBy: { id: "asc" },
  },
} satisfies Prisma.ProjectSelect;

export type ListingSummaryRow = Prisma.ProjectGetPayload<{ select: typeof listingSummarySelect }>;

/**
 * `listingSummarySelect` as SQL columns of the project `p`, for the public pages' reads with `readRows`
 * (db.server.ts). The rows have the same shape, so they go through `toListingSummary` the same way;
 * tests/integration/listings.test.ts compares the two reads.
 */
export const listingSummaryColumns = Prisma.sql`${selectedColumns(listingSummarySelect)},
  COALESCE((
    SELECT json_agg(json_build_object('storageKey', i."storageKey", 'altText', i."altText", 'width', i."width", 'height', i."height") ORDER BY i."position", i."id")
    FROM "ProjectImage" i WHERE i."projectId" = p."id"
  ), '[]') AS "images",
  COALESCE((
    SELECT json_agg(json_build_object('storageKey', f."storageKey"))
    FROM (SELECT "storageKey" FROM "FloorPlan" WHERE "projectId" = p."id" ORDER BY "position", "id" LIMIT 1) f
  ), '[]') AS "floorPlans",
  COALESCE((
    SELECT json_agg(json_build_object('type', d."type", 'storageKey', d."storageKey") ORDER BY d."id")
    FROM "ProjectDocument" d WHERE d."projectId" = p."id" AND d."type" IN ('EPC', 'RICS')
  ), '[]') AS "documents"`;

export function toListingSummary(row: ListingSummaryRow): ListingSummary {
  const documentUrl = (type: "EPC" | "RICS") => {
    const document = row.documents.find((d) => d.type === type);
    return document ? mediaUrl(document.storageKey) : null;
  };
  const epcUrl = documentUrl("EPC");
  const ricsUrl = documentUrl("RICS");
  const floorPlan = row.floorPlans[0];
  return {
    id: row.id,
    address: row.address,
    postcode: row.postcode,
    propertyType: row.propertyType,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    price: row.price,
    previousPrice: row.previousPrice,
    // Only public listings are summarised; anything not sold is on the market.
    status: row.status === "sold" ? "sold" : "completed",
    saleStatus: publicSaleStatus(row),
    images: row.images.slice(0, 1).map(responsiveImage),
    imageCount: row.images.length,
    hasEpc: epcUrl !== null,
    epcUrl,
    hasRics: ricsUrl !== null,
    ricsUrl,
    hasFloorPlan: floorPlan !== undefined,
    floorPlanUrl: floorPlan ? mediaUrl(floorPlan.storageKey) : null,
    listedAt: row.listedAt?.toISOString() ?? null,
  };
}
