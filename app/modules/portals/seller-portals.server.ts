// What a seller sees of their home on the portals (the Overview tab): live with a link to the portal's page,
// on its way, taken off, or switched off by the agency. The portal's errors stay with the agency (/admin/portals).
import type { Portal } from "../../generated/prisma/enums";
import { prisma } from "../../lib/db.server";
import { activePortals } from "./settings.server";

export const PORTAL_NAMES: Record<Portal, string> = { rightmove: "Rightmove", zoopla: "Zoopla" };

export type SellerPortalLine = {
  portal: Portal;
  name: string;
  /** live: the portal shows it; sending: on its way (or being corrected by the agency); removed: taken off; off: switched off. */
  state: "live" | "sending" | "removed" | "off";
  url: string | null;
  updatedAt: string | null;
};

/** One line per portal the home is or could be on; none while it is not listed and never was. */
export async function sellerPortalLines(projectId: number): Promise<SellerPortalLine[]> {
  const [home, rows] = await Promise.all([
    prisma.project.findUnique({ where: { id: projectId }, select: { status: true, sendToPortals: true } }),
    prisma.portalListing.findMany({ where: { projectId } }),
  ]);
  if (!home || (home.status === "pending" && rows.length === 0)) return [];
  const portals = new Set<Portal>([...activePortals(), ...rows.map((row) => row.portal)]);
  return [...portals].sort().map((portal) => {
    const row = rows.find((r) => r.portal === portal);
    const state: SellerPortalLine["state"] = row?.live
      ? "live"
      : !home.sendToPortals
        ? "off"
        : home.status === "completed"
          ? "sending"
          : "removed";
    return {
      portal,
      name: PORTAL_NAMES[portal],
      state,
      url: row?.live ? row.portalUrl : null,
      updatedAt: row?.lastAttemptAt?.toISOString() ?? null,
    };
  });
}
