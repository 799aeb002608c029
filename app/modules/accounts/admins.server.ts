import { prisma } from "../../lib/db.server";
import { hashPassword } from "../auth/password.server";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Creates an admin with this email, or makes the existing account an admin with this password.
 * Used by ADMIN_EMAIL/ADMIN_PASSWORD at start-up and by `npm run create-admin`.
 */
export async function upsertAdmin({ email, password, fullName }: { email: string; password: string; fullName?: string }) {
  const passwordHash = await hashPassword(password);
  const address = normaliseEmail(email);
  const existing = await prisma.user.findUnique({ where: { email: address }, select: { id: true } });
  const user = await prisma.user.upsert({
    where: { email: address },
    create: { email: address, fullName: fullName ?? "Administrator", passwordHash, role: "admin" },
    update: { passwordHash, role: "admin", ...(fullName ? { fullName } : {}) },
    select: { id: true, email: true },
  });
  // A reset password ends every session signed in with the old one.
  if (existing) await prisma.session.deleteMany({ where: { userId: user.id } });
  return { ...user, created: !existing };
}
