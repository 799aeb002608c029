import { expect, test } from "vitest";

import { parseEnv } from "../../app/lib/env.server";
import {
  PRICE_TEXT,
  SELLING_PACKAGE_CHARGE,
  typicalCommissionPounds,
  typicalCommissionWithVatPounds,
} from "../../app/modules/marketing/packages";

test("the selling package charges £1,495 + 20% VAT = £1,794.00, in pence", () => {
  expect(SELLING_PACKAGE_CHARGE).toEqual({ netPence: 149_500, vatPence: 29_900, totalPence: 179_400, currency: "gbp" });
});

test("a card payment charges what the marketing pages quote unless PACKAGE_NET_PENCE says otherwise", () => {
  expect(parseEnv({}).PACKAGE_NET_PENCE).toBe(SELLING_PACKAGE_CHARGE.netPence);
});

test("the marketing figures read as the spec words them", () => {
  expect(PRICE_TEXT).toMatchObject({
    introductoryFee: "£1,794 including VAT",
    introductoryFeeBreakdown: "£1,495 + VAT",
    introductoryFeeInFull: "£1,794 including VAT (£1,495 + VAT)",
    standardFee: "£2,400 including VAT",
    standardFeeBreakdown: "£2,000 + VAT",
    commission: "1% to 2%",
    portalListingTypical: "£125",
    portalListingOurs: "Free",
    epcTypical: "£125",
    epcOurs: "£60",
  });
});

test("typical commission on a £300,000 home is £3,000 to £6,000", () => {
  expect(typicalCommissionPounds(300_000)).toEqual([3000, 6000]);
  expect(typicalCommissionWithVatPounds(300_000)).toEqual([3600, 7200]);
});
