import { expect } from "@playwright/test";

import { adminOnly, adminOnlyApi, all, type Expect, type Fixtures, type Manifest } from "./types";

const PROJECT = {
  address: "2 Access Road, Leicester",
  postcode: "LE1 6EJ",
  price: 210000,
  property_type: "Detached",
  vendor_name: "Access Customer",
  vendor_email: "access-customer@example.com",
};

async function createProject(fixtures: Fixtures) {
  const response = await fixtures.clients.admin.post("/api/v1/admin/projects/create", { data: PROJECT });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  fixtures.cleanups.push((admin) => admin.delete(`/api/v1/admin/projects/${id}`));
  return id;
}

// One project for the read-only checks; changes (status, delete) each get a fresh one, acted on by the admin last.
const shared = new WeakMap<Fixtures, Promise<number>>();
const aProject = (fixtures: Fixtures) => {
  let id = shared.get(fixtures);
  if (!id) shared.set(fixtures, (id = createProject(fixtures)));
  return id;
};

async function listedProject(fixtures: Fixtures) {
  const id = await createProject(fixtures);
  expect((await fixtures.clients.admin.put(`/api/v1/admin/projects/${id}/mark-completed`)).status()).toBe(200);
  return id;
}

const adminPagePost = (admin: number): Expect => ({ anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin });
const adminApiCall = (admin: number): Expect => ({ anonymous: 401, vendorA: 403, vendorB: 403, buyer: 403, admin });

export const adminProjects: Manifest = {
  "admin-create-property": [
    { expect: adminOnly },
    { method: "POST", form: { address: "" }, expect: adminPagePost(400) },
  ],
  "admin-property-details": [{ expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 302 } }],
  "admin-property-details/:projectId": [
    { url: async (f) => `/admin-property-details/${await aProject(f)}?tab=details`, expect: adminOnly },
    {
      url: "/admin-property-details/not-a-number",
      expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 404 },
    },
    {
      url: "/admin-property-details/999999",
      expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 404 },
    },
    {
      method: "POST",
      url: async (f) => `/admin-property-details/${await createProject(f)}`,
      form: { intent: "mark-completed" },
      expect: adminPagePost(302),
    },
    {
      method: "POST",
      url: async (f) => `/admin-property-details/${await aProject(f)}?tab=details`,
      form: { intent: "details", address: "" },
      expect: adminPagePost(400),
    },
    {
      method: "POST",
      url: async (f) => `/admin-property-details/${await createProject(f)}`,
      form: { intent: "revoke-payment-link" },
      expect: adminPagePost(302),
    },
  ],
  "admin-propertylisting/:projectId/delete": [
    { url: async (f) => `/admin-propertylisting/${await aProject(f)}/delete`, expect: adminOnly },
    {
      method: "POST",
      url: async (f) => `/admin-propertylisting/${await createProject(f)}/delete`,
      expect: adminPagePost(302),
    },
  ],
  "api/v1/admin/projects": [{ expect: adminOnlyApi }, { method: "POST", data: {}, expect: all(405) }],
  "api/v1/admin/projects/create": [{ method: "POST", data: {}, expect: adminApiCall(400) }, { expect: all(405) }],
  "api/v1/admin/projects/:id": [
    { url: async (f) => `/api/v1/admin/projects/${await aProject(f)}`, expect: adminOnlyApi },
    { url: "/api/v1/admin/projects/999999", expect: adminApiCall(404) },
    {
      method: "PUT",
      url: async (f) => `/api/v1/admin/projects/${await aProject(f)}`,
      data: {},
      expect: adminApiCall(400),
    },
    { method: "DELETE", url: async (f) => `/api/v1/admin/projects/${await createProject(f)}`, expect: adminOnlyApi },
    { method: "POST", url: "/api/v1/admin/projects/1", data: {}, expect: all(405) },
  ],
  "api/v1/admin/projects/:id/payment-link": [
    { url: async (f) => `/api/v1/admin/projects/${await aProject(f)}/payment-link`, expect: adminOnlyApi },
    { url: "/api/v1/admin/projects/999999/payment-link", expect: adminApiCall(404) },
    {
      method: "DELETE",
      url: async (f) => `/api/v1/admin/projects/${await createProject(f)}/payment-link`,
      expect: adminOnlyApi,
    },
    { method: "POST", url: "/api/v1/admin/projects/1/payment-link", data: {}, expect: all(405) },
  ],
  "api/v1/admin/projects/:id/mark-completed": [
    {
      method: "PUT",
      url: async (f) => `/api/v1/admin/projects/${await createProject(f)}/mark-completed`,
      expect: adminOnlyApi,
    },
    { url: "/api/v1/admin/projects/1/mark-completed", expect: all(405) },
  ],
  "api/v1/admin/projects/:id/mark-sold": [
    {
      method: "PUT",
      url: async (f) => `/api/v1/admin/projects/${await listedProject(f)}/mark-sold`,
      expect: adminOnlyApi,
    },
    {
      method: "PUT",
      url: async (f) => `/api/v1/admin/projects/${await createProject(f)}/mark-sold`,
      expect: adminApiCall(409),
    },
    { url: "/api/v1/admin/projects/1/mark-sold", expect: all(405) },
  ],
};
