// The single-use links mailed to an account's address (see the AccountToken model): 32 random bytes in the
// link, and only their HMAC-SHA256 keyed with SESSION_SECRET in the database.
import { createHmac, randomBytes } from "node:crypto";

import type { AccountTokenPurpose, Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { fieldError } from "../../lib/service-error";

type Db = Prisma.TransactionClient | typeof prisma;

export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  unlock_sign_in: 60 * 60 * 1000,
};

const PAGES: Record<AccountTokenPurpose, string> = {
  verify_email: "/verify-email",
  reset_password: "/reset-password",
  unlock_sign_in: "/unlock-account",
};

// The purpose is part of what is hashed, so a link made for one thing never works for another.
const hashOf = (purpose: AccountTokenPurpose, token: string) =>
  createHmac("sha256", getEnv().SESSION_SECRET).update(`${purpose}:${token}`).digest("hex");

export const INVALID_LINK = "This link has expired or has already been used.";

/** Makes a token for the account and returns the absolute link to mail. Expired ones of the same kind go. */
export async function issueAccountLink(userId: number, purpose: AccountTokenPurpose, db: Db = prisma) {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.accountToken.deleteMany({ where: { userId, purpose, expiresAt: { lt: new Date(now) } } });
  await db.accountToken.create({
    data: { userId, purpose, tokenHash: hashOf(purpose, token), expiresAt: new Date(now + TOKEN_LIFETIME_MS[purpose]) },
  });
  return `${getEnv().PUBLIC_URL}${PAGES[purpose]}?token=${token}`;
}

const accountOf = { id: true, email: true, role: true, emailVerifiedAt: true, closedAt: true } as const;

/** The token's row and account, used or not, without using it; null for an unknown token or a closed account. */
export async function findAccountLink(token: unknown, purpose: AccountTokenPurpose, db: Db = prisma) {
  if (typeof token !== "string" || token.length < 20 || token.length > 100) return null;
  const row = await db.accountToken.findUnique({
    where: { tokenHash: hashOf(purpose, token) },
    select: { id: true, purpose: true, expiresAt: true, usedAt: true, user: { select: accountOf } },
  });
  if (!row || row.purpose !== purpose || row.user.closedAt) return null;
  return row;
}

const isLive = (row: { expiresAt: Date; usedAt: Date | null }) => row.usedAt === null && row.expiresAt > new Date();

/** Whether the link would work (the page behind it shows its form, or says it has expired). */
export async function accountLinkWorks(token: unknown, purpose: AccountTokenPurpose) {
  const row = await findAccountLink(token, purpose);
  return Boolean(row && isLive(row));
}

/**
 * Uses the token once (inside the caller's transaction) and returns its account; a used, expired or unknown
 * token is a 400 on the `token` field. Using one ends every other link of the same kind for that account.
 */
export async function useAccountLink(token: unknown, purpose: AccountTokenPurpose, tx: Prisma.TransactionClient) {
  const row = await findAccountLink(token, purpose, tx);
  if (!row || !isLive(row)) throw fieldError(400, "token", INVALID_LINK);
  const now = new Date();
  const { count } = await tx.accountToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
  if (count !== 1) throw fieldError(400, "token", INVALID_LINK);
  await tx.accountToken.updateMany({ where: { userId: row.user.id, purpose, usedAt: null }, data: { usedAt: now } });
  return row.user;
}
