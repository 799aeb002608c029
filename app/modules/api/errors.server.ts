import { apiError } from "../../lib/http.server";

export function methodNotAllowed(allowed: string[]) {
  return apiError(405, `Use ${allowed.join(" or ")} for this endpoint.`, { headers: { Allow: allowed.join(", ") } });
}
