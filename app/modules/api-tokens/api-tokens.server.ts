// API tokens for external clients. A token is `mw_` + 32 random bytes (base64url); only its SHA-256 is
// stored, so a database leak does not leak usable tokens. Tokens are random and long, so a fast hash is
// enough (no salt or argon2 needed) and lets a request find its token with one indexed lookup.
import { createHash, randomBytes } from "node:crypto";

import { prisma } from "../../lib/db.server";
import { ServiceError } from "../../lib/service-error";
import type { Role, SessionUser } from "../auth/roles";
import { credentialStillValid, sessionUserSelect, toSessionUser } from "../auth/session-user.server";

export const TOKEN_PREFIX = "mw_";
const DISPLAY_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;
/** lastUsedAt is written at most this often per token, so busy clients do not cost a write per request. */
const LAST_USED_GRANULARITY_MS = 60_000;

export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token for `owner` that acts with the role the owner has now, and only while the owner keeps it. */
export async function createApiToken(owner: { id: number; role: Role }, name: string) {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const saved = await prisma.apiToken.create({
    data: {
      name,
      userId: owner.id,
      role: owner.role,
      tokenHash: hashApiToken(token),
      prefix: token.slice(0, DISPLAY_PREFIX_LENGTH),
    },
    select: { id: true, name: true, prefix: true, createdAt: true },
  });
  return { ...saved, token };
}

/** Every token, newest first, with its owner; admins manage them all. */
export function listApiTokens() {
  return prisma.apiToken.findMany({
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    select: {
      id: true,
      name: true,
      prefix: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      user: { select: { email: true, fullName: true } },
    },
  });
}

export async function revokeApiToken(id: number) {
  const { count } = await prisma.apiToken.updateMany({
    where: { id, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) {
    const exists = await prisma.apiToken.count({ where: { id } });
    throw new ServiceError(exists ? 409 : 404, exists ? "This token was already revoked." : "There is no such token.");
  }
}

/**
 * The owner of a live token, or null. Checked on every use, whatever happened to the rows: a token is dead
 * once revoked, once its owner's account is closed, once the owner no longer has the role it was made
 * with, and once the owner's password was reset after it was made. Notes when it was last used.
 */
export async function userForApiToken(token: string): Promise<SessionUser | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const found = await prisma.apiToken.findUnique({
    where: { tokenHash: hashApiToken(token) },
    select: {
      id: true,
      role: true,
      createdAt: true,
      revokedAt: true,
      lastUsedAt: true,
      user: { select: sessionUserSelect },
    },
  });
  if (!found || found.revokedAt || found.user.role !== found.role || !credentialStillValid(found.user, found.createdAt))
    return null;
  const now = new Date();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    await prisma.apiToken.update({ where: { id: found.id }, data: { lastUsedAt: now } });
  }
  return toSessionUser(found.user);
}

/** Revokes every live token of the user (their password was reset, or they closed the account). */
export function revokeApiTokensOf(userId: number, tx: Pick<typeof prisma, "apiToken"> = prisma) {
  return tx.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** The token of an `Authorization: Bearer …` header, or null when there is none. */
export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1]! : null;
}
