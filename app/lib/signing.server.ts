// Short HMAC signatures (SHA-256, keyed with SESSION_SECRET) for values that must not be guessable:
// payment links, the sandbox's intent ids and client secrets, the unsubscribe links of search alerts, and the
// links in viewing emails (accept a proposed slot, leave feedback).
// Each use has its own purpose label, so a signature made for one can never pass as another.
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
