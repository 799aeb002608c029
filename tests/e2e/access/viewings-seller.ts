import { expect } from "@playwright/test";

import { adminOnly, all, type Expect, type Fixtures, type Manifest } from "./types";

// The seller's viewings: the home's owner or any admin (acting for the seller); another vendor gets 404 as if
// the home did not exist; buyers 403. The emailed links need no sign-in, only a real signed token.
const ownerOrAdmin: Expect = { anonymous: 302, vendorA: 200, vendorB: 404, buyer: 403, admin: 200 };
const ownerOrAdminApi: Expect = { anonymous: 401, vendorA: 200, vendorB: 404, buyer: 403, admin: 200 };

const homes = new WeakMap<Fixtures, Promise<number>>();
/** Vendor A's home, made once through the API. */
function homeOfA(fixtures: Fixtures) {
  let id = homes.get(fixtures);
  if (!id)
    homes.set(
      fixtures,
      (id = (async () => {
        const response = await fixtures.clients.vendorA.post("/api/v1/vendor/bookings", {
          data: { address: "3 Viewing Lane, Leicester", postcode: "LE1 6EJ", price: 210000, property_type: "Terraced" },
        });
        expect(response.status(), await response.text()).toBe(201);
        return ((await response.json()) as { id: number }).id;
      })()),
    );
  return id;
}

export const viewingsSeller: Manifest = {
  "view-a-property/:projectId/viewings": [
    { url: async (f) => `/view-a-property/${await homeOfA(f)}/viewings`, expect: ownerOrAdmin },
    { url: "/view-a-property/999999/viewings", expect: { ...ownerOrAdmin, vendorA: 404, admin: 404 } },
    {
      method: "POST",
      url: async (f) => `/view-a-property/${await homeOfA(f)}/viewings`,
      // No such viewing of the home: 404, as the API says; other vendors never reach the home.
      form: { id: "999999", action: "confirm" },
      expect: { anonymous: 302, vendorA: 404, vendorB: 404, buyer: 403, admin: 404 },
    },
  ],
  "viewings/:id/respond": [
    { url: "/viewings/1/respond?token=not-a-real-signature", expect: all(400) },
    { method: "POST", url: "/viewings/1/respond?token=not-a-real-signature", expect: all(400) },
  ],
  "viewings/:id/feedback": [
    { url: "/viewings/1/feedback?token=not-a-real-signature", expect: all(400) },
    { method: "POST", url: "/viewings/1/feedback", form: { attended: "no" }, expect: all(400) },
  ],
  "admin/viewings/:id/feedback": [
    { url: "/admin/viewings/999999/feedback", expect: { ...adminOnly, admin: 404 } },
    {
      method: "POST",
      url: "/admin/viewings/999999/feedback",
      form: { attended: "no" },
      expect: { ...adminOnly, admin: 404 },
    },
  ],
  "admin/calendar": [{ expect: adminOnly }, { url: "/admin/calendar?week=2027-03-24", expect: adminOnly }],
  "api/v1/vendor/bookings/:id/viewings": [
    { url: async (f) => `/api/v1/vendor/bookings/${await homeOfA(f)}/viewings`, expect: ownerOrAdminApi },
    { method: "POST", url: "/api/v1/vendor/bookings/1/viewings", expect: all(405) },
  ],
  "api/v1/vendor/bookings/:id/viewings/:viewingId": [
    {
      method: "PUT",
      url: async (f) => `/api/v1/vendor/bookings/${await homeOfA(f)}/viewings/999999`,
      data: { action: "confirm" },
      expect: { anonymous: 401, vendorA: 404, vendorB: 404, buyer: 403, admin: 404 },
    },
    { url: "/api/v1/vendor/bookings/1/viewings/1", expect: all(405) },
  ],
  "api/v1/admin/viewings/:id/feedback": [
    {
      method: "PUT",
      url: "/api/v1/admin/viewings/999999/feedback",
      data: { attended: false },
      expect: { anonymous: 401, vendorA: 403, vendorB: 403, buyer: 403, admin: 404 },
    },
    { url: "/api/v1/admin/viewings/1/feedback", expect: all(405) },
  ],
};
