import { describe, expect, it } from "vitest";

import { changesSinceSaving, describeChange, saleStageAt } from "../../app/modules/shortlist/changes";

const saved = { priceAtSave: 300_000, statusAtSave: "completed" };
const now = (price: number, status = "completed", isPublic = true) => ({ price, status, public: isPublic });

describe("changesSinceSaving", () => {
  it("says nothing when the home is as it was", () => {
    expect(changesSinceSaving(saved, now(300_000))).toEqual([]);
  });

  it("gives the price change either way, with both prices", () => {
    expect(changesSinceSaving(saved, now(280_000))).toEqual([{ kind: "price-reduced", from: 300_000, to: 280_000 }]);
    expect(changesSinceSaving(saved, now(310_000))).toEqual([{ kind: "price-increased", from: 300_000, to: 310_000 }]);
  });

  it("puts sold first, then the price", () => {
    expect(changesSinceSaving(saved, now(290_000, "sold"))).toEqual([
      { kind: "sold" },
      { kind: "price-reduced", from: 300_000, to: 290_000 },
    ]);
    expect(changesSinceSaving({ ...saved, statusAtSave: "sold" }, now(300_000, "sold"))).toEqual([]);
    expect(changesSinceSaving({ ...saved, statusAtSave: "sold" }, now(300_000))).toEqual([{ kind: "back-on-market" }]);
  });

  it("calls a deleted home, or one no longer public, withdrawn and nothing else", () => {
    expect(changesSinceSaving(saved, null)).toEqual([{ kind: "withdrawn" }]);
    expect(changesSinceSaving(saved, now(200_000, "pending", false))).toEqual([{ kind: "withdrawn" }]);
  });
});

describe("describeChange", () => {
  it("words each change as the list shows it", () => {
    expect(describeChange({ kind: "price-reduced", from: 350_000, to: 325_000 })).toBe(
      "Price reduced from £350,000 to £325,000",
    );
    expect(describeChange({ kind: "price-increased", from: 350_000, to: 360_000 })).toBe(
      "Price increased from £350,000 to £360,000",
    );
    expect(describeChange({ kind: "sold" })).toBe("Sold");
    expect(describeChange({ kind: "withdrawn" })).toMatch(/^Withdrawn/);
  });
});

describe("sale status since saving", () => {
  const day = (n: number) => new Date(Date.UTC(2026, 10, n));
  const home = (saleStatus: "for-sale" | "under-offer" | "sold-stc", more = {}) => ({
    price: 300_000,
    status: "completed",
    public: true,
    saleStatus,
    ...more,
  });

  it("where the sale stood at saving: the sale open then, and whether its memorandum was out", () => {
    const sales = [
      { createdAt: day(10), memorandumIssuedAt: day(12), endedAt: null, state: "in_progress" },
      { createdAt: day(2), memorandumIssuedAt: null, endedAt: day(5), state: "fallen_through" },
    ];
    expect(saleStageAt(sales, day(1))).toBe("for-sale");
    expect(saleStageAt(sales, day(3))).toBe("under-offer");
    expect(saleStageAt(sales, day(6))).toBe("for-sale");
    expect(saleStageAt(sales, day(11))).toBe("under-offer");
    expect(saleStageAt(sales, day(13))).toBe("sold-stc");
  });

  it("Under offer and Sold STC since saving; For sale again after a sale fell through", () => {
    expect(changesSinceSaving(saved, home("under-offer", { saleAtSave: "for-sale" }))).toEqual([
      { kind: "under-offer" },
    ]);
    expect(changesSinceSaving(saved, home("under-offer", { saleAtSave: "under-offer" }))).toEqual([]);
    expect(changesSinceSaving(saved, home("sold-stc", { saleAtSave: "under-offer" }))).toEqual([{ kind: "sold-stc" }]);
    expect(changesSinceSaving(saved, home("sold-stc", { saleAtSave: "sold-stc" }))).toEqual([]);
    expect(changesSinceSaving(saved, home("for-sale", { saleAtSave: "sold-stc" }))).toEqual([
      { kind: "back-on-market" },
    ]);
    expect(
      changesSinceSaving(saved, home("for-sale", { saleAtSave: "for-sale", fellThroughSinceSaving: true })),
    ).toEqual([{ kind: "back-on-market" }]);
    expect(describeChange({ kind: "under-offer" })).toBe("Under offer");
    expect(describeChange({ kind: "sold-stc" })).toBe("Sold STC");
  });
});
