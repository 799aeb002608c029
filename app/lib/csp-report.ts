// Reads the two shapes browsers send CSP reports in: report-uri's {"csp-report": {...}} and the Reporting
// API's [{type: "csp-violation", body: {...}}]. Keeps a few short fields, without query strings (they may
// carry tokens).

export type CspViolation = { directive: string; blocked: string; page: string; sample?: string };

const text = (value: unknown, max = 300) => (typeof value === "string" ? value.slice(0, max) : "");
const withoutQuery = (url: string) => url.split(/[?#]/)[0] ?? "";

function violationOf(report: Record<string, unknown>): CspViolation {
  const directive = text(report["effective-directive"] ?? report.effectiveDirective ?? report["violated-directive"]);
  const blocked = withoutQuery(text(report["blocked-uri"] ?? report.blockedURL));
  const page = withoutQuery(text(report["document-uri"] ?? report.documentURL));
  const sample = text(report["script-sample"] ?? report.sample, 80);
  return { directive, blocked, page, ...(sample ? { sample } : {}) };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function cspViolations(body: unknown): CspViolation[] {
  if (isObject(body) && isObject(body["csp-report"])) return [violationOf(body["csp-report"])];
  if (Array.isArray(body)) {
    return body
      .slice(0, 20)
      .filter(
        (entry): entry is Record<string, unknown> =>
          isObject(entry) && entry.type === "csp-violation" && isObject(entry.body),
      )
      .map((entry) => violationOf(entry.body as Record<string, unknown>));
  }
  return [];
}
