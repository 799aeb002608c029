import { adminOnly, adminOnlyApi, all, type Fixtures, type Manifest } from "./types";

const ann = {
  firstName: "Ann",
  lastName: "Access",
  email: "ann.access@example.com",
  contactNumber: "07700 900123",
  postcode: "SW1A 1AA",
};

/** A real valuation request's id, made through the public API. */
async function valuationId({ clients }: Fixtures) {
  const response = await clients.anonymous.post("/api/v1/valuation/request", { data: ann });
  return ((await response.json()) as { id: number }).id;
}

async function messageId({ clients }: Fixtures) {
  const response = await clients.anonymous.post("/api/v1/contact-us", {
    data: { first_name: "Ann", last_name: "Access", email: ann.email, message: "Hello" },
  });
  return ((await response.json()) as { id: number }).id;
}

const unknownRecord = { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 404 };

export const publicSite: Manifest = {
  "why-choose-us": [{ expect: all(200) }],
  about: [{ expect: all(200) }],
  "privacy-policy": [{ expect: all(200) }],
  "contact-us": [{ expect: all(200) }, { method: "POST", form: {}, expect: all(400) }],
  valuation: [
    { expect: all(200) },
    { method: "POST", form: { intent: "type", valuationType: "instant" }, expect: all(302) },
    { method: "POST", form: { intent: "type", valuationType: "bogus" }, expect: all(400) },
  ],
  "admin/valuations": [{ expect: adminOnly }],
  "admin/valuations/:id": [
    { url: async (f) => `/admin/valuations/${await valuationId(f)}`, expect: adminOnly },
    { url: "/admin/valuations/99999999", expect: unknownRecord },
    {
      method: "POST",
      url: async (f) => `/admin/valuations/${await valuationId(f)}`,
      form: { intent: "handled" },
      expect: { ...adminOnly, admin: 302 },
    },
  ],
  "admin/messages": [{ expect: adminOnly }],
  "admin/messages/:id": [
    { url: async (f) => `/admin/messages/${await messageId(f)}`, expect: adminOnly },
    { url: "/admin/messages/not-a-number", expect: unknownRecord },
    {
      method: "POST",
      url: async (f) => `/admin/messages/${await messageId(f)}`,
      form: { intent: "handled" },
      expect: { ...adminOnly, admin: 302 },
    },
  ],
  "api/v1/contact-us": [{ method: "POST", data: {}, expect: all(400) }, { expect: all(405) }],
  "api/v1/valuation/request": [{ method: "POST", data: {}, expect: all(400) }, { expect: all(405) }],
  "api/v1/valuation/requests": [{ expect: adminOnlyApi }, { method: "POST", data: {}, expect: all(405) }],
  "api/v1/valuation/request/:id": [
    { url: async (f) => `/api/v1/valuation/request/${await valuationId(f)}`, expect: adminOnlyApi },
    { url: "/api/v1/valuation/request/99999999", expect: { ...adminOnlyApi, admin: 404 } },
    { url: "/api/v1/valuation/request/abc", expect: { ...adminOnlyApi, admin: 400 } },
  ],
};
