import { expect } from "@playwright/test";

import { adminOnly, adminOnlyApi, all, type Expect, type Fixtures, type Manifest } from "./types";

// A home that is not listed: its portal history page opens (nothing sent yet) and a resend is refused (409).
const shared = new WeakMap<Fixtures, Promise<number>>();
function pendingHome(fixtures: Fixtures) {
  let id = shared.get(fixtures);
  if (!id) {
    id = (async () => {
      const response = await fixtures.clients.admin.post("/api/v1/admin/projects/create", {
        data: {
          address: "3 Portal Access Road, Leicester",
          postcode: "LE1 6EJ",
          price: 215000,
          property_type: "Terraced",
          vendor_name: "Portal Access Customer",
          vendor_email: "portal-access@example.com",
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      const { id: created } = (await response.json()) as { id: number };
      fixtures.cleanups.push((admin) => admin.delete(`/api/v1/admin/projects/${created}`));
      return created;
    })();
    shared.set(fixtures, id);
  }
  return id;
}

const adminPagePost = (admin: number): Expect => ({ anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin });

export const adminPortals: Manifest = {
  "admin/portals": [
    { expect: adminOnly },
    { url: "/admin/portals?problems=1&page=1", expect: adminOnly },
    // Unknown home, or one that is not listed: the admin is sent back with a message.
    { method: "POST", form: { intent: "resend", projectId: "99999999" }, expect: adminPagePost(302) },
    {
      method: "POST",
      url: "/admin/portals",
      form: { intent: "resend", projectId: "0" },
      expect: adminPagePost(302),
    },
  ],
  "admin/portals/:projectId": [
    { url: async (f) => `/admin/portals/${await pendingHome(f)}`, expect: adminOnly },
    { url: "/admin/portals/99999999", expect: { ...adminOnly, admin: 404 } },
    { url: "/admin/portals/not-a-number", expect: { ...adminOnly, admin: 404 } },
  ],
  "api/v1/admin/portals": [
    { expect: adminOnlyApi },
    { url: "/api/v1/admin/portals?problems=nonsense", expect: { ...adminOnlyApi, admin: 400 } },
    { method: "POST", expect: all(405) },
  ],
  "api/v1/admin/portals/:projectId": [
    { url: async (f) => `/api/v1/admin/portals/${await pendingHome(f)}`, expect: adminOnlyApi },
    { url: "/api/v1/admin/portals/99999999", expect: { ...adminOnlyApi, admin: 404 } },
  ],
  "api/v1/admin/portals/:projectId/resend": [
    {
      method: "POST",
      url: async (f) => `/api/v1/admin/portals/${await pendingHome(f)}/resend`,
      expect: { ...adminOnlyApi, admin: 409 },
    },
    { method: "POST", url: "/api/v1/admin/portals/99999999/resend", expect: { ...adminOnlyApi, admin: 404 } },
    { url: "/api/v1/admin/portals/99999999/resend", expect: all(405) },
  ],
};
