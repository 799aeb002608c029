// A home as the portals are sent it: the listing's facts and its media, read in one query. The BLM file and
// the real-time feeds all build from this shape.
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import type { PropertyType, Tenure } from "../projects/options";
import { type AddressParts, addressParts } from "./address";
import type { PortalStatus } from "./codes";

export const portalHomeSelect = {
  id: true,
  status: true,
  saleStatus: true,
  sendToPortals: true,
  address: true,
  postcode: true,
  latitude: true,
  longitude: true,
  price: true,
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
  councilTaxBand: true,
  epcRating: true,
  epcPotential: true,
  leaseYearsRemaining: true,
  groundRentPerYear: true,
  serviceChargePerYear: true,
  electricity: true,
  water: true,
  sewerage: true,
  broadband: true,
  floodRisk: true,
  restrictions: true,
  rightsAndEasements: true,
  listedAt: true,
  soldAt: true,
  createdAt: true,
  updatedAt: true,
  images: {
    select: { id: true, storageKey: true, contentType: true, altText: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  },
  floorPlans: {
    select: { id: true, storageKey: true, contentType: true, fileName: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  },
  documents: {
    select: { id: true, type: true, name: true, storageKey: true, contentType: true },
    orderBy: { id: "asc" },
  },
  virtualTours: { select: { url: true }, orderBy: { id: "asc" } },
} satisfies Prisma.ProjectSelect;

type Row = Prisma.ProjectGetPayload<{ select: typeof portalHomeSelect }>;

export type PortalHome = Omit<Row, "propertyType" | "tenure"> & {
  propertyType: PropertyType;
  tenure: Tenure;
  parts: AddressParts;
  /** What the portals should show: its sale status, or sold. */
  portalStatus: PortalStatus;
};

const toPortalHome = (row: Row): PortalHome => ({
  ...row,
  propertyType: row.propertyType as PropertyType,
  tenure: row.tenure as Tenure,
  parts: addressParts(row.address, row.postcode),
  portalStatus: row.status === "sold" ? "sold" : row.saleStatus,
});

/** Whether a home belongs on the portals now: listed (or sold, which the portals are told) and switched on. */
export const belongsOnPortals = (home: Pick<PortalHome, "status" | "sendToPortals">) =>
  home.sendToPortals && (home.status === "completed" || home.status === "sold");

/** One home as the portals see it, or null when it has been deleted. */
export async function loadPortalHome(projectId: number): Promise<PortalHome | null> {
  const row = await prisma.project.findUnique({ where: { id: projectId }, select: portalHomeSelect });
  return row ? toPortalHome(row) : null;
}

/** The homes the BLM file carries: on the market (for sale, under offer or Sold STC) and switched on. */
export async function portalHomesForFeed(): Promise<PortalHome[]> {
  const rows = await prisma.project.findMany({
    where: { status: "completed", sendToPortals: true },
    select: portalHomeSelect,
    orderBy: { id: "asc" },
  });
  return rows.map(toPortalHome);
}
