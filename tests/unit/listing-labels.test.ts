import { describe, expect, test } from "vitest";

import {
  addedToday,
  listingLabels,
  priceChangeText,
  priceReduction,
  reducedFromText,
  ukDay,
} from "../../app/modules/listings/labels";

const home = (fields: Partial<Parameters<typeof listingLabels>[0]> = {}) => ({
  status: "completed",
  price: 325_000,
  previousPrice: null,
  priceChangedAt: null,
  listedAt: "2026-11-25T09:00:00.000Z",
  ...fields,
});

describe("Added today", () => {
  test("listed on the same UK calendar day as now", () => {
    const now = new Date("2026-11-25T23:59:00Z"); // GMT in November
    expect(addedToday(home(), now)).toBe(true);
    expect(addedToday(home({ listedAt: "2026-11-25T00:00:00.000Z" }), now)).toBe(true);
    expect(addedToday(home({ listedAt: "2026-11-24T23:59:59.000Z" }), now)).toBe(false);
    expect(addedToday(home(), new Date("2026-11-26T00:00:00Z"))).toBe(false);
  });

  test("the day is London's, so in summer (BST) it starts at 23:00 UTC the evening before", () => {
    const listed = "2026-07-14T23:30:00.000Z"; // 00:30 on 15 July in London
    expect(ukDay(listed)).toBe("2026-07-15");
    expect(addedToday(home({ listedAt: listed }), new Date("2026-07-15T12:00:00Z"))).toBe(true);
    expect(addedToday(home({ listedAt: listed }), new Date("2026-07-14T22:59:00Z"))).toBe(false);
  });

  test("not for sold or unlisted homes", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(addedToday(home({ status: "sold" }), now)).toBe(false);
    expect(addedToday(home({ listedAt: null }), now)).toBe(false);
  });
});

describe("Reduced", () => {
  test("when the latest change lowered the price, with the price before", () => {
    const reduced = home({ previousPrice: 350_000, priceChangedAt: new Date("2026-11-20T10:00:00Z") });
    expect(priceReduction(reduced)).toEqual({ from: 350_000, to: 325_000, at: "2026-11-20T10:00:00.000Z" });
    expect(reducedFromText(reduced)).toBe("Reduced from £350,000");
    expect(listingLabels(reduced, new Date("2026-11-25T12:00:00Z"))).toEqual(["Added today", "Reduced"]);
    expect(listingLabels(reduced, new Date("2026-11-30T12:00:00Z"))).toEqual(["Reduced"]);
  });

  test("not after a rise, without a change, or once sold", () => {
    expect(priceReduction(home({ previousPrice: 300_000 }))).toBeNull(); // the latest change was a rise
    expect(priceReduction(home({ previousPrice: 325_000 }))).toBeNull();
    expect(priceReduction(home())).toBeNull();
    expect(priceReduction(home({ status: "sold", previousPrice: 350_000 }))).toBeNull();
    expect(reducedFromText(home())).toBeNull();
    expect(listingLabels(home(), new Date("2026-12-25T12:00:00Z"))).toEqual([]);
  });

  test("price history lines", () => {
    expect(priceChangeText({ fromPrice: 350_000, toPrice: 325_000, changedAt: "2026-11-20" })).toBe(
      "Reduced from £350,000 to £325,000",
    );
    expect(priceChangeText({ fromPrice: 300_000, toPrice: 310_000, changedAt: "2026-11-20" })).toBe(
      "Increased from £300,000 to £310,000",
    );
  });
});
