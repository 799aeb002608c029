// The messages about an account, each made and sent by one function after the answer has gone (so the
// answer takes the same time whatever the work finds). Moving them to a durable job queue is a change to
// `afterResponse` here.
import type { AccountTokenPurpose } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { afterResponse, sendAfterSave } from "../mail/mail.server";
import { TOKEN_LIFETIME_MS, issueAccountLink } from "./account-tokens.server";
import { tryConsume } from "./rate-limits.server";

type Recipient = { id: number; email: string; fullName: string };

const hours = (purpose: AccountTokenPurpose) => {
  const n = TOKEN_LIFETIME_MS[purpose] / 3_600_000;
  return n === 1 ? "an hour" : `${n} hours`;
};
const page = (path: string) => `${getEnv().PUBLIC_URL}${path}`;
const signOff = ["", "MoveWise"];

/** "Confirm your email address": sent on sign-up and when the account asks again. */
export function mailVerificationLink(user: Recipient) {
  return afterResponse(async () => {
    const link = await issueAccountLink(user.id, "verify_email");
    await sendAfterSave([
      {
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
      },
    ]);
  });
}

/**
 * Sign-up with an address that already has an account answers as if it were new; the owner hears about it
 * here instead (at most a few times an hour, so nobody can flood an inbox).
 */
export function mailSignupAttempt(email: string) {
  return afterResponse(async () => {
    if (!(await tryConsume("unsolicitedMailPerAddress", email))) return;
    await sendAfterSave([
      {
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
      },
    ]);
  });
}

/** "Forgot password": a link to choose a new one, if an open account uses the address. Says nothing otherwise. */
export function mailPasswordResetLink(email: string) {
  return afterResponse(async () => {
    const user = await prisma.user.findFirst({ where: { email, closedAt: null }, select: { id: true, email: true, fullName: true } });
    if (!user || !(await tryConsume("unsolicitedMailPerAddress", email))) return;
    const link = await issueAccountLink(user.id, "reset_password");
    await sendAfterSave([
      {
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
      },
    ]);
  });
}

/** Sent when failed sign-ins from browsers the account does not know reach the limit: the owner's way back in. */
export function mailUnlockLink(user: Recipient) {
  return afterResponse(async () => {
    const link = await issueAccountLink(user.id, "unlock_sign_in");
    await sendAfterSave([
      {
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
      },
    ]);
  });
}

/** After a password change or reset, so that the owner hears of one they did not make. */
export function mailPasswordChanged(user: Recipient) {
  return afterResponse(() =>
    sendAfterSave([
      {
        to: user.email,
        subject: "Your MoveWise password was changed",
        text: [
          `Hello ${user.fullName},`,
          "",
          "The password of your MoveWise account was just changed, and you were signed out everywhere else.",
          "",
          `If this was not you, choose a new password at once at ${page("/forgot-password")} and tell us by replying to this email.`,
          ...signOff,
        ].join("\n"),
      },
    ]),
  );
}
