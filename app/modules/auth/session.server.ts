// Cookie sessions: they live in the database; the cookie holds only the session id, signed with SESSION_SECRET.
// Which credential a request is judged by (this cookie or an API token) is decided in identity.server.ts.
import { randomBytes } from "node:crypto";

import { createCookie } from "react-router";

import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { SESSION_COOKIE } from "../../lib/session-cookie";
import type { SessionUser } from "./roles";
import { credentialStillValid, sessionUserSelect, toSessionUser } from "./session-user.server";

export const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;
export const BROWSER_SESSION_SECONDS = 12 * 60 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  const env = getEnv();
  return (cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.PUBLIC_URL.startsWith("https://"),
    secrets: [env.SESSION_SECRET],
  }));
}

type RequestMeta = { ipAddress?: string; userAgent?: string | null };

/** Starts a session and returns the Set-Cookie header value for it. */
export async function createUserSession(
  userId: number,
  { persistent, ipAddress, userAgent }: RequestMeta & { persistent: boolean },
) {
  const id = randomBytes(32).toString("base64url");
  const lifetime = persistent ? REMEMBER_ME_SECONDS : BROWSER_SESSION_SECONDS;
  await prisma.session.create({
    data: {
      id,
      userId,
      persistent,
      expiresAt: new Date(Date.now() + lifetime * 1000),
      ipAddress: ipAddress ?? null,
      userAgent: userAgent?.slice(0, 300) ?? null,
    },
  });
  // "Remember for 30 days" gets a persistent cookie; otherwise the cookie ends with the browser session.
  return sessionCookie().serialize(id, persistent ? { maxAge: REMEMBER_ME_SECONDS } : {});
}

async function sessionIdFrom(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${SESSION_COOKIE}=`)) return null;
  const value = await sessionCookie().parse(header);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The user of a request's session cookie, or null when it has none, or an expired or outdated one. */
export async function sessionOf(request: Request): Promise<{ sessionId: string; user: SessionUser } | null> {
  const sessionId = await sessionIdFrom(request);
  if (!sessionId) return null;
  const session = await prisma.session.findUnique({
    where: { id: sessionId },
    select: { expiresAt: true, createdAt: true, user: { select: sessionUserSelect } },
  });
  if (!session) return null;
  if (session.expiresAt <= new Date() || !credentialStillValid(session.user, session.createdAt)) {
    await prisma.session.deleteMany({ where: { id: sessionId } });
    return null;
  }
  return { sessionId, user: toSessionUser(session.user) };
}

/** Ends the session on the server and returns the Set-Cookie value that clears the cookie, even when the database fails. */
export async function destroyUserSession(request: Request) {
  try {
    const sessionId = await sessionIdFrom(request);
    if (sessionId) await prisma.session.deleteMany({ where: { id: sessionId } });
  } catch (err) {
    logger.error({ err }, "could not delete the session on logout; clearing the cookie anyway");
  }
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** For tests: settings may change between test files. */
export function resetSessionCookie() {
  cookie = undefined;
}
