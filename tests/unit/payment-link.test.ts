import { afterAll, beforeAll, expect, test } from "vitest";
import { reloadEnv } from "../../app/lib/env.server";
import { isValidPaymentLinkToken, paymentLink, paymentLinkToken } from "../../app/modules/payments/payment-link.server";

beforeAll(() => {
  process.env.SESSION_SECRET = "a-test-session-secret-of-at-least-32-chars";
  process.env.PUBLIC_URL = "https://homes.example.co.uk";
  reloadEnv();
});
afterAll(() => {
  delete process.env.SESSION_SECRET;
  delete process.env.PUBLIC_URL;
  reloadEnv();
});

test("a payment link carries a token for its own booking only", () => {
  const token = paymentLinkToken(31);
  expect(token).toMatch(/^[\w-]{32}$/);
  expect(paymentLink(31)).toBe(`https://homes.example.co.uk/payment/31?token=${token}`);
  expect(isValidPaymentLinkToken(31, token)).toBe(true);
  expect(isValidPaymentLinkToken(32, token)).toBe(false);
  expect(isValidPaymentLinkToken(31, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe(false);
  expect(isValidPaymentLinkToken(31, token.slice(0, 10))).toBe(false);
  expect(isValidPaymentLinkToken(31, null)).toBe(false);
  expect(isValidPaymentLinkToken(31, "")).toBe(false);
});

test("changing SESSION_SECRET revokes every link", () => {
  const before = paymentLinkToken(31);
  process.env.SESSION_SECRET = "another-test-session-secret-of-32-chars!";
  reloadEnv();
  expect(isValidPaymentLinkToken(31, before)).toBe(false);
});
