import { expect } from "@playwright/test";

import { all, type Expect, type Fixtures, type Manifest } from "./types";

// Offers: buyers make them and see their own; the home's vendor and admins (acting for the seller) answer them.
// The buyer account here has not confirmed its address: it may open the offer form (which says so), not send one.
const buyerPage: Expect = { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 200, admin: 403 };
const buyerApi: Expect = { anonymous: 401, vendorA: 403, vendorB: 403, buyer: 200, admin: 403 };
const sellerSide: Expect = { anonymous: 302, vendorA: 200, vendorB: 404, buyer: 403, admin: 200 };
const sellerSideApi: Expect = { anonymous: 401, vendorA: 200, vendorB: 404, buyer: 403, admin: 200 };

async function firstBooking({ clients }: Fixtures) {
  const bookings = (await (await clients.anonymous.get("/api/v1/bookings")).json()) as { id: number }[];
  return bookings[0]!.id;
}

// Vendor A's own home (not listed yet: its Offers tab is empty but open).
const homeOfA = new WeakMap<Fixtures, Promise<number>>();
function aHome(fixtures: Fixtures) {
  let id = homeOfA.get(fixtures);
  if (!id) {
    id = (async () => {
      const response = await fixtures.clients.vendorA.post("/api/v1/vendor/bookings", {
        data: {
          address: "2 Offer Access Road, Leicester",
          postcode: "LE1 6EJ",
          price: 200000,
          property_type: "Terraced",
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: number }).id;
    })();
    homeOfA.set(fixtures, id);
  }
  return id;
}

export const offers: Manifest = {
  "view-properties/:projectId/offer": [
    { url: async (f) => `/view-properties/${await firstBooking(f)}/offer`, expect: buyerPage },
    { url: "/view-properties/999999/offer", expect: all(404) },
    {
      method: "POST",
      url: async (f) => `/view-properties/${await firstBooking(f)}/offer`,
      form: { amount: "" },
      expect: { ...buyerPage, buyer: 400 },
    },
  ],
  "my-offers": [
    { expect: buyerPage },
    { method: "POST", form: { offerId: "999999", intent: "withdraw" }, expect: { ...buyerPage, buyer: 404 } },
  ],
  "view-a-property/:projectId/offers": [
    { url: async (f) => `/view-a-property/${await aHome(f)}/offers`, expect: sellerSide },
    {
      method: "POST",
      url: async (f) => `/view-a-property/${await aHome(f)}/offers`,
      form: { offerId: "999999", intent: "accept" },
      expect: { ...sellerSide, vendorA: 404, admin: 404 },
    },
    { url: "/view-a-property/999999/offers", expect: { ...sellerSide, vendorA: 404, admin: 404 } },
  ],
  "offers/:offerId/proof-of-funds": [
    {
      url: "/offers/999999/proof-of-funds",
      expect: { anonymous: 302, vendorA: 404, vendorB: 404, buyer: 403, admin: 404 },
    },
  ],
  "api/v1/properties/:id/offers": [
    {
      method: "POST",
      url: async (f) => `/api/v1/properties/${await firstBooking(f)}/offers`,
      data: {},
      expect: { ...buyerApi, buyer: 400 },
    },
    { url: async (f) => `/api/v1/properties/${await firstBooking(f)}/offers`, expect: all(405) },
  ],
  "api/v1/offers": [{ expect: buyerApi }, { method: "POST", data: {}, expect: all(405) }],
  "api/v1/offers/:id": [
    { method: "PUT", url: "/api/v1/offers/999999", data: { action: "withdraw" }, expect: { ...buyerApi, buyer: 404 } },
    { url: "/api/v1/offers/999999", expect: all(405) },
  ],
  "api/v1/offers/:id/proof-of-funds": [
    // JSON is not a file upload: 415 once the buyer is through.
    { method: "PUT", url: "/api/v1/offers/999999/proof-of-funds", data: {}, expect: { ...buyerApi, buyer: 415 } },
  ],
  "api/v1/vendor/bookings/:id/offers": [
    { url: async (f) => `/api/v1/vendor/bookings/${await aHome(f)}/offers`, expect: sellerSideApi },
    { method: "POST", url: async (f) => `/api/v1/vendor/bookings/${await aHome(f)}/offers`, expect: all(405) },
  ],
  "api/v1/vendor/bookings/:id/offers/:offerId": [
    {
      method: "PUT",
      url: async (f) => `/api/v1/vendor/bookings/${await aHome(f)}/offers/999999`,
      data: { action: "accept" },
      expect: { ...sellerSideApi, vendorA: 404, admin: 404 },
    },
  ],
};
