// Browsers report Content-Security-Policy violations here (report-uri in app/lib/security-headers.server.ts).
// Each is logged at warn level: in production a violation means a page broke or someone tried to inject
// a script; the end-to-end run fails on any (tests/e2e/support/csp.ts).
import { cspViolations } from "../lib/csp-report";
import { readBodyText } from "../lib/http.server";
import { logger } from "../lib/logger.server";
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
  for (const violation of cspViolations(body))
    logger.warn({ csp: violation, clientIp: context.clientIp }, "csp violation");
  return new Response(null, { status: 204 });
}
