// Signing up and signing in: the rules shared by the /signup and /login pages and /api/v1/auth.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { z } from "zod";

import { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { consume } from "../../lib/rate-limits.server";
import { fieldError, ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { queueAccountMail, queueVerificationMail } from "./account-mail.server";
import { trustedDeviceFor } from "./devices.server";
import { hashPassword, verifyPassword } from "./password.server";
import type { SessionUser } from "./roles";
import { LoginSchema, type SignupSchema } from "./schemas";
import { sessionUserSelect, toSessionUser } from "./session-user.server";
import { admitSignIn, recordFailedSignIn, recordSignIn, type SignInAttempt } from "./sign-in-limits.server";

const ADDRESS_TAKEN = "An account with this email already exists.";
const addressTaken = () => fieldError(409, "email", ADDRESS_TAKEN);

/**
 * Creates a buyer or vendor account (`userType`, vendor when not given), its address not yet confirmed, and
 * queues the link that confirms it; a 409 ServiceError when the address has an account. The account signs in
 * only once the address is confirmed (verifyLogin). Admins are only ever made by ADMIN_EMAIL or `npm run
 * create-admin`. Pages and the API call signUp, which never tells a stranger that an address has an account.
 */
export async function registerAccount(
  input: z.input<typeof SignupSchema>,
  { ipAddress }: { ipAddress: string },
): Promise<SessionUser> {
  // Hashed first, so that a taken address costs the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const exists = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (exists) throw addressTaken();
  try {
    return await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email: input.email,
          fullName: input.fullName,
          phoneNumber: input.phoneNumber,
          passwordHash,
          role: input.userType ?? "vendor",
        },
        select: sessionUserSelect,
      });
      await recordAudit(
        { actorId: user.id, action: "account.create", entity: "User", entityId: user.id, ipAddress },
        tx,
      );
      await queueVerificationMail(tx, user);
      return toSessionUser(user);
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw addressTaken();
    throw error;
  }
}

/**
 * Sign-up as the page and the API do it. The answer is the same whether or not the address already has an
 * account: a new account gets a link to confirm the address, and the owner of an existing one an email
 * saying someone tried (with the way to log in or reset the password).
 */
export async function signUp(input: z.input<typeof SignupSchema>, { ipAddress }: { ipAddress: string }) {
  await consume("signupPerIp", ipAddress, "Too many accounts have been created from your network.");
  try {
    await registerAccount(input, { ipAddress });
  } catch (error) {
    if (!(error instanceof ServiceError && error.status === 409)) throw error;
    await queueAccountMail({ kind: "signup-attempt", to: input.email });
  }
}

export const SIGN_IN_FAILED =
  "Invalid email or password. If you have just signed up, open the link we emailed you to confirm your address first.";

// An argon2id hash (same parameters as password.server.ts) of a random password nobody kept: an unknown
// email is checked against it, so that it costs the same time as a wrong password.
const DECOY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$x/8qpkyjedk3QBOpJ5CFZw$iF1dCRs1sAcd6xLsflzuFcUyLBmZiJKYjuHqw3daFYU";

/**
 * Checks an email and password within the sign-in limits (sign-in-limits.server.ts). A known and an
 * unknown address get the same work, the same answer and the same audit write, so neither the answer nor
 * its timing tells which addresses have accounts. `device` is the trusted-device id the client carries.
 */
export async function verifyLogin(
  { email, password }: { email: string; password: string },
  { ipAddress, device = null }: { ipAddress: string; device?: string | null },
) {
  const attempt: SignInAttempt = { email, ipAddress, device };
  const trustedDevice = await admitSignIn(attempt);
  const user = await prisma.user.findUnique({ where: { email }, select: { ...sessionUserSelect, passwordHash: true } });
  const valid = await verifyPassword(user?.passwordHash ?? DECOY_HASH, password);
  // An address nobody has confirmed signs in to nothing, whatever the password: else anyone could learn
  // whether an address had an account by signing up with it and trying their own password (it works only
  // where the sign-up made a new account). So a right password on an unconfirmed account fails just as a
  // wrong one does, with the same answer, audit write and count towards the sign-in limits.
  if (!user || !valid || !user.emailVerifiedAt) {
    await recordAudit({
      actorId: null,
      action: "auth.sign_in_failed",
      entity: user ? "User" : null,
      entityId: user?.id ?? null,
      ...(user && valid ? { detail: { reason: "address not confirmed" } } : {}),
      ipAddress,
    });
    await recordFailedSignIn(attempt, trustedDevice);
    throw new ServiceError(401, SIGN_IN_FAILED);
  }
  await recordSignIn(attempt, trustedDevice);
  await recordAudit({ actorId: user.id, action: "auth.sign_in", entity: "User", entityId: user.id, ipAddress });
  return toSessionUser(user);
}

/** Tells the strategy where the request came from (the Express layer knows the client's address). */
export type LoginContext = { ipAddress: string };
// remix-auth hands the strategy a copy of the request (new Request(url, request)), so the address travels
// in a header that authenticateForm always sets itself, overwriting anything a client sent.
const CLIENT_IP_HEADER = "x-movewise-login-ip";

export const authenticator = new Authenticator<SessionUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse({
      email: form.get("email") ?? undefined,
      password: form.get("password") ?? undefined,
    });
    if (!parsed.success)
      throw new ServiceError(400, parsed.error.issues[0]?.message ?? "Enter your email and password.");
    return verifyLogin(parsed.data, {
      ipAddress: request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
      device: await trustedDeviceFor(request, parsed.data.email),
    });
  }),
  "form",
);

/** Signs in through remix-auth's form strategy; `request` must carry an unread form body (and its cookies). */
export async function authenticateForm(request: Request, context: LoginContext) {
  const headers = new Headers(request.headers);
  // The body is re-encoded below, with its own type and length.
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  headers.set(CLIENT_IP_HEADER, context.ipAddress);
  return authenticator.authenticate(
    "form",
    new Request(request.url, { method: "POST", headers, body: await request.formData() }),
  );
}
