// Abuse limits on sign-in, sign-up and the public forms. Counters live in the database
// (rate-limiter-flexible's Prisma store), so several server processes share them; tests use the in-memory store.
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";

type LimitOptions = { keyPrefix: string; points: number; duration: number; perIp: boolean };

const LIMITS = {
  /** Failed sign-ins for one email address: always on, whatever RATE_LIMIT_FACTOR says. */
  loginFailuresPerEmail: { keyPrefix: "login-email", points: 10, duration: 15 * 60, perIp: false },
  /** Sign-in attempts from one address. */
  loginPerIp: { keyPrefix: "login-ip", points: 30, duration: 15 * 60, perIp: true },
  /** Accounts created from one address. */
  signupPerIp: { keyPrefix: "signup-ip", points: 10, duration: 60 * 60, perIp: true },
  /** Viewing requests sent from one address (the public form and the API). */
  viewingRequestPerIp: { keyPrefix: "viewing-ip", points: 10, duration: 60 * 60, perIp: true },
  /** Contact-form messages from one address. */
  contactPerIp: { keyPrefix: "contact-ip", points: 10, duration: 60 * 60, perIp: true },
  /** Valuation requests from one address. */
  valuationPerIp: { keyPrefix: "valuation-ip", points: 10, duration: 60 * 60, perIp: true },
  /** Card payment attempts from one address: payment forms attract card testing. */
  paymentAttemptsPerIp: { keyPrefix: "payment-ip", points: 20, duration: 60 * 60, perIp: true },
} satisfies Record<string, LimitOptions>;

export type LimitName = keyof typeof LIMITS;

const limiters = new Map<LimitName, RateLimiterAbstract>();

function limiter(name: LimitName) {
  let existing = limiters.get(name);
  if (!existing) {
    const { keyPrefix, points, duration, perIp } = LIMITS[name];
    const env = getEnv();
    const options = { keyPrefix, duration, points: perIp ? Math.ceil(points * env.RATE_LIMIT_FACTOR) : points };
    existing =
      env.NODE_ENV === "test" && !process.env.RATE_LIMIT_STORE
        ? new RateLimiterMemory(options)
        : new RateLimiterPrisma({ ...options, storeClient: prisma, tableName: "rateLimiterFlexible" });
    limiters.set(name, existing);
  }
  return existing;
}

export class RateLimitError extends Error {
  override name = "RateLimitError";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

function waitText(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}

/** Throws RateLimitError when `key` has no points left under `name`; otherwise spends one. */
export async function consume(name: LimitName, key: string, message: string) {
  try {
    await limiter(name).consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new RateLimitError(`${message} Try again in ${waitText(seconds)}.`, seconds);
  }
}

/** Throws RateLimitError when `key` is already blocked, without spending a point. */
export async function ensureNotBlocked(name: LimitName, key: string, message: string) {
  const state = await limiter(name).get(key);
  if (state && state.remainingPoints <= 0 && state.msBeforeNext > 0) {
    const seconds = Math.ceil(state.msBeforeNext / 1000);
    throw new RateLimitError(`${message} Try again in ${waitText(seconds)}.`, seconds);
  }
}

export async function reset(name: LimitName, key: string) {
  await limiter(name).delete(key);
}

/** For tests: forget limiters so that changed settings take effect. */
export function resetLimiters() {
  limiters.clear();
}
