import { describe, expect, test } from "vitest";

import { normaliseOutcode, normalisePostcode, outcodeOf } from "../../app/modules/geo/postcode";

describe("normalisePostcode", () => {
  test.each([
    // Every outward shape: A9, A99, AA9, AA99, A9A, AA9A
    ["M1 1AE", "M1 1AE"],
    ["B33 8TH", "B33 8TH"],
    ["CR2 6XH", "CR2 6XH"],
    ["DN55 1PT", "DN55 1PT"],
    ["W1A 0AX", "W1A 0AX"],
    ["EC1A 1BB", "EC1A 1BB"],
    ["SW1A 1AA", "SW1A 1AA"],
    // Lower case, no space, extra or odd spacing
    ["le15ww", "LE1 5WW"],
    ["sw1a1aa", "SW1A 1AA"],
    ["  le1 5ww  ", "LE1 5WW"],
    ["L E 1 5 W W", "LE1 5WW"],
    ["le1\u00a05ww", "LE1 5WW"],
    ["Le1\t5Ww", "LE1 5WW"],
    ["le155ww", "LE15 5WW"],
    // Crown dependencies use the same format
    ["je2 3ab", "JE2 3AB"],
    ["im1 1aa", "IM1 1AA"],
    // Girobank
    ["GIR 0AA", "GIR 0AA"],
    ["gir0aa", "GIR 0AA"],
  ])("%j → %j", (input, expected) => {
    expect(normalisePostcode(input)).toBe(expected);
  });

  test.each([
    ["", "empty"],
    ["   ", "blank"],
    ["LE1", "outward code only"],
    ["5WW", "inward code only"],
    ["LE1 5W", "inward code too short"],
    ["LE1 5WWW", "inward code too long"],
    ["LE123 5WW", "district of three digits"],
    ["ABC1 5WW", "three-letter area"],
    ["1E1 5WW", "starts with a digit"],
    ["QE1 5WW", "Q never starts a postcode"],
    ["VE1 5WW", "V never starts a postcode"],
    ["XE1 5WW", "X never starts a postcode"],
    ["LI1 5WW", "I never second"],
    ["LJ1 5WW", "J never second"],
    ["LZ1 5WW", "Z never second"],
    ["W1I 0AX", "I is not a district suffix after A9"],
    ["EC1C 1BB", "C is not a district suffix after AA9"],
    ["LE1 5CW", "C never in the unit"],
    ["LE1 5WI", "I never in the unit"],
    ["LE1 5KM", "K and M never in the unit"],
    ["LE1 5OV", "O and V never in the unit"],
    ["LE1 AWW", "sector must be a digit"],
    ["LE1-5WW", "hyphen"],
    ["LE1 5WW!", "punctuation"],
    ["BFPO 1234", "BFPO number"],
    ["BFPO1234", "BFPO number without space"],
    ["ASCN 1ZZ", "overseas territory"],
    ["GIR 0AB", "not Girobank"],
    ["90210", "US ZIP code"],
    ["K1A 0B1", "Canadian postal code"],
    ["LE1 5WW".padEnd(40, " ") + "x", "oversized input"],
    ["a".repeat(10_000), "very long input"],
  ])("%j is refused (%s)", (input) => {
    expect(normalisePostcode(input)).toBeNull();
  });

  test("is idempotent", () => {
    for (const input of ["le15ww", "sw1a1aa", "gir0aa", "DN551PT"]) {
      const once = normalisePostcode(input)!;
      expect(normalisePostcode(once)).toBe(once);
    }
  });
});

describe("outcodeOf", () => {
  test.each([
    ["LE1 5WW", "LE1"],
    ["le15ww", "LE1"],
    ["SW1A 1AA", "SW1A"],
    ["DN55 1PT", "DN55"],
    ["M1 1AE", "M1"],
    ["W1A 0AX", "W1A"],
    ["GIR 0AA", "GIR"],
  ])("%j → %j", (input, expected) => {
    expect(outcodeOf(input)).toBe(expected);
  });

  test.each(["", "LE1", "not a postcode", "BFPO 1234"])("%j has none", (input) => {
    expect(outcodeOf(input)).toBeNull();
  });
});

describe("normaliseOutcode", () => {
  test.each([
    ["le1", "LE1"],
    [" sw1a ", "SW1A"],
    ["m1", "M1"],
    ["DN55", "DN55"],
  ])("%j → %j", (input, expected) => {
    expect(normaliseOutcode(input)).toBe(expected);
  });

  test.each(["", "LE", "LE1 5WW", "QE1", "LE123", "1LE"])("%j is refused", (input) => {
    expect(normaliseOutcode(input)).toBeNull();
  });
});
