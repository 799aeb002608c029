// Price changes an admin makes to a listed home reach buyers: "Reduced from …" and the price history on the
// property page, the labels' facts on cards, and previousPrice / priceReducedAt in the public API.
import { beforeAll, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { geocodePostcode } from "../../app/modules/geo/geocode.server";
import { listPublicListings } from "../../app/modules/listings/listings.server";
import { parseListingQuery } from "../../app/modules/listings/query";
import { updateAdminProject } from "../../app/modules/projects/admin-projects.server";
import { AdminProjectDetailsSchema } from "../../app/modules/projects/schemas";
import { getProperty } from "../../app/modules/search/properties.server";
import * as propertyPage from "../../app/routes/view-properties.$projectId";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";

setupTestDatabase();

beforeAll(() => geocodePostcode("LE1 6EJ"), 120_000);

const body = { address: "12 Granby Street, Leicester", postcode: "LE1 6EJ", property_type: "Terraced" };

async function admin() {
  const user = await prisma.user.create({
    data: {
      email: "ada@example.com",
      fullName: "Ada Admin",
      phoneNumber: "07700 900123",
      passwordHash: "x",
      role: "admin",
    },
  });
  return { id: user.id, ipAddress: "203.0.113.1" };
}

const setPrice = (actor: { id: number; ipAddress: string }, id: number, price: number) =>
  updateAdminProject({ actor, id, input: AdminProjectDetailsSchema.parse({ ...body, price }) });

const page = async (id: number) =>
  (await propertyPage.loader({
    request: new Request(`http://localhost/view-properties/${id}`),
    params: { projectId: String(id) },
    context: {},
  } as never)) as Exclude<Awaited<ReturnType<typeof propertyPage.loader>>, Response>;

describe("price reductions", () => {
  test("a reduction shows the previous price everywhere; a later rise is history, not a reduction", async () => {
    const actor = await admin();
    const { id } = await createListing({ price: 350_000, listedAt: new Date("2026-11-01T10:00:00Z") });

    await setPrice(actor, id, 325_000);
    const api = await getProperty(id);
    expect(api).toMatchObject({ priceNumeric: 325_000, previousPrice: 350_000 });
    expect(Date.parse(api!.priceReducedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const { listings } = await listPublicListings(parseListingQuery(new URLSearchParams()));
    expect(listings.find((l) => l.id === id)).toMatchObject({ price: 325_000, previousPrice: 350_000 });
    const reduced = await page(id);
    expect(reduced.listing.priceHistory).toEqual([
      { fromPrice: 350_000, toPrice: 325_000, changedAt: expect.any(String) },
    ]);

    await setPrice(actor, id, 330_000);
    expect(await getProperty(id)).toMatchObject({ priceNumeric: 330_000, previousPrice: null, priceReducedAt: null });
    expect((await page(id)).listing.priceHistory.map((c) => [c.fromPrice, c.toPrice])).toEqual([
      [325_000, 330_000],
      [350_000, 325_000],
    ]);
  });

  test("changes before a home is listed are not history, and a sold home is not 'reduced'", async () => {
    const actor = await admin();
    const { id: draft } = await createListing({ status: "pending", listedAt: null, price: 300_000 });
    await setPrice(actor, draft, 280_000);
    expect(await prisma.priceChange.count({ where: { projectId: draft } })).toBe(0);

    const { id: sold } = await createListing({ status: "sold", price: 300_000, previousPrice: 320_000 });
    expect(await getProperty(sold)).toMatchObject({ previousPrice: null, priceReducedAt: null });
  });
});
