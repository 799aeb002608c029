// Content-Security-Policy violations in the end-to-end run. Browsers report every violation to
// /csp-report, which the server logs as "csp violation" (app/routes/csp-report.ts); at the end of the
// run the global teardown fails if any project's server log has any, whichever spec caused it.
import { existsSync, readFileSync } from "node:fs";

import type { Page } from "@playwright/test";

import { PROJECT_PORTS, serverFiles, serverLog } from "./server";

/** The violations a server has logged so far (by default, the running test's). */
export function loggedViolations(log = serverLog()): string[] {
  if (!existsSync(log)) return [];
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.includes('"csp violation"'))
    .map((line) => {
      const { csp } = JSON.parse(line) as { csp: { directive: string; blocked: string; page: string } };
      return `${csp.page}: ${csp.directive} blocked ${csp.blocked || "an inline script or style"}`;
    });
}

export default function failOnLoggedViolations() {
  const violations = Object.values(PROJECT_PORTS).flatMap((port) => loggedViolations(serverFiles(port).log));
  if (violations.length)
    throw new Error(`Content-Security-Policy violations during the end-to-end run:\n  ${violations.join("\n  ")}`);
}

/** Records securitypolicyviolation events in the page (from the first script on), for cspViolationsIn. */
export async function watchCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
}

export async function cspViolationsIn(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}
