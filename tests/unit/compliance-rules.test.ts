import { readFileSync } from "node:fs";

import { describe, expect, test } from "vitest";

import {
  evaluateGates,
  LISTING_GATES,
  type ListingFacts,
  MEMORANDUM_GATES,
  refusal,
  unmet,
} from "../../app/modules/compliance/gates";
import { MATCH_THRESHOLD, nameScore, normaliseName, possibleMatches } from "../../app/modules/compliance/names";
import { riskRating } from "../../app/modules/compliance/risk";
import { parseConsolidatedList, SanctionsFormatError } from "../../app/modules/compliance/sanctions-list";

const fixture = readFileSync(new URL("../fixtures/sanctions/ConList.csv", import.meta.url), "utf8");

describe("name matching", () => {
  test("normalises accents, case, punctuation and titles", () => {
    expect(normaliseName("  Mr. José  O'Brien-Smith ")).toBe("jose obrien smith");
    expect(normaliseName("Sheikh Yusuf AL-FAHRANI")).toBe("sheikh yusuf al fahrani");
  });

  test("matches whatever the order of the words, and spelling variants", () => {
    expect(nameScore(normaliseName("Dmitri Karavayev"), normaliseName("KARAVAYEV Dmitri Olegovich"))).toBe(1);
    expect(nameScore(normaliseName("Dmitriy Karavaev"), normaliseName("Dmitri KARAVAYEV"))).toBeGreaterThanOrEqual(
      MATCH_THRESHOLD,
    );
  });

  test("does not match different people, nor one word against a full name", () => {
    expect(nameScore(normaliseName("Jane Smith"), normaliseName("Dmitri Karavayev"))).toBeLessThan(MATCH_THRESHOLD);
    expect(nameScore(normaliseName("Dmitri"), normaliseName("Dmitri Karavayev"))).toBe(0);
    expect(nameScore(normaliseName("Daniel Karlsson"), normaliseName("Dmitri Karavayev"))).toBeLessThan(
      MATCH_THRESHOLD,
    );
  });

  test("gives one possible match per listed group, best first", () => {
    const { entries } = parseConsolidatedList(fixture);
    const matches = possibleMatches("Dmitry Karavaev", entries);
    expect(matches.map((m) => m.groupId)).toEqual(["99001"]);
    expect(matches[0]!.score).toBe(1);
    expect(possibleMatches("Alice Walker", entries)).toEqual([]);
  });
});

describe("the OFSI consolidated list", () => {
  test("reads the banner, the header and each alias; leaves ships out", () => {
    const list = parseConsolidatedList(`\uFEFF${fixture}`);
    expect(list.listUpdated).toBe("02/05/2025");
    expect(list.entries.map((e) => [e.groupId, e.name, e.groupType, e.aliasType])).toEqual([
      ["99001", "Dmitri Olegovich KARAVAYEV", "Individual", "Primary name"],
      ["99001", "Dmitry KARAVAEV", "Individual", "Primary name variation"],
      ["99002", "NORTHWIND TRADING LLC", "Entity", "Primary name"],
      ["99004", "Yusuf Abd al-Karim AL-FAHRANI", "Individual", "Primary name"],
      ["99004", "ABU YUSUF", "Individual", "AKA"],
    ]);
    expect(list.entries[0]!.regime).toBe("Russia");
  });

  test("refuses a file in another format", () => {
    expect(() => parseConsolidatedList("name,country\nSomeone,UK\n")).toThrow(SanctionsFormatError);
  });
});

describe("risk rating", () => {
  test("is standard with no factor and enhanced, with its reasons, with any", () => {
    expect(riskRating({})).toEqual({ rating: "standard", reasons: [] });
    const rated = riskRating({ politicallyExposed: true, cashOrUnclearFunds: true });
    expect(rated.rating).toBe("enhanced");
    expect(rated.reasons).toHaveLength(2);
    expect(rated.reasons[0]).toMatch(/politically exposed/);
  });
});

describe("gates", () => {
  const ready: ListingFacts = {
    contractSigned: true,
    paid: true,
    sellerChecks: ["passed", "passed"],
    price: 250000,
    tenure: "Freehold",
    councilTaxBand: "C",
    ownerId: 7,
    actorId: 1,
  };

  test("a home with everything done is ready to list", () => {
    expect(unmet(evaluateGates(LISTING_GATES, ready))).toEqual([]);
  });

  test.each([
    [{ contractSigned: false }, "contract_signed"],
    [{ paid: false }, "package_paid"],
    [{ sellerChecks: [] }, "sellers_checked"],
    [{ sellerChecks: ["passed", "possible_match"] }, "sellers_checked"],
    [{ councilTaxBand: null }, "material_information"],
    [{ tenure: "Ask agent" }, "material_information"],
    [{ councilTaxBand: "ask the agent" }, "material_information"],
    [{ price: 0 }, "material_information"],
    [{ actorId: 7 }, "not_own_home"],
  ] as [Partial<ListingFacts>, string][])("%o leaves %s unmet", (change, key) => {
    expect(unmet(evaluateGates(LISTING_GATES, { ...ready, ...change })).map((g) => g.key)).toEqual([key]);
  });

  test("a refusal names every missing check", () => {
    const results = evaluateGates(LISTING_GATES, { ...ready, paid: false, sellerChecks: [] });
    expect(refusal("This home cannot be listed yet", results)).toBe(
      "This home cannot be listed yet: the package is not paid; not every seller has passed the identity and anti-money-laundering check.",
    );
  });

  test("a memorandum waits for the buyer's check", () => {
    expect(unmet(evaluateGates(MEMORANDUM_GATES, { buyerCheck: "passed" }))).toEqual([]);
    expect(unmet(evaluateGates(MEMORANDUM_GATES, { buyerCheck: "in_review" }))).toHaveLength(1);
    expect(unmet(evaluateGates(MEMORANDUM_GATES, { buyerCheck: null }))).toHaveLength(1);
  });
});
