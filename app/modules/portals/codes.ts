// Our listing facts in each portal's codes: one table per fact, so the BLM file, the Rightmove Real Time
// Datafeed and Zoopla's feed cannot disagree. Sources: Rightmove ADF v3 and RTDF schemas, Zoopla v1.2 schemas
// (see shared research-notes/next-features.md §1 and docs/decisions/0014-portal-feeds.md).
import type { SaleStatus } from "../../generated/prisma/enums";
import type { PropertyType, Tenure } from "../projects/options";

/** Our reference for a home on the portals: stable for the life of the home, never reused. */
export const listingRef = (projectId: number) => `MW${projectId}`;

/** Rightmove's AGENT_REF in the BLM file: the branch id, then our reference (Rightmove's advice). */
export const blmAgentRef = (branchId: number, projectId: number) => `${branchId}_${listingRef(projectId)}`;

/** What a listed home is on the portals: our sale status, or sold. */
export type PortalStatus = SaleStatus | "sold";

export const BLM_STATUS_ID: Record<Exclude<PortalStatus, "sold">, number> = {
  for_sale: 0, // Available
  sold_stc: 1, // SSTC
  under_offer: 3, // Under Offer
};

export const RTDF_STATUS: Record<Exclude<PortalStatus, "sold">, number> = {
  for_sale: 1, // Available
  sold_stc: 2, // SSTC
  under_offer: 4, // Under Offer
};

export const ZOOPLA_LIFE_CYCLE: Record<PortalStatus, string> = {
  for_sale: "available",
  under_offer: "under_offer",
  sold_stc: "sold_subject_to_contract",
  sold: "sold",
};

/** Our property types (app/modules/projects/options.ts) as Rightmove's PROP_SUB_ID / RTDF property_type. */
export const RIGHTMOVE_PROPERTY_TYPE: Record<PropertyType, number> = {
  Detached: 4,
  "Semi-Detached": 3,
  Terraced: 1,
  "Flat/Apartment": 8,
  Bungalow: 12,
  Maisonette: 11,
  Studio: 9,
  Other: 0, // Not Specified
};

/** Our property types as Zoopla's property_type. */
export const ZOOPLA_PROPERTY_TYPE: Record<PropertyType, string> = {
  Detached: "detached",
  "Semi-Detached": "semi_detached",
  Terraced: "terraced",
  "Flat/Apartment": "flat",
  Bungalow: "bungalow",
  Maisonette: "maisonette",
  Studio: "studio",
  Other: "property",
};

/** Our tenures as Rightmove's TENURE_TYPE_ID / RTDF tenure_type (Other: not sent). */
export const RIGHTMOVE_TENURE: Partial<Record<Tenure, number>> = {
  Freehold: 1,
  Leasehold: 2,
  Feuhold: 3, // Feudal
  Commonhold: 4,
};

/** Our tenures as Zoopla's tenure (Commonhold and Other: not sent; Zoopla's v1.2 schema has no commonhold). */
export const ZOOPLA_TENURE: Partial<Record<Tenure, string>> = {
  Freehold: "freehold",
  Leasehold: "leasehold",
  Feuhold: "feudal",
};

/** Every listed price is a guide price on our pages ("Guide price £…"), and so on the portals. */
export const BLM_PRICE_QUALIFIER_GUIDE = 2;
export const RTDF_PRICE_QUALIFIER_GUIDE = 2;
export const ZOOPLA_PRICE_QUALIFIER_GUIDE = "guide_price";

/** Rightmove's removal reasons (RTDF removeproperty). */
export const RTDF_REMOVAL_REASON = { sold: 7, withdrawn: 9 } as const;
/** Zoopla's deletion reasons (listing/delete). */
export const ZOOPLA_DELETION_REASON = { withdrawn: "withdrawn", completed: "completed" } as const;
