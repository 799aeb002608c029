// The messages about an account, each built by one function and queued (queueMail) in the transaction of the
// change it reports. The ones a stranger can cause — a password reset link, "someone tried to sign up with your
// address", the unlock link — depend on whether the address has an account, so the request only queues an
// account-mail job (the same work for every address) and the job looks the address up and decides.
import { randomInt } from "node:crypto";

import type { AccountTokenPurpose, Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { tryConsume } from "../../lib/rate-limits.server";
import { enqueue } from "../jobs/queue.server";
import { type Mail, queueMail } from "../mail/mail.server";
import { issueAccountLink, TOKEN_LIFETIME_MS } from "./account-tokens.server";

type Recipient = { id: number; email: string; fullName: string };

const hours = (purpose: AccountTokenPurpose) => {
  const n = TOKEN_LIFETIME_MS[purpose] / 3_600_000;
  return n === 1 ? "an hour" : `${n} hours`;
};
const page = (path: string) => `${getEnv().PUBLIC_URL}${path}`;
const signOff = ["", "MoveWise"];

function verificationMail(user: Recipient, link: string): Mail {
  return {
    to: user.email,
    subject: "Confirm your email address for MoveWise",
    text: [
      `Hello ${user.fullName},`,
      "",
      "Please confirm that this is your email address by opening this link:",
      link,
      "",
      `The link works for ${hours("verify_email")}, once. Until you confirm, we keep the viewing and valuation requests, messages and`,
      "properties that use this address apart from your account.",
      "",
      "If you did not create a MoveWise account, ignore this email: nothing more will happen.",
      ...signOff,
    ].join("\n"),
  };
}

function signupAttemptMail(email: string): Mail {
  return {
    to: email,
    subject: "Someone tried to create a MoveWise account with your email address",
    text: [
      "Hello,",
      "",
      "Someone just tried to create a MoveWise account with this email address, which already has one. We did not",
      "create another account, and nothing about your account has changed.",
      "",
      `If it was you, log in at ${page("/login")}`,
      `If you have forgotten your password, choose a new one at ${page("/forgot-password")}`,
      "",
      "If it was not you, you do not need to do anything.",
      ...signOff,
    ].join("\n"),
  };
}

function passwordResetMail(user: Recipient, link: string): Mail {
  return {
    to: user.email,
    subject: "Reset your MoveWise password",
    text: [
      `Hello ${user.fullName},`,
      "",
      "Someone (we hope you) asked to reset the password of your MoveWise account. Choose a new password here:",
      link,
      "",
      `The link works for ${hours("reset_password")}, once. Resetting the password signs you out everywhere and ends the account's API tokens.`,
      "",
      "If you did not ask for this, ignore this email: your password stays as it is.",
      ...signOff,
    ].join("\n"),
  };
}

function unlockMail(user: Recipient, link: string): Mail {
  return {
    to: user.email,
    subject: "Failed sign-ins to your MoveWise account",
    text: [
      `Hello ${user.fullName},`,
      "",
      "There have been many failed attempts to sign in to your MoveWise account, so we are slowing down sign-ins from",
      "browsers that have not signed in to it before. Nobody got in. Browsers you have signed in with before are not affected.",
      "",
      "If it was you, open this link in the browser you want to use, and it will let you sign in at once:",
      link,
      `(it works for ${hours("unlock_sign_in")}, once).`,
      "",
      `If you have forgotten your password, choose a new one at ${page("/forgot-password")}`,
      "",
      "If it was not you, you do not need to do anything, but make sure your password is not one you use elsewhere.",
      ...signOff,
    ].join("\n"),
  };
}

function passwordChangedMail(user: Recipient): Mail {
  return {
    to: user.email,
    subject: "Your MoveWise password was changed",
    text: [
      `Hello ${user.fullName},`,
      "",
      "The password of your MoveWise account was just changed, and you were signed out everywhere else (its API tokens" +
        " ended too). Password reset links sent before no longer work.",
      "",
      `If this was not you, choose a new password at once at ${page("/forgot-password")} and tell us by replying to this email.`,
      ...signOff,
    ].join("\n"),
  };
}

/** "Confirm your email address", with a new link: on sign-up and when the account asks again. */
export async function queueVerificationMail(tx: Prisma.TransactionClient, user: Recipient) {
  await queueMail(tx, [verificationMail(user, await issueAccountLink(user.id, "verify_email", tx))]);
}

/** After a password change or reset, so that the owner hears of one they did not make. */
export function queuePasswordChangedMail(tx: Prisma.TransactionClient, user: Recipient) {
  return queueMail(tx, [passwordChangedMail(user)]);
}

/**
 * The messages whose sending depends on whether an account uses the address (`to`); `requestedAt` (ms) is
 * when the visitor asked (jobs queued before it was recorded have none).
 */
export type AccountMailJob = { kind: "password-reset" | "signup-attempt" | "unlock"; to: string; requestedAt?: number };

/**
 * How long the decision waits: a random 1–5 s. The request only adds the job, the same work for every
 * address; the job's work (more for an address with an account: a link, a message) then runs at a moment
 * that has nothing to do with this request or the next ones, instead of at once in the same process, where
 * it slowed the answers that followed a registered address.
 */
export const ACCOUNT_MAIL_DELAY_MS = { min: 1_000, max: 5_000 };

/** Queues the decision about an account message (in the caller's transaction, or a transaction of its own). */
export function queueAccountMail(job: Omit<AccountMailJob, "requestedAt">, tx?: Prisma.TransactionClient) {
  const now = Date.now();
  const data: AccountMailJob = { ...job, requestedAt: now };
  const startAfter = new Date(now + randomInt(ACCOUNT_MAIL_DELAY_MS.min, ACCOUNT_MAIL_DELAY_MS.max + 1));
  return tx
    ? enqueue(tx, "account-mail", data, { startAfter })
    : prisma.$transaction((own) => enqueue(own, "account-mail", data, { startAfter }));
}

async function passwordChangedSince(userId: number, since: Date) {
  const changed = await prisma.auditEvent.count({
    where: {
      entity: "User",
      entityId: String(userId),
      action: { in: ["account.password_change", "account.password_reset"] },
      createdAt: { gte: since },
    },
  });
  return changed > 0;
}

/**
 * The account-mail job: mails a password reset link or an unlock link when an open account uses the address
 * (and nothing otherwise), or tells the owner of an address someone tried to sign up with. Messages a
 * stranger can cause go to one address at most a few times an hour, so nobody can flood an inbox.
 */
export async function runAccountMailJob({ kind, to, requestedAt }: AccountMailJob) {
  const user = await prisma.user.findFirst({
    where: { email: to, closedAt: null },
    select: { id: true, email: true, fullName: true },
  });
  // The per-address limit is counted for every address, with an account or not, so that after the first few
  // messages an hour the job's work is the same either way.
  const allowed = kind === "unlock" || (await tryConsume("unsolicitedMailPerAddress", to));
  if (!user || !allowed) return;
  // A reset link asked for before the owner changed (or reset) the password would undo what the change
  // did to the links sent before it: it is not sent.
  if (kind === "password-reset" && requestedAt && (await passwordChangedSince(user.id, new Date(requestedAt)))) return;
  await prisma.$transaction(async (tx) => {
    if (kind === "signup-attempt") return queueMail(tx, [signupAttemptMail(to)]);
    if (kind === "password-reset")
      return queueMail(tx, [passwordResetMail(user, await issueAccountLink(user.id, "reset_password", tx))]);
    return queueMail(tx, [unlockMail(user, await issueAccountLink(user.id, "unlock_sign_in", tx))]);
  });
}
