import { expect } from "@playwright/test";

import { adminOnly, adminOnlyApi, all, type Expect, type Fixtures, type Manifest, signedIn } from "./types";

// A home the agency created, with one seller to check.
const shared = new WeakMap<Fixtures, Promise<{ projectId: number; checkId: number }>>();
function homeWithCheck(fixtures: Fixtures) {
  let made = shared.get(fixtures);
  if (!made) {
    made = (async () => {
      const response = await fixtures.clients.admin.post("/api/v1/admin/projects/create", {
        data: {
          address: "5 Compliance Close, Leicester",
          postcode: "LE1 6EJ",
          price: 215000,
          property_type: "Terraced",
          vendor_name: "Cleo Compliance",
          vendor_email: "cleo-compliance@example.com",
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      const { id: projectId } = (await response.json()) as { id: number };
      fixtures.cleanups.push((admin) => admin.delete(`/api/v1/admin/projects/${projectId}`));
      const check = await fixtures.clients.admin.post(`/api/v1/admin/projects/${projectId}/checks`, {
        data: { fullName: "Cleo Compliance", email: "", capacity: "owner" },
      });
      expect(check.status(), await check.text()).toBe(201);
      return { projectId, checkId: ((await check.json()) as { id: number }).id };
    })();
    shared.set(fixtures, made);
  }
  return made;
}

const adminPost = (admin: number): Expect => ({ anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin });

export const compliance: Manifest = {
  "admin/checks": [{ expect: adminOnly }, { url: "/admin/checks?status=possible_match", expect: adminOnly }],
  "admin/checks/new": [
    { url: async (f) => `/admin/checks/new?projectId=${(await homeWithCheck(f)).projectId}`, expect: adminOnly },
    { url: "/admin/checks/new?projectId=99999999", expect: { ...adminOnly, admin: 404 } },
    {
      method: "POST",
      url: async (f) => `/admin/checks/new?projectId=${(await homeWithCheck(f)).projectId}`,
      form: { full_name: "", capacity: "owner" },
      expect: adminPost(400),
    },
  ],
  "admin/checks/:checkId": [
    { url: async (f) => `/admin/checks/${(await homeWithCheck(f)).checkId}`, expect: adminOnly },
    { url: "/admin/checks/99999999", expect: { ...adminOnly, admin: 404 } },
    {
      method: "POST",
      url: async (f) => `/admin/checks/${(await homeWithCheck(f)).checkId}`,
      form: { intent: "record", evidence: "" },
      expect: adminPost(400),
    },
  ],
  "admin/suspicious-activity": [
    { expect: adminOnly },
    { method: "POST", form: { subject: "", details: "" }, expect: adminPost(400) },
  ],
  // The demo admin is the nominated officer; other staff get a 404 (integration tests cover them).
  "admin/officer": [
    { expect: adminOnly },
    { method: "POST", form: { intent: "assessment", summary: "" }, expect: adminPost(400) },
  ],
  "my-checks": [
    { expect: signedIn(200, 302) },
    { method: "POST", form: { check_id: "99999999" }, expect: signedIn(404, 302) },
  ],
  "api/v1/admin/projects/:id/checks": [
    { url: async (f) => `/api/v1/admin/projects/${(await homeWithCheck(f)).projectId}/checks`, expect: adminOnlyApi },
    { url: "/api/v1/admin/projects/99999999/checks", expect: { ...adminOnlyApi, admin: 404 } },
    { method: "PUT", url: "/api/v1/admin/projects/99999999/checks", expect: all(405) },
  ],
  "api/v1/admin/checks/:id": [
    { url: async (f) => `/api/v1/admin/checks/${(await homeWithCheck(f)).checkId}`, expect: adminOnlyApi },
    { url: "/api/v1/admin/checks/99999999", expect: { ...adminOnlyApi, admin: 404 } },
    { method: "POST", url: "/api/v1/admin/checks/99999999", expect: all(405) },
  ],
  "api/v1/checks": [{ expect: signedIn(200, 401) }, { method: "POST", expect: all(405) }],
};
