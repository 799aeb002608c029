// Short HMAC signatures (SHA-256, keyed with SESSION_SECRET) for values that must not be guessable:
// payment links, the sandbox's intent ids and client secrets, the unsubscribe links of search alerts, and the
// links in viewing emails (accept a proposed slot, leave feedback).
// Each use has its own purpose label, so a signature made for one can never pass as another, and every link
// that goes out by email names the day it expires, signed with what it is for (expiringToken).
import { createHmac, timingSafeEqual } from "node:crypto";

import { getEnv } from "./env.server";

type Purpose =
  | "payment-link"
  | "sandbox-intent"
  | "sandbox-secret"
  | "alert-unsubscribe"
  | "viewing-response" // the requester accepts a proposed slot from the email
  | "viewing-feedback"; // the requester leaves feedback from the email

export function sign(purpose: Purpose, value: string) {
  return createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`${purpose}:v1:${value}`)
    .digest("base64url")
    .slice(0, 32);
}

/** Compares in constant time, so the response time says nothing about how much of a guess was right. */
export function hasValidSignature(purpose: Purpose, value: string, signature: string | null | undefined) {
  if (!signature) return false;
  const expected = Buffer.from(sign(purpose, value));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRING = /^([0-9a-z]{1,8})_([\w-]{1,64})$/;

/**
 * A token for an emailed link: the day it expires (whole days since 1970, in base 36), an underscore (base 36
 * has none), then the signature of `value` and that day together, so the day cannot be moved. The link works
 * until the start of that day (UTC), which is `expiresAt` rounded up to a whole day.
 */
export function expiringToken(purpose: Purpose, value: string, expiresAt: Date) {
  const day = Math.ceil(expiresAt.getTime() / DAY_MS);
  return `${day.toString(36)}_${sign(purpose, `${value}:${day}`)}`;
}

/** "valid", "expired" (ours, for this value, but its day has come) or "invalid" (not one we made for it). */
export function checkExpiringToken(
  purpose: Purpose,
  value: string,
  token: string | null | undefined,
  now = new Date(),
): "valid" | "expired" | "invalid" {
  const match = token ? EXPIRING.exec(token) : null;
  if (!match) return "invalid";
  const day = parseInt(match[1]!, 36);
  if (!hasValidSignature(purpose, `${value}:${day}`, match[2])) return "invalid";
  return day * DAY_MS > now.getTime() ? "valid" : "expired";
}
