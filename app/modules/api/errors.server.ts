import { apiError } from "../../lib/http.server";
import { PageQueryError } from "../../lib/pagination";
import { RateLimitError } from "../../lib/rate-limits.server";
import { ServiceError } from "../../lib/service-error";
import { AuthError } from "../auth/accounts.server";
import { ProjectError } from "../projects/projects.server";

/** Maps the errors services throw to { message } responses; anything else propagates (and is logged as a 500). */
export function apiErrorFrom(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof RateLimitError) {
    return apiError(429, error.message, { headers: { "Retry-After": String(error.retryAfterSeconds) } });
  }
  if (error instanceof PageQueryError) return apiError(400, error.message);
  if (error instanceof ProjectError) return apiError(error.status, error.message);
  if (error instanceof AuthError || error instanceof ServiceError) {
    return apiError(error.status, error.message, error.field ? { errors: { [error.field]: [error.message] } } : {});
  }
  throw error;
}

export function methodNotAllowed(allowed: string[]) {
  return apiError(405, `Use ${allowed.join(" or ")} for this endpoint.`, { headers: { Allow: allowed.join(", ") } });
}
