import { expect } from "@playwright/test";

import { adminOnly, adminOnlyApi, all, type Expect, type Fixtures, type Manifest } from "./types";

// The Sale progress tab: the owner and the agency read it; another vendor gets 404 as if the home did not exist.
const ownerOrAdmin: Expect = { anonymous: 302, vendorA: 200, vendorB: 404, buyer: 403, admin: 200 };

const PROJECT = { address: "3 Sale Road, Leicester", postcode: "LE1 6EJ", price: 210000, property_type: "Terraced" };

const projectOfA = new WeakMap<Fixtures, Promise<number>>();
const aProject = (fixtures: Fixtures) => {
  let id = projectOfA.get(fixtures);
  if (!id)
    projectOfA.set(
      fixtures,
      (id = (async () => {
        const response = await fixtures.clients.vendorA.post("/api/v1/vendor/bookings", { data: PROJECT });
        expect(response.status(), await response.text()).toBe(201);
        return ((await response.json()) as { id: number }).id;
      })()),
    );
  return id;
};

export const sales: Manifest = {
  // The seller's approval: the owner and the agency read it; only the owner decides, only the agency asks.
  "view-a-property/:projectId/approval": [
    { url: async (f) => `/view-a-property/${await aProject(f)}/approval`, expect: ownerOrAdmin },
    {
      // The agency has not asked yet: the owner's decision is refused (409); the admin cannot decide (409 below
      // would be the page's answer to a stale fingerprint, but an admin's decision is refused first: 403).
      method: "POST",
      url: async (f) => `/view-a-property/${await aProject(f)}/approval`,
      form: { intent: "approve", fingerprint: "0".repeat(64) },
      expect: { anonymous: 302, vendorA: 409, vendorB: 404, buyer: 403, admin: 403 },
    },
  ],
  "api/v1/vendor/bookings/:id/approval": [
    {
      url: async (f) => `/api/v1/vendor/bookings/${await aProject(f)}/approval`,
      expect: { anonymous: 401, vendorA: 200, vendorB: 404, buyer: 403, admin: 200 },
    },
    {
      method: "POST",
      url: async (f) => `/api/v1/vendor/bookings/${await aProject(f)}/approval`,
      data: { decision: "approve", fingerprint: "0".repeat(64) },
      expect: { anonymous: 401, vendorA: 409, vendorB: 404, buyer: 403, admin: 403 },
    },
  ],
  "api/v1/admin/projects/:id/approval-request": [
    {
      method: "POST",
      url: "/api/v1/admin/projects/999999/approval-request",
      data: {},
      expect: { anonymous: 401, vendorA: 403, vendorB: 403, buyer: 403, admin: 404 },
    },
  ],
  "admin/complaints": [{ expect: adminOnly }],
  "api/v1/admin/complaints": [{ expect: adminOnlyApi }],
  "api/v1/admin/complaints/:id": [
    {
      method: "PUT",
      url: "/api/v1/admin/complaints/999999",
      data: { final_response: "Sorry." },
      expect: { anonymous: 401, vendorA: 403, vendorB: 403, buyer: 403, admin: 404 },
    },
  ],
  "view-a-property/:projectId/sale": [
    { url: async (f) => `/view-a-property/${await aProject(f)}/sale`, expect: ownerOrAdmin },
    {
      url: "/view-a-property/999999/sale",
      expect: { anonymous: 302, vendorA: 404, vendorB: 404, buyer: 403, admin: 404 },
    },
    {
      // Only the agency changes a sale; this home has none in progress, so the admin's save is a 404.
      method: "POST",
      url: async (f) => `/view-a-property/${await aProject(f)}/sale`,
      form: { intent: "memorandum" },
      expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 404 },
    },
  ],
  "my-offers/:offerId/progress": [
    {
      url: "/my-offers/999999/progress",
      expect: { anonymous: 302, vendorA: 404, vendorB: 404, buyer: 404, admin: 404 },
    },
  ],
  "sales/:saleId/memorandum.pdf": [
    {
      url: "/sales/999999/memorandum.pdf",
      expect: { anonymous: 302, vendorA: 404, vendorB: 404, buyer: 404, admin: 404 },
    },
  ],
  "api/v1/admin/projects/:id/progression": [
    {
      url: async (f) => `/api/v1/admin/projects/${await aProject(f)}/progression`,
      expect: { anonymous: 401, vendorA: 403, vendorB: 403, buyer: 403, admin: 200 },
    },
    {
      method: "PUT",
      url: async (f) => `/api/v1/admin/projects/${await aProject(f)}/progression`,
      data: { subjectTo: "Survey" },
      expect: { anonymous: 401, vendorA: 403, vendorB: 403, buyer: 403, admin: 404 },
    },
    { method: "DELETE", url: "/api/v1/admin/projects/1/progression", expect: all(405) },
  ],
};
