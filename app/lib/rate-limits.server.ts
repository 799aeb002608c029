// Abuse limits on sign-in, sign-up and the public forms. Counters live in the database
// (rate-limiter-flexible's Prisma store), so several server processes share them; tests use the in-memory store.
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";

import { prisma } from "./db.server";
import { getEnv } from "./env.server";
import { networkOf } from "./network";
import { ServiceError } from "./service-error";

/** `inMemory`: counted in this process only, for limits where a database write per request would cost more than it saves. */
type LimitOptions = { keyPrefix: string; points: number; duration: number; perIp: boolean; inMemory?: true };

// The sign-in limits work together (see app/modules/auth/sign-in-limits.server.ts and docs/security.md).
// Limits on one account are always on, whatever RATE_LIMIT_FACTOR says.
const LIMITS = {
  /** Sign-in attempts from one network, to any accounts. */
  loginPerIp: { keyPrefix: "login-ip", points: 30, duration: 15 * 60, perIp: true },
  /** Failed sign-ins to one account from one network: that network is then refused for that account. */
  loginFailuresPerAccountAndIp: { keyPrefix: "login-account-ip", points: 10, duration: 15 * 60, perIp: false },
  /** Failed sign-ins to one account from anywhere, by browsers it does not know: beyond it, the slow lane. */
  loginFailuresPerAccount: { keyPrefix: "login-account", points: 20, duration: 60 * 60, perIp: false },
  /** While an account's failures are used up, browsers it does not know may try once in this time, all together. */
  loginSlowLanePerAccount: { keyPrefix: "login-slow", points: 1, duration: 5 * 60, perIp: false },
  /** Failed sign-ins with one trusted-device cookie; beyond it, the cookie is no longer trusted. */
  loginFailuresPerDevice: { keyPrefix: "login-device", points: 10, duration: 15 * 60, perIp: false },
  /** Wrong current passwords for a signed-in account (changing the password, closing the account). */
  passwordChecksPerAccount: { keyPrefix: "password-check", points: 10, duration: 15 * 60, perIp: false },
  /** "Forgot password" requests from one network. */
  passwordResetPerIp: { keyPrefix: "reset-ip", points: 10, duration: 60 * 60, perIp: true },
  /** Uses of emailed links (confirm the address, reset the password, unlock) from one network. */
  accountLinksPerIp: { keyPrefix: "account-link-ip", points: 30, duration: 15 * 60, perIp: true },
  /** Mails a stranger can have sent to one address (reset links, "someone tried to sign up"); beyond it none are sent. */
  unsolicitedMailPerAddress: { keyPrefix: "mail-address", points: 5, duration: 60 * 60, perIp: false },
  /** Verification emails an account asks for again. */
  verificationMailPerAccount: { keyPrefix: "verify-mail", points: 3, duration: 60 * 60, perIp: false },
  /** Accounts created from one address. */
  signupPerIp: { keyPrefix: "signup-ip", points: 10, duration: 60 * 60, perIp: true },
  /** Viewing requests sent from one address (the public form and the API). */
  viewingRequestPerIp: { keyPrefix: "viewing-ip", points: 10, duration: 60 * 60, perIp: true },
  /** Contact-form messages from one address. */
  contactPerIp: { keyPrefix: "contact-ip", points: 10, duration: 60 * 60, perIp: true },
  /** Valuation requests from one address. */
  valuationPerIp: { keyPrefix: "valuation-ip", points: 10, duration: 60 * 60, perIp: true },
  /** Offers and new offer amounts one buyer's account sends (the seller and the agency get an email for each). */
  offersPerAccount: { keyPrefix: "offer-account", points: 20, duration: 60 * 60, perIp: false },
  /** Proofs of funds one buyer's account sends on its own (each is up to 10 MB, decoded to check it is whole). */
  proofsPerAccount: { keyPrefix: "proof-account", points: 20, duration: 60 * 60, perIp: false },
  /** Changes to a viewing's feedback after the first, from the emailed link (each is mailed to the seller). */
  feedbackEditsPerViewing: { keyPrefix: "feedback-edit", points: 5, duration: 24 * 60 * 60, perIp: false },
  /** Card payment attempts from one address: payment forms attract card testing. */
  paymentAttemptsPerIp: { keyPrefix: "payment-ip", points: 20, duration: 60 * 60, perIp: true },
  /** CSP violations logged from one address (beyond it a report is refused, so a flood cannot fill the logs). */
  cspReportsPerIp: { keyPrefix: "csp-ip", points: 30, duration: 60, perIp: true, inMemory: true },
  /**
   * CSP violations logged from everyone together (one key for all). `perIp` only scales it by RATE_LIMIT_FACTOR,
   * like the per-address limits, so a test server's many reports from one address still reach it last.
   */
  cspReportsOverall: { keyPrefix: "csp-all", points: 300, duration: 60, perIp: true, inMemory: true },
} satisfies Record<string, LimitOptions>;

export type LimitName = keyof typeof LIMITS;

const limiters = new Map<LimitName, RateLimiterAbstract>();

function limiter(name: LimitName) {
  let existing = limiters.get(name);
  if (!existing) {
    const { keyPrefix, points, duration, perIp, inMemory } = LIMITS[name] as LimitOptions;
    const env = getEnv();
    const options = { keyPrefix, duration, points: perIp ? Math.ceil(points * env.RATE_LIMIT_FACTOR) : points };
    existing =
      inMemory || (env.NODE_ENV === "test" && !process.env.RATE_LIMIT_STORE)
        ? new RateLimiterMemory(options)
        : new RateLimiterPrisma({ ...options, storeClient: prisma, tableName: "rateLimiterFlexible" });
    limiters.set(name, existing);
  }
  return existing;
}

/** A per-address limit counts the address's network (an IPv6 /64: see network.ts); the others count `key` itself. */
const keyOf = (name: LimitName, key: string) => ((LIMITS[name] as LimitOptions).perIp ? networkOf(key) : key);

function waitText(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}

const tooMany = (message: string, seconds: number) =>
  new ServiceError(429, `${message} Try again in ${waitText(seconds)}.`, { retryAfterSeconds: seconds });

/** Throws a 429 ServiceError when `key` has no points left under `name`; otherwise spends one. */
export async function consume(name: LimitName, key: string, message: string) {
  try {
    await limiter(name).consume(keyOf(name, key));
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw tooMany(message, seconds);
  }
}

/** Throws a 429 ServiceError when `key` is already blocked, without spending a point. */
export async function ensureNotBlocked(name: LimitName, key: string, message: string) {
  const state = await limiter(name).get(keyOf(name, key));
  if (state && state.remainingPoints <= 0 && state.msBeforeNext > 0) {
    const seconds = Math.ceil(state.msBeforeNext / 1000);
    throw tooMany(message, seconds);
  }
}

/** Spends one of `key`'s points without refusing anything; true when that used up the last one. */
export async function countFailure(name: LimitName, key: string) {
  const state = await limiter(name).penalty(keyOf(name, key), 1);
  return state.consumedPoints === limiter(name).points;
}

/** Whether `key` has no points left under `name` (nothing is spent). */
export async function isUsedUp(name: LimitName, key: string) {
  const state = await limiter(name).get(keyOf(name, key));
  return Boolean(state && state.remainingPoints <= 0 && state.msBeforeNext > 0);
}

/** Spends `points` if there are that many left; false when `key` had too few (for limits that refuse silently). */
export async function tryConsume(name: LimitName, key: string, points = 1) {
  try {
    await limiter(name).consume(keyOf(name, key), points);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

export async function reset(name: LimitName, key: string) {
  await limiter(name).delete(keyOf(name, key));
}

/** For tests: forget limiters so that changed settings take effect. */
export function resetLimiters() {
  limiters.clear();
}
