// Signing up and signing in: the rules shared by the /signup and /login pages and /api/v1/auth.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { z } from "zod";
import { prisma } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import { Prisma } from "../../generated/prisma/client";
import { hashPassword, verifyPassword } from "./password.server";
import { consume, ensureNotBlocked, reset } from "./rate-limits.server";
import { LoginSchema, type SignupSchema } from "./schemas";
import type { SessionUser } from "./session.server";

export class AuthError extends Error {
  override name = "AuthError";
  constructor(
    message: string,
    readonly status: 400 | 401 | 409,
    readonly field?: string,
  ) {
    super(message);
  }
}

const userSelect = { id: true, email: true, fullName: true, phoneNumber: true, role: true } as const;

/** Creates a vendor account. Admins are only ever made by ADMIN_EMAIL or `npm run create-admin`. */
export async function registerVendor(input: z.output<typeof SignupSchema>, { ipAddress }: { ipAddress: string }): Promise<SessionUser> {
  await consume("signupPerIp", ipAddress, "Too many accounts have been created from your network.");
  const exists = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (exists) throw new AuthError("An account with this email already exists. Log in instead.", 409, "email");
  try {
    return await prisma.user.create({
      data: { email: input.email, fullName: input.fullName, phoneNumber: input.phoneNumber, passwordHash: await hashPassword(input.password), role: "vendor" },
      select: userSelect,
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AuthError("An account with this email already exists. Log in instead.", 409, "email");
    }
    throw error;
  }
}

// A real hash of a random password, so that an unknown email costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Checks an email and password; counts failures per address and attempts per network. */
export async function verifyLogin({ email, password }: { email: string; password: string }, { ipAddress }: { ipAddress: string }) {
  await consume("loginPerIp", ipAddress, "Too many sign-in attempts from your network.");
  await ensureNotBlocked("loginFailuresPerEmail", email, "Too many failed sign-ins for this account.");
  const user = await prisma.user.findUnique({ where: { email }, select: { ...userSelect, passwordHash: true } });
  const valid = await verifyPassword(user?.passwordHash ?? (await (decoyHash ??= hashPassword(crypto.randomUUID()))), password);
  if (!user || !valid) {
    if (user) await recordAudit({ actorId: null, action: "auth.sign_in_failed", entity: "User", entityId: user.id, ipAddress });
    await consume("loginFailuresPerEmail", email, "Too many failed sign-ins for this account.");
    throw new AuthError("Invalid email or password.", 401);
  }
  await reset("loginFailuresPerEmail", email);
  await recordAudit({ actorId: user.id, action: "auth.sign_in", entity: "User", entityId: user.id, ipAddress });
  const { passwordHash: _, ...sessionUser } = user;
  return sessionUser;
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
    if (!parsed.success) throw new AuthError(parsed.error.issues[0]?.message ?? "Enter your email and password.", 400);
    return verifyLogin(parsed.data, { ipAddress: request.headers.get(CLIENT_IP_HEADER) ?? "unknown" });
  }),
  "form",
);

/** Signs in through remix-auth's form strategy; `request` must carry an unread form body. */
export async function authenticateForm(request: Request, context: LoginContext) {
  const headers = new Headers(request.headers);
  // The body is re-encoded below, with its own type and length.
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  headers.set(CLIENT_IP_HEADER, context.ipAddress);
  return authenticator.authenticate("form", new Request(request.url, { method: "POST", headers, body: await request.formData() }));
}
