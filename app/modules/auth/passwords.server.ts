// Forgotten passwords (an emailed single-use link), changing a password, and unlocking sign-in by email.
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { consume, countFailure, ensureNotBlocked, reset } from "../../lib/rate-limits.server";
import { fieldError } from "../../lib/service-error";
import { revokeApiTokensOf } from "../api-tokens/api-tokens.server";
import { recordAudit } from "../audit/audit.server";
import { queueAccountMail, queuePasswordChangedMail } from "./account-mail.server";
import { useAccountLink } from "./account-tokens.server";
import { confirmAddress } from "./email-verification.server";
import { hashPassword, verifyPassword } from "./password.server";
import { clearSignInLimits } from "./sign-in-limits.server";

const TOO_MANY_LINKS = "Too many attempts from your network.";

export const RESET_REQUESTED =
  "If an account uses that email address, we have sent it a link to choose a new password. The link works for an hour.";
export const PASSWORD_RESET_DONE =
  "Your password has been changed and you have been signed out everywhere. Log in with your new password.";
export const PASSWORD_CHANGED =
  "Your password has been changed, and you have been signed out everywhere else (API tokens included).";
export const SIGN_IN_UNLOCKED = "This browser can now sign in to your account. Log in to continue.";

/**
 * "Forgot password": a reset link goes to the address when an open account uses it. The answer, and the
 * work it takes, is the same either way: a job looks the address up later (account-mail.server.ts).
 */
export async function requestPasswordReset(email: string, { ipAddress }: { ipAddress: string }) {
  await consume("passwordResetPerIp", ipAddress, "Too many password reset requests from your network.");
  await queueAccountMail({ kind: "password-reset", to: email });
}

/**
 * Sets a new password from a reset link. The link proved the address is the owner's, so it is confirmed
 * too; every session and API token of the account ends, and so do strangers' failed sign-ins against it.
 * Returns the account's email (the page trusts the browser that did this for that account).
 */
export async function resetPassword(token: unknown, password: string, { ipAddress }: { ipAddress: string }) {
  await consume("accountLinksPerIp", ipAddress, TOO_MANY_LINKS);
  const passwordHash = await hashPassword(password);
  const user = await prisma.$transaction(async (tx) => {
    const account = await useAccountLink(token, "reset_password", tx);
    const updated = await tx.user.update({
      where: { id: account.id },
      data: { passwordHash, passwordResetAt: new Date() },
      select: { id: true, email: true, fullName: true },
    });
    await tx.session.deleteMany({ where: { userId: account.id } });
    await revokeApiTokensOf(account.id, tx);
    await voidEmailedLinks(account.id, tx);
    await confirmAddress(tx, account, { ipAddress });
    await recordAudit(
      { actorId: account.id, action: "account.password_reset", entity: "User", entityId: account.id, ipAddress },
      tx,
    );
    await queuePasswordChangedMail(tx, updated);
    return updated;
  });
  await clearSignInLimits(user.email, ipAddress);
  return user.email;
}

/** Ends the account's unused password reset and unlock links: they were sent for the password it had. */
function voidEmailedLinks(userId: number, tx: Prisma.TransactionClient) {
  return tx.accountToken.updateMany({
    where: { userId, purpose: { in: ["reset_password", "unlock_sign_in"] }, usedAt: null },
    data: { usedAt: new Date() },
  });
}

const WRONG_PASSWORD = "That password is not right.";
const TOO_MANY_WRONG = "Too many wrong passwords.";

/**
 * Checks a signed-in person's password before a change that needs it (changing it, closing the account);
 * wrong guesses are limited per account. A wrong one is a 400 on `field`.
 */
export async function checkCurrentPassword(userId: number, password: string, field: string) {
  const key = String(userId);
  await ensureNotBlocked("passwordChecksPerAccount", key, TOO_MANY_WRONG);
  const { passwordHash } = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { passwordHash: true },
  });
  if (!(await verifyPassword(passwordHash, password))) {
    await countFailure("passwordChecksPerAccount", key);
    throw fieldError(400, field, WRONG_PASSWORD);
  }
  await reset("passwordChecksPerAccount", key);
}

/**
 * Changes the password of a signed-in account: the current one is needed. Every other session ends
 * (`keepSessionId`: the one making the change, if it is a session), and so does every API token of the
 * account (one making the call included), as "signed out everywhere else" says; the reset and unlock links
 * sent before stop working, so an old email cannot set the password back.
 */
export async function changePassword(
  userId: number,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  { keepSessionId, ipAddress }: { keepSessionId: string | null; ipAddress: string },
) {
  await checkCurrentPassword(userId, currentPassword, "currentPassword");
  const passwordHash = await hashPassword(newPassword);
  await prisma.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: userId },
      data: { passwordHash },
      select: { id: true, email: true, fullName: true },
    });
    await tx.session.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } });
    await revokeApiTokensOf(userId, tx);
    await voidEmailedLinks(userId, tx);
    await recordAudit(
      { actorId: userId, action: "account.password_change", entity: "User", entityId: userId, ipAddress },
      tx,
    );
    await queuePasswordChangedMail(tx, updated);
  });
}

/** Uses an unlock link: strangers' failed sign-ins stop counting. Returns the email (the page trusts that browser for it). */
export async function unlockSignIn(token: unknown, { ipAddress }: { ipAddress: string }) {
  await consume("accountLinksPerIp", ipAddress, TOO_MANY_LINKS);
  const account = await prisma.$transaction(async (tx) => {
    const owner = await useAccountLink(token, "unlock_sign_in", tx);
    await recordAudit(
      { actorId: owner.id, action: "account.unlock_sign_in", entity: "User", entityId: owner.id, ipAddress },
      tx,
    );
    return owner;
  });
  await clearSignInLimits(account.email, ipAddress);
  return account.email;
}
