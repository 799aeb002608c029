// What the public sees of a listed home while it is sold: For sale → Under offer → Sold STC → Sold.
// Cards, the property page, search and the public API all read it from here.
import type { ProjectStatus, SaleStatus } from "../../generated/prisma/enums";

export const PUBLIC_SALE_STATUSES = ["for-sale", "under-offer", "sold-stc", "sold"] as const;
export type PublicSaleStatus = (typeof PUBLIC_SALE_STATUSES)[number];

export const PUBLIC_SALE_STATUS_LABELS: Record<PublicSaleStatus, string> = {
  "for-sale": "For sale",
  "under-offer": "Under offer",
  "sold-stc": "Sold STC",
  sold: "Sold",
};

/** A sold home is Sold whatever its sale status says; a listed one shows where its sale has got to. */
export function publicSaleStatus(home: { status: ProjectStatus; saleStatus: SaleStatus }): PublicSaleStatus {
  if (home.status === "sold") return "sold";
  return home.saleStatus === "under_offer" ? "under-offer" : home.saleStatus === "sold_stc" ? "sold-stc" : "for-sale";
}
