import { afterAll, beforeAll, expect, test } from "vitest";

import { reloadEnv } from "../../app/lib/env.server";
import {
  isValidPaymentLinkToken,
  PAYMENT_LINK_DAYS,
  paymentLink,
  paymentLinkExpiry,
  paymentLinkToken,
} from "../../app/modules/payments/payment-link.server";

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

const booking = { id: 31, paymentLinkVersion: 1 };
const DAY = 24 * 60 * 60 * 1000;

test("a payment link carries a token for its own booking only", () => {
  const token = paymentLinkToken(booking);
  expect(token).toMatch(/^[0-9a-z]+_[\w-]{32}$/);
  expect(paymentLink(booking)).toBe(`https://homes.example.co.uk/payment/31?token=${token}`);
  expect(isValidPaymentLinkToken(booking, token)).toBe(true);
  expect(isValidPaymentLinkToken({ ...booking, id: 32 }, token)).toBe(false);
  expect(isValidPaymentLinkToken(booking, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe(false);
  expect(isValidPaymentLinkToken(booking, token.slice(0, 10))).toBe(false);
  expect(isValidPaymentLinkToken(booking, null)).toBe(false);
  expect(isValidPaymentLinkToken(booking, "")).toBe(false);
});

test(`a link works for ${PAYMENT_LINK_DAYS} days, then expires; its expiry cannot be moved`, () => {
  const madeAt = new Date("2026-11-25T15:00:00Z");
  const token = paymentLinkToken(booking, madeAt);
  expect(paymentLinkToken(booking, new Date("2026-11-25T23:59:59Z"))).toBe(token);
  expect(isValidPaymentLinkToken(booking, token, new Date(madeAt.getTime() + PAYMENT_LINK_DAYS * DAY))).toBe(true);
  const expiry = paymentLinkExpiry(madeAt);
  expect(expiry.getTime() - madeAt.getTime()).toBeGreaterThanOrEqual(PAYMENT_LINK_DAYS * DAY);
  expect(expiry.getTime() - madeAt.getTime()).toBeLessThanOrEqual((PAYMENT_LINK_DAYS + 1) * DAY);
  expect(isValidPaymentLinkToken(booking, token, new Date(expiry.getTime() - 1))).toBe(true);
  expect(isValidPaymentLinkToken(booking, token, expiry)).toBe(false);
  // A later expiry day with the old signature is refused: the day is part of what is signed.
  const [day, signature] = token.split(/_(.*)/s);
  const extended = `${(parseInt(day!, 36) + 365).toString(36)}_${signature}`;
  expect(isValidPaymentLinkToken(booking, extended, madeAt)).toBe(false);
});

test("raising the booking's link version revokes its links; changing SESSION_SECRET revokes every link", () => {
  const before = paymentLinkToken(booking);
  expect(isValidPaymentLinkToken({ ...booking, paymentLinkVersion: 2 }, before)).toBe(false);
  expect(
    isValidPaymentLinkToken(
      { ...booking, paymentLinkVersion: 2 },
      paymentLinkToken({ ...booking, paymentLinkVersion: 2 }),
    ),
  ).toBe(true);
  process.env.SESSION_SECRET = "another-test-session-secret-of-32-chars!";
  reloadEnv();
  expect(isValidPaymentLinkToken(booking, before)).toBe(false);
});
