// The words of the portal admin screens (/admin/portals, the property page's Portals card), shared by the
// server and the pages.
import type { Portal, PortalAction } from "../../generated/prisma/enums";

export const PORTAL_NAMES: Record<Portal, string> = { rightmove: "Rightmove", zoopla: "Zoopla" };

/** The portals that are on, by name: "Rightmove and Zoopla". */
export const portalList = (portals: readonly Portal[]) => portals.map((portal) => PORTAL_NAMES[portal]).join(" and ");

/** Where a home stands on one portal. */
export type PortalState = "live" | "removed" | "not_sent" | "rejected" | "failed";

export const PORTAL_STATE_LABELS: Record<PortalState, string> = {
  live: "Live",
  removed: "Removed",
  not_sent: "Not sent",
  rejected: "Rejected",
  failed: "Failed",
};

const STATUS_WORDS: Record<string, string> = {
  available: "for sale",
  for_sale: "for sale",
  under_offer: "under offer",
  sold_stc: "sold STC",
  sold_subject_to_contract: "sold STC",
  sold: "sold",
  withdrawn: "withdrawn",
};

/** What we last told a portal: "Sent: under offer (price change)", "Removed: withdrawn (taken off portals)". */
export function lastToldText(listing: {
  lastAction: PortalAction | null;
  lastStatus: string | null;
  lastReason: string | null;
}) {
  if (!listing.lastAction) return "Nothing yet";
  const status = listing.lastStatus ? (STATUS_WORDS[listing.lastStatus] ?? listing.lastStatus) : "";
  const what = listing.lastAction === "send" ? "Sent" : "Removed";
  return `${what}${status ? `: ${status}` : ""}${listing.lastReason ? ` (${listing.lastReason})` : ""}`;
}

/** Our own status of a home, in words, as the portal pages show it. */
export function ourStatusText(home: {
  exists: boolean;
  status: "pending" | "completed" | "sold" | null;
  saleStatus: "for_sale" | "under_offer" | "sold_stc" | null;
  sendToPortals: boolean | null;
}) {
  if (!home.exists) return "Deleted";
  const status =
    home.status === "pending"
      ? "Not listed"
      : home.status === "sold"
        ? "Sold"
        : home.saleStatus === "under_offer"
          ? "Under offer"
          : home.saleStatus === "sold_stc"
            ? "Sold STC"
            : "For sale";
  return home.sendToPortals ? status : `${status}, not sent to portals`;
}
