// Option lists for the check forms (zod-free, so the browser may import them).
import type { RiskFactors } from "./risk";

export const SELLER_CAPACITIES = ["owner", "joint owner", "beneficial owner"] as const;
export type SellerCapacity = (typeof SELLER_CAPACITIES)[number];

export const RISK_FACTOR_KEYS = [
  "politicallyExposed",
  "highRiskCountry",
  "companySeller",
  "notMetInPerson",
  "cashOrUnclearFunds",
] as const satisfies readonly (keyof RiskFactors)[];

export const CHECK_STATUS_LABELS = {
  pending: "Waiting for documents",
  in_review: "Waiting for the agency",
  possible_match: "Stopped: possible sanctions match",
  passed: "Passed",
  failed: "Not passed",
} as const;

export const SAR_SUBJECT_MAX = 200;
export const TEXT_MAX = 4000;
