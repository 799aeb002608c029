// CORS for /api/v1: same-origin only unless CORS_ORIGINS lists other sites. Listed sites get no
// credentials (cookies): cross-origin clients authenticate with an API token in the Authorization header,
// which keeps the session cookie out of reach of other sites' pages (and the cross-site check intact).
export const CORS_ALLOWED_METHODS = "GET, POST, PUT, DELETE";
export const CORS_ALLOWED_HEADERS = "Authorization, Content-Type";
const CORS_EXPOSED_HEADERS = "Location, Retry-After, X-Request-Id";
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export type CorsDecision =
  /** Not a cross-origin request, or one from a site that is not allowed: no CORS headers. */
  | { kind: "none" }
  /** An allowed site's request: answer it with these headers added. */
  | { kind: "allow"; headers: Record<string, string> }
  /** A preflight: answer it directly (204 when allowed, 403 when not). */
  | { kind: "preflight"; status: 204 | 403; headers: Record<string, string> };

export function corsDecision(
  { method, origin, preflightMethod }: { method: string; origin?: string | null; preflightMethod?: string | null },
  allowedOrigins: readonly string[],
): CorsDecision {
  const allowed = Boolean(origin) && allowedOrigins.includes(origin!);
  const isPreflight = method.toUpperCase() === "OPTIONS" && Boolean(preflightMethod);
  const vary = { Vary: "Origin" };
  if (isPreflight) {
    if (!allowed) return { kind: "preflight", status: 403, headers: vary };
    return {
      kind: "preflight",
      status: 204,
      headers: {
        ...vary,
        "Access-Control-Allow-Origin": origin!,
        "Access-Control-Allow-Methods": CORS_ALLOWED_METHODS,
        "Access-Control-Allow-Headers": CORS_ALLOWED_HEADERS,
        "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
      },
    };
  }
  if (!allowed) return { kind: "none" };
  return {
    kind: "allow",
    headers: { ...vary, "Access-Control-Allow-Origin": origin!, "Access-Control-Expose-Headers": CORS_EXPOSED_HEADERS },
  };
}
