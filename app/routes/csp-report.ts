// Browsers report Content-Security-Policy violations here (report-uri in app/lib/security-headers.server.ts).
// Each is logged at warn level: in production a violation means a page broke or someone tried to inject
// a script; the end-to-end run fails on any (tests/e2e/support/csp.ts). Anyone can post reports, so how many
// are logged is limited, from one address and in all, and reports beyond that are refused with 429.
import { cspViolations } from "../lib/csp-report";
import { readBodyText } from "../lib/http.server";
import { logger } from "../lib/logger.server";
import { tryConsume } from "../lib/rate-limits.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import type { Route } from "./+types/csp-report";

const MAX_REPORT_BYTES = 16 * 1024;

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  let body: unknown;
  try {
    body = JSON.parse(await readBodyText(request, MAX_REPORT_BYTES));
  } catch (error) {
    if (error instanceof Response) return error;
    return new Response(null, { status: 400 });
  }
  const violations = cspViolations(body);
  if (
    violations.length &&
    !(
      (await tryConsume("cspReportsPerIp", context.clientIp, violations.length)) &&
      (await tryConsume("cspReportsOverall", "all", violations.length))
    )
  )
    return new Response(null, { status: 429, headers: { "Retry-After": "60" } });
  for (const violation of violations) logger.warn({ csp: violation, clientIp: context.clientIp }, "csp violation");
  return new Response(null, { status: 204 });
}
