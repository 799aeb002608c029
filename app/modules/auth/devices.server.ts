// Trusted devices (OWASP's "device cookie"): a browser or API client that has signed in to an account keeps
// a signed cookie naming that account and a random device id. Sign-ins to the account from it are not held
// back by the limits that strangers' failures trigger (accounts.server.ts), so nobody can lock the owner out
// of a device they already use. The cookie is sent only where passwords are checked (its paths below), so
// the public pages of a visitor who has signed in before can still be answered from the shared cache.
import { createHmac, randomBytes } from "node:crypto";

import { createCookie } from "react-router";

import { getEnv } from "../../lib/env.server";

export const DEVICE_COOKIE = "__device";
const DEVICE_COOKIE_PATHS = ["/login", "/api/v1/auth/signin"] as const;
const DEVICE_SECONDS = 180 * 24 * 60 * 60;
/** Accounts one browser is remembered for (a shared family computer); the oldest is forgotten first. */
const MAX_ACCOUNTS = 5;

let cookie: ReturnType<typeof createCookie> | undefined;
function deviceCookie() {
  const env = getEnv();
  return (cookie ??= createCookie(DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: env.PUBLIC_URL.startsWith("https://"),
    secrets: [env.SESSION_SECRET],
    maxAge: DEVICE_SECONDS,
  }));
}

/** Names the account in the cookie without writing its email address on the device. */
const accountKey = (email: string) =>
  createHmac("sha256", getEnv().SESSION_SECRET).update(`device:${email}`).digest("base64url").slice(0, 22);

type Entry = { account: string; device: string };

async function entriesFrom(request: Request): Promise<Entry[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${DEVICE_COOKIE}=`)) return [];
  const value: unknown = await deviceCookie().parse(header);
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is Entry => typeof e?.account === "string" && typeof e?.device === "string");
}

/** The id of this device when it has signed in to the account with `email` before, else null. */
export async function trustedDeviceFor(request: Request, email: string): Promise<string | null> {
  const key = accountKey(email);
  return (await entriesFrom(request)).find((e) => e.account === key)?.device ?? null;
}

/** Set-Cookie values that make this device trusted for the account with `email` (one per cookie path). */
export async function trustDevice(request: Request, email: string): Promise<string[]> {
  const key = accountKey(email);
  const others = (await entriesFrom(request)).filter((e) => e.account !== key);
  const entries = [{ account: key, device: randomBytes(16).toString("base64url") }, ...others].slice(0, MAX_ACCOUNTS);
  return Promise.all(DEVICE_COOKIE_PATHS.map((path) => deviceCookie().serialize(entries, { path })));
}

/** Headers carrying `setCookies` (a response may set several cookies). */
export function withCookies(setCookies: string[], headers = new Headers()) {
  for (const value of setCookies) headers.append("Set-Cookie", value);
  return headers;
}
