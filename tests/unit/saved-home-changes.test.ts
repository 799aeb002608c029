import { describe, expect, it } from "vitest";

import { changesSinceSaving, describeChange } from "../../app/modules/shortlist/changes";

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
