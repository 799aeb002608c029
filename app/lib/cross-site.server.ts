// Cross-site request forgery guard. SameSite=Lax already keeps the session cookie off most cross-site
// posts; this refuses the rest: an unsafe method that carries the session cookie while the browser says
// (Sec-Fetch-Site, or failing that Origin) that another site sent it. Requests with neither header do
// not come from a browser page and are let through. Neither are API calls with a bearer token: the token,
// not the cookie, authenticates them, and a page on another site cannot make a browser attach one.
import { SESSION_COOKIE } from "./session-cookie";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type RequestFacts = {
  method: string;
  cookie?: string | null;
  secFetchSite?: string | null;
  origin?: string | null;
  authorization?: string | null;
  /** The origins this site is served from (its PUBLIC_URL and the address the request came to). */
  ownOrigins: string[];
};

export function isCrossSiteWrite({ method, cookie, secFetchSite, origin, authorization, ownOrigins }: RequestFacts) {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  if (authorization && /^Bearer\s/i.test(authorization)) return false;
  if (!cookie?.split(/;\s*/).some((c) => c.startsWith(`${SESSION_COOKIE}=`))) return false;
  if (secFetchSite) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  if (origin) return !ownOrigins.includes(origin);
  return false;
}
