import { adminOnly, all, type Fixtures, type Manifest } from "./types";

/** A listed home from the public API, for routes that need a real id or image. */
async function firstBooking({ clients }: Fixtures) {
  const bookings = (await (await clients.anonymous.get("/api/v1/bookings")).json()) as {
    id: number;
    images: { url: string }[];
  }[];
  return bookings[0]!;
}

const tomorrow = () => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const listings: Manifest = {
  "view-properties": [
    { expect: all(200) },
    { url: "/view-properties?q=leicester&sort=price-desc&page=2", expect: all(200) },
  ],
  "view-properties/:projectId": [
    { url: async (f) => `/view-properties/${(await firstBooking(f)).id}`, expect: all(200) },
    { url: "/view-properties/999999", expect: all(404) },
    { url: "/view-properties/abc", expect: all(404) },
  ],
  "view-properties/:projectId/request-viewing": [
    { url: async (f) => `/view-properties/${(await firstBooking(f)).id}/request-viewing`, expect: all(200) },
    {
      url: async (f) => `/view-properties/${(await firstBooking(f)).id}/request-viewing`,
      method: "POST",
      form: { firstName: "" },
      expect: all(400),
    },
    { url: "/view-properties/999999/request-viewing", expect: all(404) },
  ],
  "admin/viewings": [
    { expect: adminOnly },
    {
      method: "POST",
      form: { decision: "confirmed", id: "999999" },
      expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 404 },
    },
  ],
  "img/:width/*": [
    {
      url: async (f) => (await firstBooking(f)).images[0]!.url.replace(/^https?:\/\/[^/]+\/media\//, "/img/640/"),
      expect: all(200),
    },
    { url: "/img/123/images/abc.jpg", expect: all(404) },
  ],
  "sitemap.xml": [{ expect: all(200) }],
  "robots.txt": [{ expect: all(200) }],
  "api/v1/bookings": [{ expect: all(200) }, { method: "POST", data: {}, expect: all(405) }],
  "api/v1/bookings/:id": [
    { url: async (f) => `/api/v1/bookings/${(await firstBooking(f)).id}`, expect: all(200) },
    { url: "/api/v1/bookings/999999", expect: all(404) },
  ],
  "api/v1/viewings/request": [
    { method: "POST", data: {}, expect: all(400) },
    {
      method: "POST",
      data: {
        propertyId: 999999,
        firstName: "A",
        lastName: "B",
        email: "a@example.com",
        phoneNumber: "07700 900123",
        preferredDate: tomorrow(),
      },
      expect: all(404),
    },
    { expect: all(405) },
  ],
};
