// The risk rating of one person's check (MLR 2017 regs. 33 and 35: enhanced due diligence). The factors
// are the ones the agency's firm-wide risk assessment names for residential sales; any one of them makes
// the rating enhanced, and the reasons are kept with the check.
export type RiskFactors = {
  politicallyExposed: boolean;
  highRiskCountry: boolean;
  companySeller: boolean;
  notMetInPerson: boolean;
  cashOrUnclearFunds: boolean;
  sanctionsMatchCleared: boolean;
};

export const RISK_FACTOR_LABELS: Record<keyof RiskFactors, string> = {
  politicallyExposed: "A politically exposed person, or a family member or close associate of one",
  highRiskCountry: "Established in, or funds from, a high-risk third country",
  companySeller: "Selling through a company or trust (beneficial owners identified)",
  notMetInPerson: "Identity checked without meeting the person or a reliable online check",
  cashOrUnclearFunds: "Cash, or a source of funds not clearly shown",
  sanctionsMatchCleared: "A possible sanctions match was cleared by a person",
};

export function riskRating(factors: Partial<RiskFactors>) {
  const reasons = (Object.keys(RISK_FACTOR_LABELS) as (keyof RiskFactors)[])
    .filter((key) => factors[key])
    .map((key) => RISK_FACTOR_LABELS[key]);
  return { rating: reasons.length ? ("enhanced" as const) : ("standard" as const), reasons };
}
