import { describe, expect, test } from "vitest";

import { Prisma } from "../../app/generated/prisma/client";
import { prisma } from "../../app/lib/db.server";
import {
  findPublicListing,
  findPublicListingCard,
  listingCards,
  listingDetailSelect,
  listingSearchSql,
  listPublicListings,
  publicListingIds,
} from "../../app/modules/listings/listings.server";
import { LISTINGS_PAGE_SIZE, WORD_SEARCH_PAGED_MATCHES } from "../../app/modules/listings/query";
import { SITEMAP_IDS_PER_PART } from "../../app/modules/listings/sitemap.server";
import { loader as bookingsLoader } from "../../app/routes/api.v1.bookings";
import { loader as bookingLoader } from "../../app/routes/api.v1.bookings.$id";
import { loader as robotsLoader } from "../../app/routes/robots.txt";
import { loader as sitemapLoader } from "../../app/routes/sitemap.xml";
import { loader as listLoader } from "../../app/routes/view-properties";
import { loader as detailLoader } from "../../app/routes/view-properties.$projectId";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";

setupTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
const listRequest = (query = "") =>
  ({
    request: new Request(`http://localhost/view-properties${query}`),
    params: {},
    context: { clientIp: "203.0.113.1" },
  }) as never;
const bookingsPage = (query = "") =>
  bookingsLoader({
    request: new Request(`http://localhost/api/v1/bookings${query}`),
    params: {},
    context: {},
  } as never);
const detail = (id: string | number) =>
  detailLoader({
    request: new Request(`http://localhost/view-properties/${id}`),
    params: { projectId: String(id) },
    context: { clientIp: "203.0.113.1" },
  } as never);

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
}

describe("the property list", () => {
  test("shows listed and sold homes (sold last), never pending ones", async () => {
    const older = await createListing({
      address: "1 Old Road, Leicester LE2 1AA",
      listedAt: new Date(Date.now() - 5 * DAY),
    });
    const newer = await createListing({
      address: "2 New Road, Leicester LE2 1AB",
      listedAt: new Date(Date.now() - DAY),
    });
    const sold = await createListing({
      address: "3 Sold Road, Leicester LE2 1AC",
      status: "sold",
      listedAt: new Date(),
    });
    await createListing({ address: "4 Pending Road, Leicester LE2 1AD", status: "pending", listedAt: null });
    const result = await listLoader(listRequest());
    expect(result.total).toBe(3);
    expect(result.listings.map((l) => l.id)).toEqual([newer.id, older.id, sold.id]);
    expect(result.listings.at(-1)).toMatchObject({ status: "sold" });
  });

  test("searches address or property type, every word, ignoring case", async () => {
    await createListing({ address: "10 Granby Street, Leicester LE1 6EJ", propertyType: "Terraced" });
    await createListing({ address: "5 Park Lane, Manchester M1 2AB", propertyType: "Flat/Apartment" });
    await createListing({ address: "7 High Street, Leicester LE2 3CD", propertyType: "Semi-Detached" });
    const titles = async (q: string) =>
      (await listLoader(listRequest(`?q=${encodeURIComponent(q)}`))).listings.map((l) => l.address);
    expect(await titles("LEICESTER")).toHaveLength(2);
    expect(await titles("flat")).toEqual(["5 Park Lane, Manchester M1 2AB"]);
    expect(await titles("leicester semi")).toEqual(["7 High Street, Leicester LE2 3CD"]);
    expect(await titles("le1")).toEqual(["10 Granby Street, Leicester LE1 6EJ"]);
    expect(await titles("bungalow")).toEqual([]);
    // Punctuation separates words, in the search as in the address.
    expect(await titles("flat/apartment")).toEqual(["5 Park Lane, Manchester M1 2AB"]);
    expect(await titles("semi-detached, leicester.")).toEqual(["7 High Street, Leicester LE2 3CD"]);
    expect(await titles("granby, le1.")).toEqual(["10 Granby Street, Leicester LE1 6EJ"]);
  });

  test("a search of punctuation alone matches nothing, and reads no listing to say so", async () => {
    await createListing({ address: "10 Granby Street, Leicester LE1 6EJ" });
    for (const q of ["%", "_", "%%%", "--- / ---"]) {
      const result = await listLoader(listRequest(`?q=${encodeURIComponent(q)}`));
      expect({ q, total: result.total, listings: result.listings }).toEqual({ q, total: 0, listings: [] });
    }
    // No index can look for punctuation: a condition on it would test every listing (0.35 s for "%%%" at
    // 100,000 listings on PGlite). The planner sees a constant false instead.
    const plan = (
      await prisma.$queryRaw<Record<string, string>[]>(
        Prisma.sql`EXPLAIN SELECT COUNT(*) FROM "Project" p WHERE ${listingSearchSql("%%%")}`,
      )
    ).map((row) => Object.values(row)[0]);
    expect(plan.join("\n")).toContain("One-Time Filter: false");
    expect(plan.join("\n")).not.toMatch(/Scan on "?Project"?/);
  });

  test("a word of one or two characters (an outcode, a house number) matches a whole word, from an index", async () => {
    await createListing({ address: "5 Park Lane, Manchester M1 2AB" });
    await createListing({ address: "15 Mill Road, Manchester M11 4HX" });
    await createListing({ address: "2 Sum Close, Sutton SM1 1AA" });
    await createListing({ address: "1 High Street, Manchester M1 7ED", propertyType: "Flat/Apartment" });
    const titles = async (q: string) =>
      (await listLoader(listRequest(`?q=${encodeURIComponent(q)}`))).listings.map((l) => l.address).sort();
    expect(await titles("m1")).toEqual(["1 High Street, Manchester M1 7ED", "5 Park Lane, Manchester M1 2AB"]);
    expect(await titles("M1 park")).toEqual(["5 Park Lane, Manchester M1 2AB"]);
    expect(await titles("5")).toEqual(["5 Park Lane, Manchester M1 2AB"]);
    expect(await titles("m1 flat")).toEqual(["1 High Street, Manchester M1 7ED"]);
    // Three characters or more still match anywhere in a word.
    expect(await titles("m11")).toEqual(["15 Mill Road, Manchester M11 4HX"]);
    // The statement's expression is the index's (as PostgreSQL normalises both), so the planner can read
    // Project_words_idx rather than every listing. (Which it reads depends on the table: on these four rows,
    // none.)
    const plan = await prisma.$queryRaw<Record<string, string>[]>(
      Prisma.sql`EXPLAIN SELECT COUNT(*) FROM "Project" p WHERE ${listingSearchSql("W8")}`,
    );
    const expression = /(regexp_split_to_array\(.*?'::text\)) @> '\{w8\}'/.exec(
      plan.map((row) => Object.values(row)[0]).join("\n"),
    )?.[1];
    const [index] = await prisma.$queryRaw<{ indexdef: string }[]>`
      SELECT indexdef FROM pg_indexes WHERE indexname = 'Project_words_idx'`;
    expect(expression).toBeTruthy();
    expect(index?.indexdef).toContain(`USING gin (${expression}) WHERE`);
  });

  test("a word search pages alike whether it sorts its few matches or walks the order's index for many", async () => {
    const prices = [300_000, 100_000, 500_000, 200_000, 400_000, 250_000];
    const ids: number[] = [];
    for (const [i, price] of prices.entries())
      ids.push((await createListing({ address: `${i + 1} Mill Road, Ayr KA8 9JY`, price })).id);
    await createListing({ address: "3 High Street, Leicester LE1 6EJ", price: 150_000 });
    const byPrice = [...ids].sort((a, b) => prices[ids.indexOf(a)]! - prices[ids.indexOf(b)]!);
    for (const sort of ["any", "price-desc", "price-asc"] as const) {
      // The count given chooses the way: one match is read first, a million walk the order's index.
      const pages = async (total: number) =>
        Promise.all([0, 2, 4].map((skip) => publicListingIds({ q: "ka8 mill", sort }, { skip, take: 2, total })));
      const sorted = await pages(1);
      expect(await pages(1_000_000)).toEqual(sorted);
      if (sort === "price-asc") expect(sorted.flat()).toEqual(byPrice);
      if (sort === "price-desc") expect(sorted.flat()).toEqual([...byPrice].reverse());
      if (sort === "any") expect(sorted.flat().sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    }
  });

  test("a word search pages through its first 1,000 matches, and its count, on the page and in the API, tells all", async () => {
    const matches = WORD_SEARCH_PAGED_MATCHES + 5;
    await prisma.project.createMany({
      data: Array.from({ length: matches }, (_, i) => ({
        status: "completed" as const,
        address: `${i + 1} Capped Lane, Ayr KA8 9JY`,
        postcode: "KA8 9JY",
        outcode: "KA8",
        price: 200_000 + i,
        propertyType: "Terraced",
        bedrooms: 2,
        bathrooms: 1,
        listedAt: new Date(),
        vendorName: "Vera Vendor",
        vendorEmail: "vera.vendor@example.com",
      })),
    });
    const pages = Math.ceil(WORD_SEARCH_PAGED_MATCHES / LISTINGS_PAGE_SIZE);
    // A page past them shows the last one, which ends at the 1,000th match.
    const last = await listLoader(listRequest("?q=capped&sort=price-asc&page=5000"));
    expect(last).toMatchObject({
      total: matches,
      pagedTotal: WORD_SEARCH_PAGED_MATCHES,
      page: pages,
      pageCount: pages,
    });
    expect(last.listings.map((l) => l.price)).toEqual(
      Array.from(
        { length: WORD_SEARCH_PAGED_MATCHES - (pages - 1) * LISTINGS_PAGE_SIZE },
        (_, i) => 200_000 + (pages - 1) * LISTINGS_PAGE_SIZE + i,
      ),
    );
    // The whole list is not a word search: all its pages are there.
    expect(await listLoader(listRequest("?page=5000"))).toMatchObject({
      total: matches,
      pageCount: Math.ceil(matches / LISTINGS_PAGE_SIZE),
    });

    const api = async (query: string) => {
      const response = await bookingsPage(query);
      return { body: (await response.json()) as { price: number }[], headers: response.headers };
    };
    const tenth = await api("?q=capped&sort=price-asc&page=10&pageSize=100");
    expect(tenth.body.map((b) => b.price)).toEqual(Array.from({ length: 100 }, (_, i) => 200_900 + i));
    expect(tenth.headers.get("X-Total-Count")).toBe(String(matches));
    expect(tenth.headers.get("Link")).toBeNull();
    expect((await api("?q=capped&sort=price-asc&page=9&pageSize=100")).headers.get("Link")).toContain("page=10");
    expect((await api("?q=capped&sort=price-asc&page=11&pageSize=100")).body).toEqual([]);
    expect((await api("?sort=price-asc&page=11&pageSize=100")).body.map((b) => b.price)).toEqual(
      Array.from({ length: 5 }, (_, i) => 201_000 + i),
    );
  });

  test("sorts by price on the server and pages through the results", async () => {
    for (const price of [300_000, 100_000, 500_000, 200_000, 400_000]) await createListing({ price });
    expect((await listLoader(listRequest("?sort=price-desc"))).listings.map((l) => l.price)).toEqual([
      500_000, 400_000, 300_000, 200_000, 100_000,
    ]);
    expect((await listLoader(listRequest("?sort=price-asc"))).listings.map((l) => l.price)).toEqual([
      100_000, 200_000, 300_000, 400_000, 500_000,
    ]);
    const page2 = await listPublicListings({ q: "", sort: "price-asc", page: 2 }, 2);
    expect(page2).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect(page2.listings.map((l) => l.price)).toEqual([300_000, 400_000]);
    // A page past the end shows the last one.
    expect((await listPublicListings({ q: "", sort: "price-asc", page: 99 }, 2)).listings.map((l) => l.price)).toEqual([
      500_000,
    ]);
  });

  test("cards carry the cover photo, the photo count and the document links", async () => {
    await createListing({ photos: 3, floorPlan: true, epc: true });
    const [card] = (await listLoader(listRequest())).listings;
    expect(card).toMatchObject({ imageCount: 3, hasEpc: true, hasRics: false, ricsUrl: null, hasFloorPlan: true });
    expect(card!.images).toHaveLength(1);
    expect(card!.images[0]!.srcSet).toMatch(/^\/img\/320\/images\/\w+\.jpg 320w, /);
    expect(card!.epcUrl).toMatch(/^\/media\/documents\/\w+\.pdf$/);
    expect(JSON.stringify(card)).not.toMatch(/vera vendor|vera.vendor|07700/i);
  });

  test("cards are read for public listings only, whoever asks for them", async () => {
    const listed = await createListing();
    const sold = await createListing({ status: "sold" });
    const pending = await createListing({ status: "pending", listedAt: null });
    const cards = await listingCards([listed.id, sold.id, pending.id]);
    expect(cards.get(listed.id)?.listing.id).toBe(listed.id);
    expect(cards.get(sold.id)?.listing.status).toBe("sold");
    expect(cards.get(pending.id)).toBeUndefined();
  });
});

describe("the property page", () => {
  test("lays out the description and converts the size at 0.092903 m² per sq ft", async () => {
    const listing = await createListing({
      sizeSqft: 1130,
      description: "A bay-fronted terrace.\n\nAccommodation:\n\nHall\nKitchen\nTwo bedrooms\n\nClose to the park.",
    });
    const page = await detail(listing.id);
    expect(page.listing.sizeSqm).toBe(105);
    expect(page.listing.descriptionBlocks).toEqual([
      { kind: "paragraph", text: "A bay-fronted terrace." },
      { kind: "heading", text: "Accommodation" },
      { kind: "list", items: ["Hall", "Kitchen", "Two bedrooms"] },
      { kind: "paragraph", text: "Close to the park." },
    ]);
    expect(page.headline).toBe("3 bedroom detached house for sale");
    expect(page.seo.jsonLd).toMatchObject({
      "@type": "RealEstateListing",
      offers: { price: 250_000, priceCurrency: "GBP" },
    });
    expect(JSON.stringify(page)).not.toMatch(/vera vendor|vera.vendor|07700 900999/i);
  });

  test("an unknown, malformed or unlisted id is a 404", async () => {
    const pending = await createListing({ status: "pending" });
    expect(await statusOf(detail("abc"))).toBe(404);
    expect(await statusOf(detail("999999"))).toBe(404);
    expect(await statusOf(detail("99999999999"))).toBe(404);
    expect(await statusOf(detail(pending.id))).toBe(404);
  });

  test("similar properties: listed, not this one, a property type sharing a word, at most 3, closest in price first", async () => {
    const current = await createListing({ propertyType: "Semi-Detached", price: 300_000 });
    const detached = await createListing({ propertyType: "Detached", price: 310_000 });
    const semi = await createListing({ propertyType: "semi-detached", price: 280_000 });
    const farDetached = await createListing({ propertyType: "Detached", price: 900_000 });
    const nearDetached = await createListing({ propertyType: "Detached", price: 301_000 });
    await createListing({ propertyType: "Terraced", price: 300_000 });
    await createListing({ propertyType: "Detached", price: 300_000, status: "sold" });
    await createListing({ propertyType: "Detached", price: 300_000, status: "pending" });
    const page = await detail(current.id);
    expect(page.similar.map((s) => s.id)).toEqual([nearDetached.id, detached.id, semi.id]);
    expect(page.similar.map((s) => s.id)).not.toContain(farDetached.id);
    const flat = await createListing({ propertyType: "Flat/Apartment" });
    expect((await detail(flat.id)).similar).toEqual([]);
  });

  test("similar properties are the nearest in price on either side, among every listed home of the types", async () => {
    const current = await createListing({ propertyType: "Detached", price: 300_000 });
    const above = [];
    for (const price of [305_000, 302_000, 304_000, 303_000])
      above.push(await createListing({ propertyType: "Detached", price }));
    const below = await createListing({ propertyType: "Semi-Detached", price: 299_000 });
    await createListing({ propertyType: "Detached", price: 250_000 });
    expect((await detail(current.id)).similar.map((s) => s.id)).toEqual([below.id, above[1]!.id, above[3]!.id]);
  });

  test("a listing read with SQL is the row Prisma reads: photos, plans, documents, tours and price history in order", async () => {
    const home = await createListing({
      photos: 3,
      floorPlan: true,
      epc: true,
      brochure: true,
      keyFeatures: ["South-facing garden", "Two bathrooms"],
      listedAt: new Date("2026-03-02T10:00:00.123Z"),
      councilTaxBand: "C",
      latitude: 52.6,
      longitude: -1.13,
    });
    await prisma.virtualTour.createMany({
      data: [
        { projectId: home.id, url: "https://my.matterport.com/show/?m=abc" },
        { projectId: home.id, url: "https://www.youtube.com/watch?v=xyz" },
      ],
    });
    await prisma.priceChange.createMany({
      data: [
        { projectId: home.id, fromPrice: 320_000, toPrice: 310_000, changedAt: new Date("2026-04-01T09:30:00.5Z") },
        { projectId: home.id, fromPrice: 310_000, toPrice: 300_000, changedAt: new Date("2026-05-01T23:59:59.999Z") },
      ],
    });
    const read = await findPublicListing(home.id);
    expect(read).toEqual(await prisma.project.findFirst({ where: { id: home.id }, select: listingDetailSelect }));
    expect(read?.priceChanges.map((change) => change.changedAt.toISOString())).toEqual([
      "2026-05-01T23:59:59.999Z",
      "2026-04-01T09:30:00.500Z",
    ]);
    expect(read).toMatchObject({
      listedAt: new Date("2026-03-02T10:00:00.123Z"),
      keyFeatures: ["South-facing garden", "Two bathrooms"],
    });
    expect(read?.images).toHaveLength(3);
    expect(read?.documents.map((document) => document.type).sort()).toEqual(["EPC", "OTHER"]);
    const pending = await createListing({ status: "pending" });
    expect(await findPublicListing(pending.id)).toBeNull();
  });

  test("similar homes' cards, read with SQL, are the cards every list shows (photos, floor plan, EPC, sale status)", async () => {
    const current = await createListing({ propertyType: "Detached", price: 300_000 });
    const full = await createListing({
      propertyType: "Detached",
      price: 301_000,
      photos: 3,
      floorPlan: true,
      epc: true,
      brochure: true,
      listedAt: new Date("2026-03-02T10:00:00Z"),
    });
    const bare = await createListing({ propertyType: "Detached", price: 299_000, saleStatus: "under_offer" });
    const { similar } = await detail(current.id);
    expect(similar.map((s) => s.id)).toEqual([full.id, bare.id]);
    expect(similar).toEqual([await findPublicListingCard(full.id), await findPublicListingCard(bare.id)]);
    expect(similar[0]).toMatchObject({ imageCount: 3, hasFloorPlan: true, hasEpc: true, hasRics: false });
    expect(similar[1]).toMatchObject({ imageCount: 0, hasFloorPlan: false, saleStatus: "under-offer" });
  });
});

describe("GET /api/v1/bookings", () => {
  test("lists public listings in the spec's snake_case shape, without the vendor's details", async () => {
    const listing = await createListing({
      photos: 2,
      floorPlan: true,
      epc: true,
      latitude: 52.6,
      longitude: -1.1,
      keyFeatures: ["Garden"],
      councilTaxBand: "B",
    });
    await createListing({ status: "pending" });
    await createListing({ status: "sold" });
    const response = await bookingsPage();
    const body = (await response.json()) as Record<string, unknown>[];
    expect(body).toHaveLength(2);
    const booking = body.find((b) => b.id === listing.id)!;
    expect(booking).toMatchObject({
      status: "completed",
      address: listing.address,
      price: 250_000,
      property_type: "Detached",
      bedrooms: 3,
      bathrooms: 1,
      key_features: ["Garden"],
      map_location: "52.6, -1.1",
      council_tax: "Band B",
      parking: false,
      virtual_tour_url: null,
      floor_plans: [{ url: expect.stringMatching(/^http:\/\/localhost:\d+\/media\/floorplans\//) }],
      documents: [{ name: "EPC certificate.pdf", type: "EPC", url: expect.stringContaining("/media/documents/") }],
      virtual_tours: [],
    });
    expect(booking.images).toEqual([
      { url: expect.stringContaining("/media/images/"), alt_text: "Photo 1" },
      { url: expect.stringContaining("/media/images/"), alt_text: "Photo 2" },
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/vendor_email|vendor_phone|vendor_name|vera vendor|vera.vendor|07700 900999/i);
  });

  test("pages with ?page=&pageSize=, telling the total and the next page in headers", async () => {
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push((await createListing({ price: 100_000 + i * 1000 })).id);
    const get = async (query: string) => {
      const response = await bookingsPage(query);
      return {
        response,
        body: response.status === 200 ? ((await response.json()) as { id: number }[]) : await response.json(),
      };
    };
    const first = await get("?sort=price-asc&pageSize=2");
    expect(first.body.map((b: { id: number }) => b.id)).toEqual(ids.slice(0, 2));
    expect(first.response.headers.get("X-Total-Count")).toBe("5");
    expect(first.response.headers.get("Link")).toBe('</api/v1/bookings?sort=price-asc&pageSize=2&page=2>; rel="next"');
    const last = await get("?sort=price-asc&pageSize=2&page=3");
    expect(last.body.map((b: { id: number }) => b.id)).toEqual(ids.slice(4));
    expect(last.response.headers.get("Link")).toBeNull();
    for (const query of ["?sort=price-asc&pageSize=2&page=4", "?q=road&page=100000&pageSize=100"]) {
      const past = await get(query);
      expect(past.body, query).toEqual([]);
      expect(past.response.headers.get("X-Total-Count"), query).toBe(query.includes("road") ? "0" : "5");
    }
    expect((await get("")).body).toHaveLength(5);
    const bad = await get("?pageSize=500");
    expect(bad.response.status).toBe(400);
    const pageSizeError = "pageSize must be a whole number from 1 to 100.";
    expect(bad.body).toEqual({ message: pageSizeError, errors: { pageSize: [pageSizeError] } });
    // The document's enum is what the handler reads the query with: an unknown sort is refused, not ignored.
    const unknownSort = await get("?sort=cheapest");
    expect(unknownSort.response.status).toBe(400);
    expect(unknownSort.body).toMatchObject({ errors: { sort: [expect.stringContaining("price-asc")] } });
  });

  test("one booking by id; an unknown, malformed or pending id answers 404 JSON", async () => {
    const listing = await createListing();
    const pending = await createListing({ status: "pending" });
    const get = (id: string) =>
      bookingLoader({
        request: new Request(`http://localhost/api/v1/bookings/${id}`),
        params: { id },
        context: {},
      } as never);
    const found = await get(String(listing.id));
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ id: listing.id, status: "completed" });
    for (const id of ["999999", "abc", String(pending.id)]) {
      const missing = await get(id);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: "No listed property has this id." });
    }
  });
});

describe("sitemap and robots", () => {
  const sitemap = (query = "") =>
    sitemapLoader({ request: new Request(`http://localhost/sitemap.xml${query}`), params: {}, context: {} } as never);
  const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

  test("the sitemap lists the public pages and the homes on the market", async () => {
    const listed = await createListing();
    const sold = await createListing({ status: "sold" });
    const pending = await createListing({ status: "pending" });
    const response = await sitemap();
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/view-properties<\/loc>/);
    expect(xml).toContain(`/view-properties/${listed.id}</loc><lastmod>`);
    expect(xml).not.toContain(`/view-properties/${sold.id}<`);
    expect(xml).not.toContain(`/view-properties/${pending.id}<`);
  });

  test("homes past the first part's ids make it an index of parts, each one range of ids, read alone", async () => {
    const first = await createListing();
    // The next listing's id lies in the third part.
    await prisma.$queryRaw`SELECT setval(pg_get_serial_sequence('"Project"', 'id'), ${2 * SITEMAP_IDS_PER_PART + 10})`;
    const far = await createListing();
    expect(Math.ceil(far.id / SITEMAP_IDS_PER_PART)).toBe(3);

    const index = await (await sitemap()).text();
    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locations(index).map((loc) => new URL(loc).search)).toEqual(["?part=1", "?part=2", "?part=3"]);

    const parts = await Promise.all(
      ["?part=1", "?part=2", "?part=3"].map(async (query) => (await sitemap(query)).text()),
    );
    const paths = parts.map((xml) => locations(xml).map((loc) => new URL(loc).pathname));
    expect(paths[0]).toContain("/view-properties");
    expect(paths[0]).toContain(`/view-properties/${first.id}`);
    expect(paths[1]).toEqual([]);
    expect(paths[2]).toEqual([`/view-properties/${far.id}`]);
    expect(parts[1]).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n\n<\/urlset>/);

    for (const query of ["?part=4", "?part=0", "?part=01", "?part=two", "?part=1.5", "?part=", "?part=99999999999"])
      expect((await sitemap(query)).status, query).toBe(404);
  });

  test("robots.txt points at the sitemap and keeps crawlers out of private areas", async () => {
    const text = await robotsLoader().text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap.xml$/m);
  });
});
