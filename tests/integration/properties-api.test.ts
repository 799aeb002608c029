import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import { loader as byId } from "../../app/routes/api.v1.properties.$id";
import { loader as featured } from "../../app/routes/api.v1.properties.featured";
import { action as search } from "../../app/routes/api.v1.properties.search";
import { action as viewingRequest } from "../../app/routes/api.v1.properties.viewing-request";
import { loader as viewingRequests } from "../../app/routes/api.v1.properties.viewing-requests";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

async function list(
  address: string,
  outcode: string,
  latitude: number,
  longitude: number,
  price: number,
  status: "completed" | "sold" | "pending" = "completed",
) {
  return (
    await prisma.project.create({
      data: {
        status,
        address,
        postcode: `${outcode} 1AA`,
        outcode,
        latitude,
        longitude,
        price,
        propertyType: "Semi-Detached",
        bedrooms: 3,
        bathrooms: 1,
        description: "A bright home.\n\nSecond paragraph.",
        keyFeatures: ["Garden"],
        listedAt: new Date(),
        vendorEmail: "seller@example.com",
        vendorPhone: "07700 900000",
      },
    })
  ).id;
}

const post = (body: unknown, type = "application/json") =>
  search({
    request: new Request("http://localhost/api/v1/properties/search", {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "Content-Type": type },
    }),
    params: {},
    context: { clientIp: "203.0.113.1" },
  } as never);

describe("POST /api/v1/properties/search", () => {
  test("takes the spec's filters ('40-miles', ['Houses'] …) and answers in the wrapper's shape, sorted", async () => {
    const leicester = await list("1 Granby Street, Leicester", "LE1", 52.6339, -1.1328, 240_000);
    const cheaper = await list("4 Market Street, Leicester", "LE1", 52.6345, -1.1309, 185_000);
    await list("5 Deansgate, Manchester", "M3", 53.4794, -2.2486, 260_000);
    await list("Hidden", "LE1", 52.634, -1.133, 100_000, "pending");

    const response = await post({
      postcode: "LE1",
      searchRadius: "10-miles",
      propertyTypes: ["Houses"],
      sort: "price-asc",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      total: 2,
      totalCapped: false,
      message: "2 properties near LE1, Leicester",
    });
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([cheaper, leicester]);
    expect(body.data[1]).toMatchObject({
      id: leicester,
      price: "£240,000",
      priceNumeric: 240_000,
      propertyType: "Semi-Detached",
      description: "A bright home.",
      agent: "MoveWise",
    });
    expect(JSON.stringify(body)).not.toContain("seller@example.com");
    expect(JSON.stringify(body)).not.toContain("07700 900000");

    const areaOnly = await (await post({ postcode: "LE1", searchRadius: "this-area" })).json();
    expect(areaOnly.total).toBe(2);
  });

  test("bad filters get { success: false, error } with a 400", async () => {
    for (const [body, message] of [
      [{ postcode: "ZZ9 9ZZ" }, /We couldn't find "ZZ9 9ZZ"/],
      [{ searchRadius: "7-miles" }, /Choose a search radius/],
      [{ priceMin: "lots" }, /./],
      [{ unknownFilter: 1 }, /./],
    ] as const) {
      const response = await post(body);
      expect(response.status).toBe(400);
      const json = await response.json();
      expect(json.success).toBe(false);
      expect(json.error).toMatch(message);
    }
    const malformed = await post("{nope");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false, error: "The request body is not valid JSON." });
    expect((await post("{}", "text/plain")).status).toBe(415);
  });
});

describe("GET /api/v1/properties/:id and /featured", () => {
  test("a listed property by id; unknown, unlisted or malformed ids are 404", async () => {
    const listed = await list("1 Granby Street, Leicester", "LE1", 52.6339, -1.1328, 240_000);
    const pending = await list("Hidden", "LE1", 52.634, -1.133, 100_000, "pending");
    const get = (id: string) =>
      byId({ params: { id }, request: new Request("http://localhost/"), context: {} } as never);
    expect(await (await get(String(listed))).json()).toMatchObject({
      success: true,
      data: { id: listed, address: "1 Granby Street, Leicester" },
    });
    for (const id of [String(pending), "999999", "abc", "1.5"]) {
      const response = await get(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, error: "No listed property has that id." });
    }
  });

  test("featured lists the newest homes still for sale", async () => {
    await list("Sold one", "LE1", 52.6339, -1.1328, 240_000, "sold");
    const forSale = await list("For sale", "LE1", 52.6339, -1.1328, 240_000);
    const body = await (await featured()).json();
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([forSale]);
  });
});

describe("viewing requests through the search flow's API", () => {
  const dayAfterTomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const post = (body: unknown) =>
    viewingRequest({
      request: new Request("http://localhost/api/v1/properties/viewing-request", {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json" },
      }),
      params: {},
      context: { clientIp: "203.0.113.9" },
    } as never);
  const person = { firstName: "Priya", lastName: "Shah", email: "priya@example.com", phoneNumber: "07700 900456" };

  test("accepts both payload shapes, answers in the wrapper's shape, and refuses today or 18:00 with a message", async () => {
    const id = await list("1 Granby Street, Leicester", "LE1", 52.6339, -1.1328, 240_000);
    const a = await post({ propertyId: id, ...person, preferredDate: dayAfterTomorrow(), preferredTime: "14:30" });
    expect(a.status).toBe(201);
    expect(await a.json()).toMatchObject({
      success: true,
      message: "Viewing request submitted successfully! We'll be in touch soon.",
      data: { propertyId: id, preferredTime: "14:30" },
    });
    const b = await post({ bookingId: id, ...person, preferredDate: dayAfterTomorrow(), preferredTime: "02:30 PM" });
    expect(await b.json()).toMatchObject({ success: true, data: { preferredTime: "14:30" } });

    const today = await post({
      propertyId: id,
      ...person,
      preferredDate: new Date().toISOString().slice(0, 10),
      preferredTime: "10:00",
    });
    expect(today.status).toBe(400);
    expect(await today.json()).toMatchObject({ success: false, error: expect.any(String) });
    const late = await post({ propertyId: id, ...person, preferredDate: dayAfterTomorrow(), preferredTime: "18:00" });
    expect(late.status).toBe(400);
    expect(await prisma.viewingRequest.count()).toBe(2);
  });

  test("admins list them, optionally for one property; others are refused", async () => {
    const first = await list("1 Granby Street, Leicester", "LE1", 52.6339, -1.1328, 240_000);
    const second = await list("4 Market Street, Leicester", "LE1", 52.6345, -1.1309, 185_000);
    await post({ propertyId: first, ...person, preferredDate: dayAfterTomorrow(), preferredTime: "10:00" });
    await post({ propertyId: second, ...person, preferredDate: dayAfterTomorrow(), preferredTime: "11:00" });
    const admin = await prisma.user.create({
      data: { email: "boss@example.com", fullName: "Boss", passwordHash: "x", role: "admin" },
    });
    const vendor = await prisma.user.create({
      data: { email: "seller@example.com", fullName: "Seller", passwordHash: "x", role: "vendor" },
    });
    const get = async (userId: number | null, query = "") => {
      const cookie = userId ? (await createUserSession(userId, { persistent: false })).split(";")[0]! : "";
      return viewingRequests({
        request: new Request(`http://localhost/api/v1/properties/viewing-requests${query}`, {
          headers: { Cookie: cookie },
        }),
        params: {},
        context: {},
      } as never);
    };
    const all = await (await get(admin.id)).json();
    expect(all).toMatchObject({ success: true, total: 2 });
    const one = await (await get(admin.id, `?propertyId=${second}`)).json();
    expect(one.data.map((r: { project: { id: number } }) => r.project.id)).toEqual([second]);
    expect((await get(admin.id, "?propertyId=abc")).status).toBe(400);
    expect((await get(vendor.id)).status).toBe(403);
    expect(await (await get(null)).json()).toMatchObject({ success: false, error: "Sign in to continue." });
  });
});
