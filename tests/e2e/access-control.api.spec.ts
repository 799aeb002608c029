// Walks the whole route manifest and every /api/v1 endpoint as signed-out, vendor A, vendor B and
// admin, and checks the status each gets. A route without an entry here fails the test.
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { DEMO_ADMIN, apiSession, newVendor } from "./support/accounts";


type Who = "anonymous" | "vendorA" | "vendorB" | "admin";
type Expect = Record<Who, number>;
const all = (status: number): Expect => ({ anonymous: status, vendorA: status, vendorB: status, admin: status });
const signedIn = (status: number, anonymous: number): Expect => ({ anonymous, vendorA: status, vendorB: status, admin: status });
const adminOnly: Expect = { anonymous: 302, vendorA: 403, vendorB: 403, admin: 200 };
const vendorOnly: Expect = { anonymous: 302, vendorA: 200, vendorB: 200, admin: 403 };
const guestOnly: Expect = { anonymous: 200, vendorA: 302, vendorB: 302, admin: 302 };

type Check = { method?: "GET" | "POST" | "PUT" | "DELETE"; url?: string; data?: unknown; expect: Expect };

/** Keyed by the manifest's path pattern. Each entry lists the requests that prove its access rules. */
const manifest: Record<string, Check[]> = {
  "": [{ expect: all(200) }],
  home: [{ expect: all(200) }],
  signup: [{ expect: guestOnly }],
  login: [{ expect: guestOnly }],
  logout: [{ expect: all(302) }],
  "admin-propertylisting": [{ expect: adminOnly }],
  "vendor-propertylisting": [{ expect: vendorOnly }],
  "api/v1/auth/signup": [{ method: "POST", data: {}, expect: all(400) }, { expect: all(405) }],
  "api/v1/auth/signin": [{ method: "POST", data: {}, expect: all(400) }, { expect: all(405) }],
  "api/v1/auth/me": [{ expect: signedIn(200, 401) }, { method: "POST", expect: all(405) }],
  // Last: it signs each identity out (checked again afterwards).
  "api/v1/auth/logout": [{ method: "POST", expect: all(200) }],
  healthz: [{ expect: all(200) }],
  "__e2e/crash": [{ expect: all(500) }],
  "*": [{ url: "/no-such-page", expect: all(404) }],
};

function paths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return entry.children ? paths(entry.children, path) : [path];
  });
}

test("every route has access rules here", () => {
  const routePaths = [...new Set(paths(routes))];
  expect(routePaths.filter((p) => !(p in manifest)), "routes without an entry in the access-control manifest").toEqual([]);
  expect(Object.keys(manifest).filter((p) => !routePaths.includes(p)), "entries for routes that no longer exist").toEqual([]);
});

test("each identity gets the expected status from every route and endpoint", async ({ baseURL }) => {
  const clients: Record<Who, APIRequestContext> = {
    anonymous: await playwrightRequest.newContext({ baseURL }),
    vendorA: await apiSession(baseURL!, newVendor("vendor-a"), { signUp: true }),
    vendorB: await apiSession(baseURL!, newVendor("vendor-b"), { signUp: true }),
    admin: await apiSession(baseURL!, DEMO_ADMIN),
  };
  const failures: string[] = [];
  const ordered = Object.entries(manifest).sort(([a], [b]) => Number(a === "api/v1/auth/logout") - Number(b === "api/v1/auth/logout"));
  for (const [pattern, checks] of ordered) {
    for (const check of checks) {
      const url = check.url ?? `/${pattern}`;
      const method = check.method ?? "GET";
      for (const who of Object.keys(clients) as Who[]) {
        const response = await clients[who].fetch(url, { method, data: check.data, maxRedirects: 0, failOnStatusCode: false });
        if (response.status() !== check.expect[who]) failures.push(`${method} ${url} as ${who}: expected ${check.expect[who]}, got ${response.status()}`);
      }
    }
  }
  expect(failures).toEqual([]);
  // Logged out everywhere by the last check.
  for (const who of ["vendorA", "vendorB", "admin"] as const) {
    expect((await clients[who].get("/api/v1/auth/me")).status()).toBe(401);
  }
  await Promise.all(Object.values(clients).map((c) => c.dispose()));
});
