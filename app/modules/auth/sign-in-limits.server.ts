// Keeping password guessing out without letting a stranger lock the owner out (OWASP's device cookies):
// - every attempt counts against its network (loginPerIp), whichever account it is for;
// - a browser or client that has signed in to the account before carries a device cookie
//   (devices.server.ts) and is held back only by its own failures (loginFailuresPerDevice);
// - any other: failures to one account from one network close that network to that account for a while
//   (loginFailuresPerAccountAndIp), and failures to one account from everywhere together
//   (loginFailuresPerAccount) slow every such browser down to one attempt per few minutes between them
//   all (loginSlowLanePerAccount) instead of shutting the door. Reaching that limit mails the owner a link
//   that lets their browser in at once; resetting the password clears the account's counters too.
// The same work is done for an address with no account, so the limits say nothing about which exist.
import { networkOf } from "../../lib/network";
import { consume, countFailure, ensureNotBlocked, isUsedUp, reset } from "../../lib/rate-limits.server";
import { queueAccountMail } from "./account-mail.server";

const ACCOUNT_LOCKED = "Too many failed sign-ins for this account.";
const SLOW_LANE = "Too many failed sign-ins for this account from browsers it does not know.";

export type SignInAttempt = { email: string; ipAddress: string; device: string | null };

const fromNetwork = (email: string, ipAddress: string) => `${email} ${networkOf(ipAddress)}`;

/**
 * Throws a 429 ServiceError when the attempt must wait; otherwise returns the id of the trusted device it
 * comes from (null for any other browser), which decides how its outcome counts.
 */
export async function admitSignIn({ email, ipAddress, device }: SignInAttempt): Promise<string | null> {
  await consume("loginPerIp", ipAddress, "Too many sign-in attempts from your network.");
  if (device && !(await isUsedUp("loginFailuresPerDevice", device))) return device;
  await ensureNotBlocked("loginFailuresPerAccountAndIp", fromNetwork(email, ipAddress), ACCOUNT_LOCKED);
  if (await isUsedUp("loginFailuresPerAccount", email)) await consume("loginSlowLanePerAccount", email, SLOW_LANE);
  return null;
}

/** Counts a wrong password (or unknown address); reaching the account's limit queues the owner's unlock link. */
export async function recordFailedSignIn({ email, ipAddress }: SignInAttempt, trustedDevice: string | null) {
  if (trustedDevice) {
    await countFailure("loginFailuresPerDevice", trustedDevice);
    return;
  }
  await countFailure("loginFailuresPerAccountAndIp", fromNetwork(email, ipAddress));
  if (await countFailure("loginFailuresPerAccount", email)) await queueAccountMail({ kind: "unlock", to: email });
}

/** A right password clears the failures of the device, or of the network, it came from. */
export async function recordSignIn({ email, ipAddress }: SignInAttempt, trustedDevice: string | null) {
  if (trustedDevice) await reset("loginFailuresPerDevice", trustedDevice);
  else await reset("loginFailuresPerAccountAndIp", fromNetwork(email, ipAddress));
}

/** The owner proved it is them by email (password reset, unlock link): strangers' failures no longer count. */
export async function clearSignInLimits(email: string, ipAddress: string) {
  await Promise.all([
    reset("loginFailuresPerAccount", email),
    reset("loginSlowLanePerAccount", email),
    reset("loginFailuresPerAccountAndIp", fromNetwork(email, ipAddress)),
  ]);
}
