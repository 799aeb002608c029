// The listings' HTTP contract as served by the production build: JSON API, image variants, SEO files.
import { expect, test } from "@playwright/test";

import { findBooking, today, tomorrow } from "./support/listings";

test("GET /api/v1/bookings: the public listings in the spec's shape, without vendor contact details", async ({
  request,
}) => {
  const response = await request.get("/api/v1/bookings");
  expect(response.status()).toBe(200);
  const bookings = (await response.json()) as Record<string, unknown>[];
  expect(bookings).toHaveLength(30);
  expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(["completed", "sold"]));
  for (const key of [
    "id",
    "status",
    "address",
    "price",
    "property_type",
    "bedrooms",
    "bathrooms",
    "size_sqft",
    "tenure",
    "key_features",
    "description",
    "created_at",
    "booking_date",
    "map_location",
    "council_tax",
    "parking",
    "garden",
    "accessibility",
    "virtual_tour_url",
    "images",
    "documents",
    "floor_plans",
    "virtual_tours",
  ]) {
    expect(bookings[0], key).toHaveProperty(key);
  }
  expect(JSON.stringify(bookings)).not.toMatch(/vendor_email|vendor_phone|@example\.com|07700/);

  const sorted = (await (await request.get("/api/v1/bookings?sort=price-desc&q=flat")).json()) as {
    price: number;
    property_type: string;
  }[];
  expect(sorted.length).toBeGreaterThan(1);
  expect(sorted.every((b) => /flat/i.test(b.property_type))).toBe(true);
  expect(sorted.map((b) => b.price)).toEqual([...sorted.map((b) => b.price)].sort((a, b) => b - a));

  const one = await request.get(`/api/v1/bookings/${bookings[0]!.id}`);
  expect(await one.json()).toEqual(bookings[0]);
  const missing = await request.get("/api/v1/bookings/999999");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: "No listed property has this id." });
});

test("POST /api/v1/viewings/request takes both payload shapes and refuses today and times off the half-hour slots", async ({
  request,
}) => {
  const home = await findBooking(request, (b) => b.status === "completed");
  const person = { firstName: "Kim", lastName: "Lee", email: "kim.lee@example.org", phoneNumber: "07700 900777" };
  const shapeA = await request.post("/api/v1/viewings/request", {
    data: { propertyId: home.id, ...person, preferredDate: tomorrow(), preferredTime: "14:30", message: "Hello" },
  });
  expect(shapeA.status()).toBe(201);
  expect((await shapeA.json()).viewingRequest).toMatchObject({
    propertyId: home.id,
    preferredTime: "14:30",
    status: "pending",
  });
  const shapeB = await request.post("/api/v1/viewings/request", {
    data: { bookingId: home.id, ...person, preferredDate: tomorrow(), preferredTime: "02:30 PM" },
  });
  expect(shapeB.status()).toBe(201);
  expect((await shapeB.json()).viewingRequest.preferredTime).toBe("14:30");

  const refused = await request.post("/api/v1/viewings/request", {
    data: { propertyId: home.id, ...person, preferredDate: today(), preferredTime: "18:00" },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors).toEqual({
    preferredDate: ["Choose tomorrow or a later date."],
    preferredTime: ["Choose a half-hour slot between 9:00 AM and 5:30 PM."],
  });
  for (const preferredTime of ["1:00 AM", "2:15 PM"]) {
    const offSlot = await request.post("/api/v1/viewings/request", {
      data: { propertyId: home.id, ...person, preferredDate: tomorrow(), preferredTime },
    });
    expect(offSlot.status(), preferredTime).toBe(400);
    expect((await offSlot.json()).errors).toEqual({
      preferredTime: ["Choose a half-hour slot between 9:00 AM and 5:30 PM."],
    });
  }
  const notJson = await request.post("/api/v1/viewings/request", { form: { propertyId: String(home.id) } });
  expect(notJson.status()).toBe(415);
});

test("image variants: WebP at an allowed width, cached for a year; anything else refused", async ({ request }) => {
  const home = await findBooking(request, (b) => b.images.length > 0);
  const key = home.images[0]!.url.replace(/^.*\/media\//, "");
  const response = await request.get(`/img/640/${key}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = await response.body();
  expect(body.subarray(8, 12).toString("ascii")).toBe("WEBP");
  expect((await request.get(`/img/641/${key}`)).status()).toBe(404);
  expect((await request.get("/img/640/images/..%2F..%2Fsession-secret")).status()).toBe(400);
  expect((await request.get("/img/640/no-such-folder/abc.jpg")).status()).toBe(404);
});

test("the property page has JSON-LD, Open Graph and a canonical address; sitemap and robots point at it", async ({
  request,
  baseURL,
}) => {
  const home = await findBooking(request, (b) => b.status === "completed");
  const html = await (await request.get(`/view-properties/${home.id}`)).text();
  const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
  expect(ld).toMatchObject({
    "@type": "RealEstateListing",
    url: `${baseURL}/view-properties/${home.id}`,
    offers: { "@type": "Offer", price: home.price, priceCurrency: "GBP" },
  });
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/view-properties/${home.id}"/>`);
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="${baseURL}/img/1280/images/`));
  expect(html).toContain(`<meta property="og:title"`);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(await sitemap.text()).toContain(`<loc>${baseURL}/view-properties/${home.id}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
