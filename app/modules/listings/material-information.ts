// The listing's "Material information", grouped as National Trading Standards' guidance groups it:
// Part A (price, tenure, council tax), Part B (every property) and Part C (where relevant). Anything the
// agency has not recorded reads 'Ask agent' rather than being left out, since an omission can mislead.
import type { Prisma } from "../../generated/prisma/client";
import { formatPrice } from "../../lib/format";

export const ASK_AGENT = "Ask agent";

/** The Project columns behind the material information, for every query that shows or edits it. */
export const materialInformationSelect = {
  councilTax: true,
  councilTaxBand: true,
  localAuthority: true,
  epcRating: true,
  epcPotential: true,
  leaseYearsRemaining: true,
  groundRentPerYear: true,
  serviceChargePerYear: true,
  construction: true,
  heating: true,
  electricity: true,
  water: true,
  sewerage: true,
  broadband: true,
  mobileCoverage: true,
  parkingDetails: true,
  floodRisk: true,
  restrictions: true,
  rightsAndEasements: true,
  buildingSafety: true,
  coalfieldOrMining: true,
} satisfies Prisma.ProjectSelect;

export type MaterialFacts = {
  price: number;
  tenure: string;
  leaseYearsRemaining: number | null;
  groundRentPerYear: number | null;
  serviceChargePerYear: number | null;
  councilTax: string | null;
  councilTaxBand: string | null;
  localAuthority: string | null;
  propertyType: string;
  construction: string | null;
  bedrooms: number;
  bathrooms: number;
  receptions: number | null;
  heating: string | null;
  electricity: string | null;
  water: string | null;
  sewerage: string | null;
  broadband: string | null;
  mobileCoverage: string | null;
  parking: boolean;
  parkingDetails: string | null;
  garden: boolean;
  accessibility: boolean;
  floodRisk: string | null;
  restrictions: string | null;
  rightsAndEasements: string | null;
  buildingSafety: string | null;
  coalfieldOrMining: string | null;
};

export type Fact = { label: string; value: string };
export type MaterialPart = { id: "a" | "b" | "c"; title: string; summary: string; facts: Fact[] };

const orAsk = (value: string | null | undefined) => (value?.trim() ? value.trim() : ASK_AGENT);
const perYear = (pounds: number | null) => (pounds === null ? ASK_AGENT : `${formatPrice(pounds)} a year`);
/** The spec's yes/no extras: recorded as true means yes; false cannot tell "no" from "not asked". */
const yesOrAsk = (value: boolean) => (value ? "Yes" : ASK_AGENT);

export function councilTaxText(facts: Pick<MaterialFacts, "councilTax" | "councilTaxBand" | "localAuthority">) {
  const band = facts.councilTaxBand ? `Band ${facts.councilTaxBand}` : facts.councilTax?.trim();
  if (!band) return ASK_AGENT;
  return facts.localAuthority ? `${band} (${facts.localAuthority})` : band;
}

/** The spec's "extra info" block: council tax, parking, garden and accessibility. */
export function extraInformation(facts: MaterialFacts): Fact[] {
  return [
    { label: "Council tax", value: councilTaxText(facts) },
    { label: "Parking", value: facts.parkingDetails?.trim() || yesOrAsk(facts.parking) },
    { label: "Garden", value: yesOrAsk(facts.garden) },
    { label: "Accessibility", value: yesOrAsk(facts.accessibility) },
  ];
}

export function materialInformation(facts: MaterialFacts): MaterialPart[] {
  const leasehold = /lease/i.test(facts.tenure);
  return [
    {
      id: "a",
      title: "Part A",
      summary: "Price, tenure and council tax",
      facts: [
        { label: "Price", value: formatPrice(facts.price) },
        { label: "Tenure", value: orAsk(facts.tenure) },
        ...(leasehold
          ? [
              {
                label: "Lease remaining",
                value: facts.leaseYearsRemaining === null ? ASK_AGENT : `${facts.leaseYearsRemaining} years`,
              },
              { label: "Ground rent", value: perYear(facts.groundRentPerYear) },
              { label: "Service charge", value: perYear(facts.serviceChargePerYear) },
            ]
          : []),
        { label: "Council tax band", value: councilTaxText(facts) },
      ],
    },
    {
      id: "b",
      title: "Part B",
      summary: "The property and its services",
      facts: [
        { label: "Property type", value: orAsk(facts.propertyType) },
        { label: "Construction", value: orAsk(facts.construction) },
        { label: "Bedrooms", value: String(facts.bedrooms) },
        { label: "Bathrooms", value: String(facts.bathrooms) },
        { label: "Reception rooms", value: facts.receptions === null ? ASK_AGENT : String(facts.receptions) },
        { label: "Heating", value: orAsk(facts.heating) },
        { label: "Electricity", value: orAsk(facts.electricity) },
        { label: "Water", value: orAsk(facts.water) },
        { label: "Sewerage", value: orAsk(facts.sewerage) },
        { label: "Broadband", value: orAsk(facts.broadband) },
        { label: "Mobile coverage", value: orAsk(facts.mobileCoverage) },
        { label: "Parking", value: facts.parkingDetails?.trim() || yesOrAsk(facts.parking) },
      ],
    },
    {
      id: "c",
      title: "Part C",
      summary: "Risks, rights and restrictions",
      facts: [
        { label: "Flood risk", value: orAsk(facts.floodRisk) },
        { label: "Accessibility and adaptations", value: yesOrAsk(facts.accessibility) },
        { label: "Restrictions", value: orAsk(facts.restrictions) },
        { label: "Rights and easements", value: orAsk(facts.rightsAndEasements) },
        { label: "Building safety", value: orAsk(facts.buildingSafety) },
        { label: "Coalfield or mining area", value: orAsk(facts.coalfieldOrMining) },
      ],
    },
  ];
}
