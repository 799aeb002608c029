// Listings in the spec's "Property (search results)" shape, for the /api/v1/properties endpoints.
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { formatDate, formatPrice } from "../../lib/format";
import { cachedPublicRead } from "../../lib/public-read-cache.server";
import { priceReduction } from "../listings/labels";
import { mediaUrl } from "../media/storage.server";
import { publicSaleStatus } from "../sales/sale-status";
import type { SearchFilters } from "./filters";
import { searchListings } from "./search.server";

const AGENT = "MoveWise";
const LISTED: Prisma.ProjectWhereInput = { status: { in: ["completed", "sold"] } };

const propertySelect = {
  id: true,
  status: true,
  saleStatus: true,
  address: true,
  postcode: true,
  price: true,
  previousPrice: true,
  priceChangedAt: true,
  propertyType: true,
  bedrooms: true,
  bathrooms: true,
  sizeSqft: true,
  tenure: true,
  description: true,
  keyFeatures: true,
  epcRating: true,
  councilTaxBand: true,
  latitude: true,
  longitude: true,
  listedAt: true,
  images: { select: { storageKey: true, altText: true }, orderBy: { position: "asc" } },
  floorPlans: { select: { storageKey: true }, orderBy: { position: "asc" }, take: 1 },
} as const;

type PropertyRow = Awaited<ReturnType<typeof findProperties>>[number];

function findProperties(ids: number[]) {
  return prisma.project.findMany({ where: { id: { in: ids }, ...LISTED }, select: propertySelect });
}

const firstParagraph = (text: string) => text.split(/\n\s*\n/)[0]?.trim() ?? "";

export function toApiProperty(row: PropertyRow, distanceMiles?: number | null) {
  const reduction = priceReduction(row);
  return {
    id: row.id,
    title: `${row.bedrooms} bedroom ${row.propertyType.toLowerCase()} for sale`,
    address: row.address,
    postcode: row.postcode,
    price: formatPrice(row.price),
    priceNumeric: row.price,
    previousPrice: reduction?.from ?? null,
    priceReducedAt: reduction?.at ?? null,
    propertyType: row.propertyType,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    description: firstParagraph(row.description),
    fullDescription: row.description,
    addedDate: row.listedAt ? formatDate(row.listedAt) : null,
    agent: AGENT,
    images: row.images.map((i) => mediaUrl(i.storageKey)),
    keyFeatures: row.keyFeatures,
    floorPlan: row.floorPlans[0] ? mediaUrl(row.floorPlans[0].storageKey) : null,
    size: row.sizeSqft ? `${row.sizeSqft.toLocaleString("en-GB")} sq ft` : null,
    energyRating: row.epcRating,
    councilTaxBand: row.councilTaxBand,
    tenure: row.tenure,
    status: row.status === "sold" ? "Sold" : "For sale",
    saleStatus: publicSaleStatus(row),
    latitude: row.latitude,
    longitude: row.longitude,
    ...(distanceMiles !== undefined ? { distanceMiles } : {}),
  };
}

export type ApiProperty = ReturnType<typeof toApiProperty>;

/** One page of search results in the API's property shape, in the search's order. */
export function searchProperties(filters: SearchFilters) {
  return cachedPublicRead(`search-api:${JSON.stringify(filters)}`, () => loadSearchProperties(filters));
}

async function loadSearchProperties(filters: SearchFilters) {
  const result = await searchListings(filters);
  const rows = new Map((await findProperties(result.matches.map((m) => m.id))).map((r) => [r.id, r]));
  const data = result.matches.flatMap((m) => {
    const row = rows.get(m.id);
    return row ? [toApiProperty(row, m.distanceMiles)] : [];
  });
  return { ...result, data };
}

export function getProperty(id: number) {
  return cachedPublicRead(`property:${id}`, async () => {
    const [row] = await findProperties([id]);
    return row ? toApiProperty(row) : null;
  });
}

/** The newest listings still for sale, for the home page and the API. */
export function featuredProperties(limit = 6) {
  return cachedPublicRead(`featured:${limit}`, async () => {
    const rows = await prisma.project.findMany({
      where: { status: "completed" },
      select: propertySelect,
      orderBy: [{ listedAt: "desc" }, { id: "desc" }],
      take: limit,
    });
    return rows.map((r) => toApiProperty(r));
  });
}
