// Who is making a request: the one place that chooses between the two credentials. Pages are signed in
// by the session cookie (session.server.ts); on /api/v1 an `Authorization: Bearer` token
// (api-tokens.server.ts), when sent, is the only credential and the cookie is ignored.
import { apiError } from "../../lib/http.server";
import { bearerTokenOf, userForApiToken } from "../api-tokens/api-tokens.server";
import type { SessionUser } from "./roles";
import { sessionOf } from "./session.server";

type Auth = { sessionId: string | null; user: SessionUser };

const cache = new WeakMap<Request, Promise<Auth | null>>();

/**
 * The signed-in user of this request (and the session, when a cookie signed it in), or null. Looked up once
 * per request. An unknown or revoked API token is refused with 401 rather than treated as signed out.
 */
export function getAuth(request: Request) {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUp(request);
    cache.set(request, pending);
  }
  return pending;
}

async function lookUp(request: Request): Promise<Auth | null> {
  const token = new URL(request.url).pathname.startsWith("/api/v1/") ? bearerTokenOf(request) : null;
  if (token === null) return sessionOf(request);
  const user = await userForApiToken(token);
  if (!user)
    throw apiError(401, "This API token is not valid or has been revoked.", {
      headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
    });
  return { sessionId: null, user };
}

export async function getUser(request: Request) {
  return (await getAuth(request))?.user ?? null;
}
