// What must be true before a home is listed, and before a memorandum of sale is issued. Each gate is a
// named check over facts the server loads, so a new one is one more entry in the list.
export type ListingFacts = {
  contractSigned: boolean;
  paid: boolean;
  /** Each seller's check status; an empty list means no seller has been checked yet. */
  sellerChecks: string[];
  price: number;
  tenure: string;
  councilTaxBand: string | null;
  ownerId: number | null;
  actorId: number | null;
};

export type Gate<Facts> = { key: string; label: string; met: (facts: Facts) => boolean; missing: string };

export type GateResult = { key: string; label: string; met: boolean; missing: string | null };

const ASK_AGENT = /ask\s*(the\s*)?agent/i;
const given = (value: string | null | undefined) => Boolean(value?.trim()) && !ASK_AGENT.test(value ?? "");

export const LISTING_GATES: Gate<ListingFacts>[] = [
  {
    key: "contract_signed",
    label: "The seller has signed the contract",
    met: (f) => f.contractSigned,
    missing: "the seller has not signed the contract",
  },
  {
    key: "package_paid",
    label: "The package is paid",
    met: (f) => f.paid,
    missing: "the package is not paid",
  },
  {
    key: "sellers_checked",
    label: "Every seller has passed the identity and anti-money-laundering check",
    met: (f) => f.sellerChecks.length > 0 && f.sellerChecks.every((status) => status === "passed"),
    missing: "not every seller has passed the identity and anti-money-laundering check",
  },
  {
    key: "material_information",
    label: "Part A of the material information is complete (price, tenure, council tax band)",
    met: (f) => f.price > 0 && given(f.tenure) && given(f.councilTaxBand),
    missing: "Part A of the material information is incomplete (price, tenure and council tax band)",
  },
  {
    key: "not_own_home",
    label: "Listed by a member of staff who is not the seller",
    met: (f) => f.actorId === null || f.ownerId === null || f.actorId !== f.ownerId,
    missing: "a member of staff may not list their own home",
  },
];

export type MemorandumFacts = { buyerCheck: string | null };

export const MEMORANDUM_GATES: Gate<MemorandumFacts>[] = [
  {
    key: "buyer_checked",
    label: "The buyer has passed the identity and anti-money-laundering check",
    met: (f) => f.buyerCheck === "passed",
    missing: "the buyer has not passed the identity and anti-money-laundering check",
  },
];

export function evaluateGates<Facts>(gates: Gate<Facts>[], facts: Facts): GateResult[] {
  return gates.map((gate) => {
    const met = gate.met(facts);
    return { key: gate.key, label: gate.label, met, missing: met ? null : gate.missing };
  });
}

export const unmet = (results: GateResult[]) => results.filter((result) => !result.met);

/** "This home cannot be listed yet: the package is not paid; …" */
export const refusal = (what: string, results: GateResult[]) =>
  `${what}: ${unmet(results)
    .map((result) => result.missing)
    .join("; ")}.`;
