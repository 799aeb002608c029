import { prisma } from "../../lib/db.server";
import { revokeApiTokensOf } from "../api-tokens/api-tokens.server";
import { hashPassword, verifyPassword } from "./password.server";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Creates an admin with this email, or makes the existing account an admin with this password. The
 * operator vouches for the address, so it counts as confirmed. Setting a password (or making the account
 * an admin) is a reset: every session and API token of the account ends.
 * Used by `npm run create-admin` and, with `keepSamePassword` (it runs at every start), by
 * ADMIN_EMAIL/ADMIN_PASSWORD: an admin whose password already is that one is left as it is.
 */
export async function upsertAdmin({
  email,
  password,
  fullName,
  keepSamePassword = false,
  nominatedOfficer = false,
}: {
  email: string;
  password: string;
  fullName?: string;
  keepSamePassword?: boolean;
  /** Appoint this admin the nominated officer (MLR 2017 reg. 21), in place of any other. */
  nominatedOfficer?: boolean;
}) {
  const address = normaliseEmail(email);
  const existing = await prisma.user.findUnique({
    where: { email: address },
    select: { id: true, role: true, passwordHash: true, emailVerifiedAt: true },
  });
  if (
    existing &&
    keepSamePassword &&
    existing.role === "admin" &&
    (await verifyPassword(existing.passwordHash, password))
  ) {
    return { id: existing.id, email: address, role: "admin" as const, created: false, changed: false };
  }
  const passwordHash = await hashPassword(password);
  const now = new Date();
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.upsert({
      where: { email: address },
      create: {
        email: address,
        fullName: fullName ?? "Administrator",
        passwordHash,
        role: "admin",
        emailVerifiedAt: now,
      },
      update: {
        passwordHash,
        role: "admin",
        passwordResetAt: now,
        emailVerifiedAt: existing?.emailVerifiedAt ?? now,
        ...(fullName ? { fullName } : {}),
      },
      select: { id: true, email: true, role: true },
    });
    if (nominatedOfficer) {
      await tx.user.updateMany({
        where: { nominatedOfficer: true, id: { not: user.id } },
        data: { nominatedOfficer: false },
      });
      await tx.user.update({ where: { id: user.id }, data: { nominatedOfficer: true } });
    }
    if (existing) {
      await tx.session.deleteMany({ where: { userId: user.id } });
      await revokeApiTokensOf(user.id, tx);
    }
    return { ...user, created: !existing, changed: true };
  });
}
