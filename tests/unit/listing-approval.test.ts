import { expect, test } from "vitest";

import {
  approvalState,
  changedSections,
  fingerprintListing,
  type ListingContent,
} from "../../app/modules/listings/approval";

const content: ListingContent = {
  address: "1 Test Street, Leicester LE1 1AA",
  price: 250_000,
  propertyType: "Detached",
  bedrooms: 3,
  bathrooms: 1,
  receptions: null,
  sizeSqft: null,
  tenure: "Freehold",
  keyFeatures: ["Garden"],
  description: "A home.",
  parking: false,
  garden: true,
  accessibility: false,
  virtualTourUrl: null,
  personalInterest: null,
  images: [{ storageKey: "public/a.jpg", altText: "Front" }],
  floorPlans: [],
  documents: [],
  virtualTours: [],
  councilTax: null,
  councilTaxBand: "C",
  localAuthority: null,
  epcRating: null,
  epcPotential: null,
  leaseYearsRemaining: null,
  groundRentPerYear: null,
  serviceChargePerYear: null,
  construction: null,
  heating: null,
  electricity: null,
  water: null,
  sewerage: null,
  broadband: null,
  mobileCoverage: null,
  parkingDetails: null,
  floodRisk: null,
  restrictions: null,
  rightsAndEasements: null,
  buildingSafety: null,
  coalfieldOrMining: null,
};

test("the same content has the same fingerprint; any change buyers would see changes it, in its section", () => {
  const base = fingerprintListing(content);
  expect(base.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  expect(fingerprintListing({ ...content }).fingerprint).toBe(base.fingerprint);
  const cases: [Partial<ListingContent>, string][] = [
    [{ images: [{ storageKey: "public/a.jpg", altText: "Back" }] }, "photos"],
    [{ description: "A lovely home." }, "description"],
    [{ councilTaxBand: "D" }, "material"],
    [{ personalInterest: "The seller is our director's brother." }, "material"],
    [{ price: 249_999 }, "price"],
  ];
  for (const [change, section] of cases) {
    const changed = fingerprintListing({ ...content, ...change });
    expect(changed.fingerprint).not.toBe(base.fingerprint);
    expect(changedSections(base.sections, changed)).toEqual([section]);
  }
  // The order of the photos is part of what buyers see.
  const two = { ...content, images: [...content.images, { storageKey: "public/b.jpg", altText: "Back" }] };
  const swapped = { ...two, images: [...two.images].reverse() };
  expect(fingerprintListing(two).fingerprint).not.toBe(fingerprintListing(swapped).fingerprint);
});

test("an approval holds only for the fingerprint it was given", () => {
  const now = fingerprintListing(content);
  const at = new Date("2026-12-01T10:00:00Z");
  const later = new Date("2026-12-02T10:00:00Z");
  expect(approvalState(null, now, null)).toBe("not-requested");
  expect(approvalState(null, now, at)).toBe("awaiting");
  expect(approvalState({ decision: "approved", fingerprint: now.fingerprint, createdAt: at }, now, at)).toBe(
    "approved",
  );
  expect(approvalState({ decision: "approved", fingerprint: "0".repeat(64), createdAt: at }, now, at)).toBe("changed");
  expect(
    approvalState({ decision: "changes_requested", fingerprint: now.fingerprint, createdAt: later }, now, at),
  ).toBe("changes-requested");
  expect(
    approvalState({ decision: "changes_requested", fingerprint: now.fingerprint, createdAt: at }, now, later),
  ).toBe("awaiting");
});
