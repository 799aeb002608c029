// Walks the whole route manifest and every /api/v1 endpoint as signed-out, vendor A, vendor B, a buyer
// and admin, and checks the status each gets. A route without an entry in ./access/ fails the test.
import { type APIRequestContext, expect, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";

import routes from "../../app/routes";
import { accounts } from "./access/accounts";
import { adminPortals } from "./access/admin-portals";
import { adminProjects } from "./access/admin-projects";
import { adminUploads } from "./access/admin-uploads";
import { apiDocs } from "./access/api-docs";
import { compliance } from "./access/compliance";
import { foundation } from "./access/foundation";
import { hardening } from "./access/hardening";
import { listings } from "./access/listings";
import { offers } from "./access/offers";
import { payments } from "./access/payments";
import { portalFeeds } from "./access/portal-feeds";
import { publicSite } from "./access/public-site";
import { sales } from "./access/sales";
import { savedSearches } from "./access/saved-searches";
import { search } from "./access/search";
import { shortlist } from "./access/shortlist";
import type { Fixtures, Manifest, Who } from "./access/types";
import { vendor } from "./access/vendor";
import { viewingsSeller } from "./access/viewings-seller";
import { apiContext, apiSession, DEMO_ADMIN, newBuyer, newVendor } from "./support/accounts";

// One file per area; add yours here.
const manifest: Manifest = {
  ...foundation,
  ...publicSite,
  ...listings,
  ...search,
  ...vendor,
  ...payments,
  ...adminUploads,
  ...apiDocs,
  ...adminProjects,
  ...hardening,
  ...accounts,
  ...shortlist,
  ...savedSearches,
  ...viewingsSeller,
  ...offers,
  ...sales,
  ...portalFeeds,
  ...adminPortals,
  ...compliance,
};

function paths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return entry.children ? paths(entry.children, path) : [path];
  });
}

test("every route has access rules here", () => {
  const routePaths = [...new Set(paths(routes))];
  expect(
    routePaths.filter((p) => !(p in manifest)),
    "routes without an entry in tests/e2e/access/",
  ).toEqual([]);
  expect(
    Object.keys(manifest).filter((p) => !routePaths.includes(p)),
    "entries for routes that no longer exist",
  ).toEqual([]);
});

test("each identity gets the expected status from every route and endpoint", async ({ baseURL }) => {
  // Hundreds of requests, four identities each: far more than one page's budget on a busy machine.
  test.setTimeout(300_000);
  const clients: Record<Who, APIRequestContext> = {
    anonymous: await apiContext(baseURL!),
    vendorA: await apiSession(baseURL!, newVendor("vendor-a"), { signUp: true }),
    vendorB: await apiSession(baseURL!, newVendor("vendor-b"), { signUp: true }),
    buyer: await apiSession(baseURL!, newBuyer("buyer"), { signUp: true }),
    admin: await apiSession(baseURL!, DEMO_ADMIN),
  };
  const fixtures: Fixtures = { clients, cleanups: [] };
  const failures: string[] = [];
  const signOutLast = ([a]: [string, unknown], [b]: [string, unknown]) =>
    Number(a === "api/v1/auth/logout") - Number(b === "api/v1/auth/logout");
  for (const [pattern, checks] of Object.entries(manifest).sort(signOutLast)) {
    for (const check of checks) {
      const url = typeof check.url === "function" ? await check.url(fixtures) : (check.url ?? `/${pattern}`);
      const method = check.method ?? "GET";
      for (const who of Object.keys(clients) as Who[]) {
        const response = await clients[who].fetch(url, {
          method,
          data: check.data,
          form: check.form,
          maxRedirects: 0,
          failOnStatusCode: false,
        });
        if (response.status() !== check.expect[who])
          failures.push(`${method} ${url} as ${who}: expected ${check.expect[who]}, got ${response.status()}`);
      }
    }
  }
  expect(failures).toEqual([]);
  for (const who of ["vendorA", "vendorB", "buyer", "admin"] as const) {
    expect((await clients[who].get("/api/v1/auth/me")).status(), `${who} is signed out by the last check`).toBe(401);
  }
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  for (const cleanup of fixtures.cleanups) await cleanup(admin);
  await Promise.all([admin, ...Object.values(clients)].map((c) => c.dispose()));
});
