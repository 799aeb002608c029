import { describe, expect, test } from "vitest";

import {
  brandOf,
  chargedAfterAuthentication,
  expiryProblem,
  passesLuhn,
  SandboxCardSchema,
  sandboxOutcome,
  SUCCEEDING_TEST_CARDS,
} from "../../app/modules/payments/sandbox-cards";

const card = (overrides: Record<string, string> = {}) => ({
  cardNumber: "4242 4242 4242 4242",
  expiry: "12 / 34",
  cvc: "123",
  postcode: "le1 6ej",
  ...overrides,
});
const errorsOf = (input: Record<string, string>) => {
  const result = SandboxCardSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("the Luhn check and brands", () => {
  test("every documented test card passes; a changed last digit fails", () => {
    for (const number of [
      ...SUCCEEDING_TEST_CARDS,
      "4000000000000002",
      "4000000000009995",
      "4000002500003155",
      "4000008400001629",
    ]) {
      expect(passesLuhn(number), number).toBe(true);
    }
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("4242 4242 4242 4242")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });

  test.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["3056930009020004", "diners"],
    ["36227206271667", "diners"],
    ["3566002020360505", "jcb"],
    ["6200000000000005", "unionpay"],
    ["9999999999999995", "unknown"],
  ])("%s is %s", (number, brand) => {
    expect(brandOf(number)).toBe(brand);
  });
});

describe("what a test card does (Stripe's documented outcomes)", () => {
  test("4242 4242 4242 4242 and the other brand cards succeed", () => {
    for (const number of SUCCEEDING_TEST_CARDS) expect(sandboxOutcome(number)).toEqual({ kind: "succeeds" });
  });

  test("decline cards are declined with Stripe's messages", () => {
    expect(sandboxOutcome("4000000000000002")).toEqual({
      kind: "declines",
      code: "generic_decline",
      message: "Your card was declined.",
    });
    expect(sandboxOutcome("4000000000009995")).toMatchObject({
      code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });
    expect(sandboxOutcome("4000000000009987")).toMatchObject({ code: "lost_card", message: "Your card was declined." });
    expect(sandboxOutcome("4000000000000069")).toMatchObject({
      code: "expired_card",
      message: "Your card has expired.",
    });
    expect(sandboxOutcome("4000000000000127")).toMatchObject({
      code: "incorrect_cvc",
      message: "Your card's security code is incorrect.",
    });
  });

  test("3-D Secure cards ask for authentication; 4000 0084 0000 1629 is then declined", () => {
    expect(sandboxOutcome("4000002500003155")).toEqual({ kind: "authenticates", then: "succeeds" });
    expect(sandboxOutcome("4000008400001629")).toEqual({ kind: "authenticates", then: "declines" });
    expect(chargedAfterAuthentication("3155")).toBe(true);
    expect(chargedAfterAuthentication("3184")).toBe(true);
    expect(chargedAfterAuthentication("1629")).toBe(false);
    expect(chargedAfterAuthentication("4242")).toBe(false);
  });

  test("a card that is not a test card is declined: no real card can be charged here", () => {
    expect(sandboxOutcome("4111111111111111")).toMatchObject({
      kind: "declines",
      code: "live_card_in_sandbox",
      message: expect.stringContaining("sandbox"),
    });
  });
});

describe("expiry dates", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  test.each([
    ["12 / 34", null],
    ["11/26", null],
    ["1126", null],
    ["10/26", "Your card's expiry date is in the past."],
    ["13/30", "Your card's expiry month is invalid."],
    ["00/30", "Your card's expiry month is invalid."],
    ["1/2", "Your card's expiry date is incomplete."],
    ["next year", "Your card's expiry date is incomplete."],
    ["12/99", "Your card's expiry year is invalid."],
  ])("%s → %s", (typed, problem) => {
    expect(expiryProblem(typed, now)).toBe(problem);
  });
});

describe("the card form schema", () => {
  test("accepts a test card, keeping only digits and an upper-case postcode", () => {
    expect(SandboxCardSchema.parse(card())).toEqual({
      cardNumber: "4242424242424242",
      expiry: "12 / 34",
      cvc: "123",
      postcode: "LE1 6EJ",
    });
    expect(SandboxCardSchema.parse(card({ cardNumber: "4242-4242-4242-4242" })).cardNumber).toBe("4242424242424242");
  });

  test("explains each problem in the words of Stripe's card field", () => {
    expect(errorsOf({})).toEqual({
      cardNumber: "Your card number is incomplete.",
      expiry: "Your card's expiry date is incomplete.",
      cvc: "Your card's security code is incomplete.",
      postcode: "Your postcode is incomplete.",
    });
    expect(errorsOf(card({ cardNumber: "4242 4242 4242 4241" }))).toEqual({
      cardNumber: "Your card number is invalid.",
    });
    expect(errorsOf(card({ cardNumber: "4242 4242" }))).toEqual({ cardNumber: "Your card number is incomplete." });
    expect(errorsOf(card({ cardNumber: "4242 abcd 4242 4242" }))).toEqual({
      cardNumber: "Your card number is invalid.",
    });
    expect(errorsOf(card({ expiry: "01/20" }))).toEqual({ expiry: "Your card's expiry date is in the past." });
    expect(errorsOf(card({ cvc: "12" }))).toEqual({ cvc: "Your card's security code is incomplete." });
    expect(errorsOf(card({ postcode: "L$1" }))).toEqual({ postcode: "Your postcode is invalid." });
  });

  test("American Express takes a four-digit security code", () => {
    expect(errorsOf(card({ cardNumber: "3782 822463 10005", cvc: "123" }))).toEqual({
      cvc: "Your card's security code is incomplete.",
    });
    expect(errorsOf(card({ cardNumber: "3782 822463 10005", cvc: "1234" }))).toEqual({});
  });
});
