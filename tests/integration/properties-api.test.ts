import { describe, expect, test } from "vitest";
import { prisma } from "../../app/lib/db.server";
import { action as search } from "../../app/routes/api.v1.properties.search";
import { loader as featured } from "../../app/routes/api.v1.properties.featured";
import { loader as byId } from "../../app/routes/api.v1.properties.$id";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

async function list(address: string, outcode: string, latitude: number, longitude: number, price: number, status: "completed" | "sold" | "pending" = "completed") {
  return (
    await prisma.project.create({
      data: { status, address, postcode: `${outcode} 1AA`, outcode, latitude, longitude, price, propertyType: "Semi-Detached", bedrooms: 3, bathrooms: 1, description: "A bright home.\n\nSecond paragraph.", keyFeatures: ["Garden"], listedAt: new Date(), vendorEmail: "seller@example.com", vendorPhone: "07700 900000" },
    })
  ).id;
}

const post = (body: unknown, type = "application/json") =>
  search({ request: new Request("http://localhost/api/v1/properties/search", { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "Content-Type": type } }), params: {}, context: { clientIp: "203.0.113.1" } } as never);

describe("POST /api/v1/properties/search", () => {
  test("takes the spec's filters ('40-miles', ['Houses'] …) and answers in the wrapper's shape, sorted", async () => {
    const leicester = await list("1 Granby Street, Leicester", "LE1", 52.6339, -1.1328, 240_000);
    const cheaper = await list("4 Market Street, Leicester", "LE1", 52.6345, -1.1309, 185_000);
    await list("5 Deansgate, Manchester", "M3", 53.4794, -2.2486, 260_000);
    await list("Hidden", "LE1", 52.634, -1.133, 100_000, "pending");

    const response = await post({ postcode: "LE1", searchRadius: "10-miles", propertyTypes: ["Houses"], sort: "price-asc" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, total: 2, message: "2 properties near LE1, Leicester" });
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([cheaper, leicester]);
    expect(body.data[1]).toMatchObject({ id: leicester, price: "£240,000", priceNumeric: 240_000, propertyType: "Semi-Detached", description: "A bright home.", agent: "MoveWise" });
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
    const get = (id: string) => byId({ params: { id }, request: new Request("http://localhost/"), context: {} } as never);
    expect(await (await get(String(listed))).json()).toMatchObject({ success: true, data: { id: listed, address: "1 Granby Street, Leicester" } });
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
