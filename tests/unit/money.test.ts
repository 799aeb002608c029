import { expect, test } from "vitest";

import {
  formatPence,
  formatPenceShort,
  includingVatText,
  plusVatText,
  VAT_PERCENT,
  vatIncluded,
  withVat,
} from "../../app/lib/money";

test("VAT is 20% of the net amount, in whole pence, rounded half up", () => {
  expect(VAT_PERCENT).toBe(20);
  expect(withVat(149_500)).toEqual({ netPence: 149_500, vatPence: 29_900, grossPence: 179_400 });
  expect(withVat(1)).toEqual({ netPence: 1, vatPence: 0, grossPence: 1 });
  expect(withVat(3)).toEqual({ netPence: 3, vatPence: 1, grossPence: 4 });
  expect(() => withVat(1.5)).toThrow(RangeError);
});

test("the VAT inside a total comes back to the same net amount", () => {
  expect(vatIncluded(179_400)).toEqual({ netPence: 149_500, vatPence: 29_900, grossPence: 179_400 });
  for (const net of [1, 99, 12_345, 200_000]) expect(vatIncluded(withVat(net).grossPence).netPence).toBe(net);
});

test("consumer prices read with VAT first and the spec's breakdown beside them", () => {
  expect(includingVatText(149_500)).toBe("£1,794 including VAT");
  expect(plusVatText(149_500)).toBe("£1,495 + VAT");
  expect(includingVatText(200_000)).toBe("£2,400 including VAT");
  expect(formatPence(179_400)).toBe("£1,794.00");
  expect(formatPenceShort(179_450)).toBe("£1,794.50");
});
