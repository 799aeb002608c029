import { expect } from "@playwright/test";

import { all, type Expect, type Fixtures, type Manifest, type Who } from "./types";

/** Pages of one vendor's project: the owner sees it, another vendor gets 404 as if it did not exist. */
const ownerOnly: Expect = { anonymous: 302, vendorA: 200, vendorB: 404, buyer: 403, admin: 403 };
const ownerOnlyApi: Expect = { anonymous: 401, vendorA: 200, vendorB: 404, buyer: 403, admin: 403 };
const vendorPage: Expect = { anonymous: 302, vendorA: 200, vendorB: 200, buyer: 403, admin: 403 };

const PROJECT = { address: "1 Access Road, Leicester", postcode: "LE1 6EJ", price: 200000, property_type: "Terraced" };

async function createProject(fixtures: Fixtures, who: Who) {
  const response = await fixtures.clients[who].post("/api/v1/vendor/bookings", { data: PROJECT });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

// Vendor A's project, created once through the API and shared by the read-only checks.
const projectOfA = new WeakMap<Fixtures, Promise<number>>();
const aProject = (fixtures: Fixtures) => {
  let id = projectOfA.get(fixtures);
  if (!id) projectOfA.set(fixtures, (id = createProject(fixtures, "vendorA")));
  return id;
};

// Deleting and signing change the project: each such check gets a fresh one. Vendor A (checked before
// vendor B) must fail on vendor B's project; vendor B then may act on it.
const freshProjectOfB = (fixtures: Fixtures) => createProject(fixtures, "vendorB");

export const vendor: Manifest = {
  "vendor-property-details": [
    { expect: vendorPage },
    {
      method: "POST",
      form: { address: "" },
      expect: { anonymous: 302, vendorA: 400, vendorB: 400, buyer: 403, admin: 403 },
    },
  ],
  success: [{ expect: vendorPage }],
  "sign-contract/:projectId": [
    { url: async (f) => `/sign-contract/${await aProject(f)}`, expect: ownerOnly },
    { url: "/sign-contract/999999", expect: { anonymous: 302, vendorA: 404, vendorB: 404, buyer: 403, admin: 403 } },
    {
      method: "POST",
      url: async (f) => `/sign-contract/${await freshProjectOfB(f)}`,
      // Vendor B's wrong hash gets 409 (the contract "changed"): the request reached B's own contract.
      form: { signer_name: "Someone", agree: "on", contract_hash: "0".repeat(64) },
      expect: { anonymous: 302, vendorA: 404, vendorB: 409, buyer: 403, admin: 403 },
    },
  ],
  "sign-contract/:projectId/contract.pdf": [
    { url: async (f) => `/sign-contract/${await aProject(f)}/contract.pdf`, expect: ownerOnly },
  ],
  "view-a-property/:projectId": [
    { url: async (f) => `/view-a-property/${await aProject(f)}`, expect: ownerOnly },
    {
      url: "/view-a-property/not-a-number",
      expect: { anonymous: 302, vendorA: 404, vendorB: 404, buyer: 403, admin: 403 },
    },
  ],
  "vendor-propertylisting/:projectId/delete": [
    { url: async (f) => `/vendor-propertylisting/${await aProject(f)}/delete`, expect: ownerOnly },
    {
      method: "POST",
      url: async (f) => `/vendor-propertylisting/${await freshProjectOfB(f)}/delete`,
      expect: { anonymous: 302, vendorA: 404, vendorB: 302, buyer: 403, admin: 403 },
    },
  ],
  "api/v1/vendor/bookings": [
    { expect: { anonymous: 401, vendorA: 200, vendorB: 200, buyer: 403, admin: 403 } },
    { method: "POST", data: {}, expect: { anonymous: 401, vendorA: 400, vendorB: 400, buyer: 403, admin: 403 } },
    { method: "PUT", data: {}, expect: all(405) },
  ],
  "api/v1/vendor/bookings/:id/contract": [
    { url: async (f) => `/api/v1/vendor/bookings/${await aProject(f)}/contract`, expect: ownerOnlyApi },
    {
      method: "POST",
      url: async (f) => `/api/v1/vendor/bookings/${await freshProjectOfB(f)}/contract`,
      // As for the page: vendor B's stale hash gets 409, so the request reached B's own contract.
      data: { signer_name: "Someone", agree: true, contract_hash: "0".repeat(64) },
      expect: { anonymous: 401, vendorA: 404, vendorB: 409, buyer: 403, admin: 403 },
    },
    { method: "PUT", url: "/api/v1/vendor/bookings/1/contract", data: {}, expect: all(405) },
  ],
  "api/v1/vendor/bookings/:id": [
    { url: async (f) => `/api/v1/vendor/bookings/${await aProject(f)}`, expect: ownerOnlyApi },
    {
      method: "DELETE",
      url: async (f) => `/api/v1/vendor/bookings/${await freshProjectOfB(f)}`,
      expect: { anonymous: 401, vendorA: 404, vendorB: 200, buyer: 403, admin: 403 },
    },
    { method: "PUT", url: "/api/v1/vendor/bookings/1", data: {}, expect: all(405) },
  ],
};
