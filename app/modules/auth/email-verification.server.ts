// Confirming that an account's email address is its owner's. Until it is, nothing found by that address is
// linked to the account: not the viewing and valuation requests and messages sent with it (see
// privacy/account.server.ts), not the projects the agency created for it (admin-projects.server.ts).
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { consume } from "../../lib/rate-limits.server";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { queueVerificationMail } from "./account-mail.server";
import { findAccountLink, useAccountLink } from "./account-tokens.server";
import type { SessionUser } from "./roles";

export const VERIFICATION_SENT = "We have sent you a new link to confirm your email address. It works for 48 hours.";

type Account = { id: number; email: string; role: SessionUser["role"]; emailVerifiedAt: Date | null };

/**
 * Marks the address confirmed (inside the caller's transaction) and gives the account what was waiting
 * for that address: the projects the agency created for it. Nothing happens for a confirmed address.
 */
export async function confirmAddress(
  tx: Prisma.TransactionClient,
  account: Account,
  { ipAddress }: { ipAddress: string },
) {
  if (account.emailVerifiedAt) return;
  await tx.user.update({ where: { id: account.id }, data: { emailVerifiedAt: new Date() } });
  const linked =
    account.role === "vendor"
      ? await tx.project.updateMany({
          where: { ownerId: null, vendorEmail: { equals: account.email, mode: "insensitive" } },
          data: { ownerId: account.id },
        })
      : { count: 0 };
  await recordAudit(
    {
      actorId: account.id,
      action: "account.verify_email",
      entity: "User",
      entityId: account.id,
      detail: { projectsLinked: linked.count },
      ipAddress,
    },
    tx,
  );
}

export type VerifyOutcome = "verified" | "already-verified";

export const verifiedMessage: Record<VerifyOutcome, string> = {
  verified: "Thank you: your email address is confirmed.",
  "already-verified": "Your email address is already confirmed.",
};

/**
 * Uses a verification link. A link used before for an address that is now confirmed counts as success
 * (mail scanners often open links before people do); any other used, expired or unknown link is a 400.
 */
export async function verifyEmail(token: unknown, { ipAddress }: { ipAddress: string }): Promise<VerifyOutcome> {
  await consume("accountLinksPerIp", ipAddress, "Too many attempts from your network.");
  const found = await findAccountLink(token, "verify_email");
  if (found?.usedAt && found.user.emailVerifiedAt) return "already-verified";
  await prisma.$transaction(async (tx) =>
    confirmAddress(tx, await useAccountLink(token, "verify_email", tx), { ipAddress }),
  );
  return "verified";
}

/** Sends the signed-in account a new verification link (a few an hour). */
export async function resendVerification(user: SessionUser) {
  if (user.emailVerified) throw new ServiceError(409, "Your email address is already confirmed.");
  await consume(
    "verificationMailPerAccount",
    String(user.id),
    "We have sent several verification emails in the last hour.",
  );
  await prisma.$transaction((tx) => queueVerificationMail(tx, user));
}
