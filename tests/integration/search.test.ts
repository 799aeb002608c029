import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { SearchSchema } from "../../app/modules/search/filters";
import { searchListings, warmSearchIndexes } from "../../app/modules/search/search.server";
import { action as searchApi } from "../../app/routes/api.v1.properties.search";
import { loader as resultsPage } from "../../app/routes/property-search";
import { setupTestDatabase } from "../support/database";
import { routeArgs } from "../support/payments";

setupTestDatabase();

const now = new Date("2026-11-21T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

type Home = {
  address: string;
  outcode: string;
  latitude: number;
  longitude: number;
  price: number;
  propertyType?: string;
  bedrooms?: number;
  listedAt?: Date;
  status?: "pending" | "completed" | "sold";
};

async function list(home: Home) {
  const { id } = await prisma.project.create({
    data: {
      status: home.status ?? "completed",
      address: home.address,
      postcode: `${home.outcode} 1AA`,
      outcode: home.outcode,
      latitude: home.latitude,
      longitude: home.longitude,
      price: home.price,
      propertyType: home.propertyType ?? "Terraced",
      bedrooms: home.bedrooms ?? 3,
      listedAt: home.listedAt ?? daysAgo(10),
    },
  });
  return id;
}

const search = (query: Record<string, string>) => searchListings(SearchSchema.parse(query), { now });

/** Random numbers in [0, 1) from a seed: the same homes on every run. */
function seededRandom(seed: number) {
  return () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
}

/**
 * A listed home's status, price and listing date for the tests of the search's orders: some not listed, some
 * sold, some undated, and ties in price and date.
 */
function orderedHome(i: number, rand: () => number) {
  return {
    status: (i % 10 === 0 ? "pending" : i % 7 === 0 ? "sold" : "completed") as "pending" | "sold" | "completed",
    price: 100_000 + Math.floor(rand() * 5) * 50_000,
    listedAt: i % 9 === 0 ? null : daysAgo(10 + Math.floor(rand() * 4)),
  };
}

type Ordered = { id: number; price: number; listedAt: Date | null };
const time = (d: Date | null) => d?.getTime() ?? null;
const byDate = (dir: 1 | -1) => (a: Ordered, b: Ordered) => {
  const [x, y] = [time(a.listedAt), time(b.listedAt)];
  if (x === null || y === null) return x === y ? dir * (a.id - b.id) : x === null ? 1 : -1;
  return x === y ? dir * (a.id - b.id) : dir * (x - y);
};
/** The results' orders as buyers see them: undated homes last, ties by id. */
const ORDERS = {
  "price-desc": (a: Ordered, b: Ordered) => b.price - a.price || b.id - a.id,
  "price-asc": (a: Ordered, b: Ordered) => a.price - b.price || a.id - b.id,
  newest: byDate(-1),
  oldest: byDate(1),
};

describe("radius search", () => {
  test("LE1 within 10 miles finds Leicester, not Manchester; 'This area only' keeps to LE1; sorting by price orders", async () => {
    const cityCentre = await list({
      address: "1 Granby Street, Leicester",
      outcode: "LE1",
      latitude: 52.6339,
      longitude: -1.1328,
      price: 240_000,
    });
    const clarendon = await list({
      address: "9 Clarendon Park Road, Leicester",
      outcode: "LE2",
      latitude: 52.6168,
      longitude: -1.1166,
      price: 310_000,
    });
    const market = await list({
      address: "4 Market Street, Leicester",
      outcode: "LE1",
      latitude: 52.6345,
      longitude: -1.1309,
      price: 185_000,
    });
    await list({
      address: "5 Deansgate, Manchester",
      outcode: "M3",
      latitude: 53.4794,
      longitude: -2.2486,
      price: 260_000,
    });
    await list({
      address: "Pending, Leicester",
      outcode: "LE1",
      latitude: 52.634,
      longitude: -1.133,
      price: 200_000,
      status: "pending",
    });

    const tenMiles = await search({ postcode: "LE1", radius: "10", sort: "price-desc" });
    expect(tenMiles.matches.map((m) => m.id)).toEqual([clarendon, cityCentre, market]);
    expect(tenMiles.total).toBe(3);
    expect(tenMiles.matches[0]!.distanceMiles).toBeGreaterThan(0.5);
    expect(tenMiles.matches[0]!.distanceMiles).toBeLessThan(2);

    const areaOnly = await search({ postcode: "le1", radius: "area", sort: "price-asc" });
    expect(areaOnly.matches.map((m) => m.id)).toEqual([market, cityCentre]);

    const wholeArea = await search({ postcode: "LE", radius: "area" });
    expect(wholeArea.total).toBe(3);

    const fromManchester = await search({ postcode: "M1", radius: "40" });
    expect(fromManchester.total).toBe(1);
    const everywhere = await search({ postcode: "M1", radius: "40", sort: "price-asc" });
    expect(everywhere.matches).toHaveLength(1);
  });

  test("a full postcode is the centre; the distance is real", async () => {
    const near = await list({
      address: "Near SW1A",
      outcode: "SW1A",
      latitude: 51.503,
      longitude: -0.128,
      price: 900_000,
    });
    await list({ address: "Brighton", outcode: "BN1", latitude: 50.8225, longitude: -0.1372, price: 400_000 });
    const result = await search({ postcode: "sw1a1aa", radius: "1" });
    expect(result.place).toMatchObject({ kind: "postcode", code: "SW1A 1AA" });
    expect(result.matches.map((m) => m.id)).toEqual([near]);
    expect(result.matches[0]!.distanceMiles).toBeCloseTo(0.6, 0);
    expect((await search({ postcode: "SW1A 1AA", radius: "40" })).total).toBe(1); // Brighton is 47 miles away
    expect((await search({ postcode: "SW1A 1AA", radius: "40" })).total).toBe(1);
  });

  test("filters: type, price, bedrooms (5 = 5 or more) and added to site", async () => {
    const flat = await list({
      address: "Flat",
      outcode: "LE1",
      latitude: 52.634,
      longitude: -1.133,
      price: 150_000,
      propertyType: "Flat/Apartment",
      bedrooms: 1,
      listedAt: daysAgo(0.5),
    });
    const house = await list({
      address: "House",
      outcode: "LE1",
      latitude: 52.634,
      longitude: -1.133,
      price: 420_000,
      propertyType: "Detached",
      bedrooms: 6,
      listedAt: daysAgo(5),
    });
    const bungalow = await list({
      address: "Bungalow",
      outcode: "LE1",
      latitude: 52.634,
      longitude: -1.133,
      price: 280_000,
      propertyType: "Bungalow",
      bedrooms: 2,
      listedAt: daysAgo(20),
    });
    const ids = async (q: Record<string, string>) =>
      (await search({ postcode: "LE1", radius: "1", sort: "price-asc", ...q })).matches.map((m) => m.id);
    expect(await ids({ type: "houses" })).toEqual([house]);
    expect(await ids({ type: "flats" })).toEqual([flat]);
    expect(await ids({ type: "bungalows" })).toEqual([bungalow]);
    expect(await ids({ type: "land" })).toEqual([]);
    expect(await ids({ minPrice: "200000", maxPrice: "300000" })).toEqual([bungalow]);
    expect(await ids({ minBeds: "5" })).toEqual([house]);
    expect(await ids({ minBeds: "2", maxBeds: "5" })).toEqual([bungalow, house]);
    expect(await ids({ maxBeds: "2" })).toEqual([flat, bungalow]);
    expect(await ids({ added: "1" })).toEqual([flat]);
    expect(await ids({ added: "7" })).toEqual([flat, house]);
    expect(await ids({ sort: "newest" })).toEqual([flat, house, bungalow]);
    expect(await ids({ sort: "oldest" })).toEqual([bungalow, house, flat]);
  });

  test("pages through the results", async () => {
    for (let i = 0; i < 5; i++)
      await list({
        address: `Home ${i}`,
        outcode: "LE1",
        latitude: 52.634,
        longitude: -1.133,
        price: 100_000 + i * 1000,
      });
    const first = await searchListings(SearchSchema.parse({ postcode: "LE1", sort: "price-asc" }), {
      now,
      pageSize: 2,
    });
    const third = await searchListings(SearchSchema.parse({ postcode: "LE1", sort: "price-asc", page: "3" }), {
      now,
      pageSize: 2,
    });
    const beyond = await searchListings(SearchSchema.parse({ postcode: "LE1", sort: "price-asc", page: "9" }), {
      now,
      pageSize: 2,
    });
    expect(first).toMatchObject({ total: 5, pageCount: 3 });
    expect(third.matches).toHaveLength(1);
    expect(beyond).toMatchObject({ total: 5, matches: [] });
  });

  test("a dense search's page is the same whether read along the sort order or by sorting every match, and its count stops at the cap", async () => {
    // Homes around LE1 (some beyond 20 miles, some not listed, some undated, ties in price and date), and
    // 240 far away that come first in every order. With the count capped at 20 the search is dense and
    // walks the sort order (search.server.ts walkPage); a walk of 40 entries reads only far homes and the
    // search sorts instead, a walk of 1,000 reads them all and finds the page. Either way the page and the
    // order are the formula's, and the count is exact up to the cap and "more than the cap" beyond it.
    const centre = (await search({ postcode: "LE1", radius: "20" })).place!; // a place: no drawn area
    const rand = seededRandom(7);
    const near = Array.from({ length: 60 }, (_, i) => ({
      address: `Near ${i}`,
      outcode: "LE1",
      latitude: centre.latitude + (rand() - 0.5) * 0.8,
      longitude: centre.longitude + (rand() - 0.5) * 1.2,
      propertyType: "Terraced",
      ...orderedHome(i, rand),
    }));
    const far = Array.from({ length: 240 }, (_, i) => ({
      status: "completed" as const,
      address: `Far ${i}`,
      outcode: "M3",
      latitude: 53.4794,
      longitude: -2.2486,
      price: i % 2 === 0 ? 9_000_000 + i : 10_000 + i,
      propertyType: "Terraced",
      listedAt: i % 2 === 0 ? daysAgo(1) : daysAgo(900),
    }));
    await prisma.project.createMany({ data: [...near, ...far].map((h) => ({ ...h, postcode: `${h.outcode} 1AA` })) });

    const r = Math.PI / 180;
    const miles = (h: { latitude: number; longitude: number }) =>
      3958.8 *
      2 *
      Math.asin(
        Math.sqrt(
          Math.sin((h.latitude * r - centre.latitude * r) / 2) ** 2 +
            Math.cos(centre.latitude * r) *
              Math.cos(h.latitude * r) *
              Math.sin((h.longitude * r - centre.longitude * r) / 2) ** 2,
        ),
      );
    const rows = await prisma.project.findMany({
      where: { outcode: "LE1", address: { startsWith: "Near " } },
      select: { id: true, status: true, latitude: true, longitude: true, price: true, listedAt: true },
    });
    const matching = rows.filter(
      (h) => h.status !== "pending" && miles({ latitude: h.latitude!, longitude: h.longitude! }) <= 20,
    );
    expect(matching.length).toBeGreaterThan(20);
    expect(matching.length).toBeLessThan(rows.length - 10);
    // The last: the walk always runs out, and the matches read to bound the sorted page are all of them, so the
    // bound is the page's own last home: a bound that left its home out would lose it.
    const caps = [
      {},
      { countCap: 20, walkLimit: 40 },
      { countCap: 20, walkLimit: 1000 },
      { countCap: matching.length - 1, walkLimit: 1 },
    ];
    for (const [sort, compare] of Object.entries(ORDERS)) {
      const expected = [...matching].sort(compare).map((h) => h.id);
      for (const cap of caps) {
        const countCap = cap.countCap ?? Infinity;
        const reachable = Math.min(expected.length, countCap);
        for (const pageSize of [1, 5]) {
          for (const page of [1, 2, 3, Math.ceil(reachable / pageSize), Math.ceil(reachable / pageSize) + 1]) {
            const result = await searchListings(
              SearchSchema.parse({ postcode: "LE1", radius: "20", sort, page: String(page) }),
              { now, pageSize, ...cap },
            );
            const { total, totalCapped } = result;
            expect({ sort, cap, pageSize, page, total, totalCapped, ids: result.matches.map((m) => m.id) }).toEqual({
              sort,
              cap,
              pageSize,
              page,
              total: reachable,
              totalCapped: expected.length > countCap,
              ids: expected.slice((page - 1) * pageSize, Math.min(page * pageSize, reachable)),
            });
          }
        }
      }
    }
  });

  test("a district's page is its matches sorted, in every order, past the cap too, with or without a type", async () => {
    // Homes in LE1 (some not listed, some undated, ties in price and date, two types) and in LE2 next door. A
    // district search reads its matches from the outcode's index and sorts them (search.server.ts).
    const rand = seededRandom(11);
    const homes = Array.from({ length: 90 }, (_, i) => ({
      address: `Home ${i}`,
      outcode: i % 3 === 0 ? "LE2" : "LE1",
      latitude: 52.63 + rand() * 0.01,
      longitude: -1.13 + rand() * 0.01,
      propertyType: i % 2 === 0 ? "Terraced" : "Flat/Apartment",
      ...orderedHome(i, rand),
    }));
    await prisma.project.createMany({ data: homes.map((h) => ({ ...h, postcode: `${h.outcode} 1AA` })) });
    const rows = await prisma.project.findMany({
      where: { outcode: "LE1", status: { in: ["completed", "sold"] } },
      select: { id: true, price: true, listedAt: true, propertyType: true },
    });
    for (const type of ["any", "flats"]) {
      const matching = rows.filter((h) => type === "any" || h.propertyType === "Flat/Apartment");
      expect(matching.length).toBeGreaterThan(20);
      for (const [sort, compare] of Object.entries(ORDERS)) {
        const expected = [...matching].sort(compare).map((h) => h.id);
        for (const countCap of [undefined, 20]) {
          const reachable = Math.min(expected.length, countCap ?? Infinity);
          for (const page of [1, 2, 4, Math.ceil(reachable / 5) + 1]) {
            const result = await searchListings(
              SearchSchema.parse({ postcode: "LE1 5WW", radius: "area", type, sort, page: String(page) }),
              { now, pageSize: 5, ...(countCap && { countCap }) },
            );
            expect({ type, sort, countCap, page, total: result.total, ids: result.matches.map((m) => m.id) }).toEqual({
              type,
              sort,
              countCap,
              page,
              total: reachable,
              ids: expected.slice((page - 1) * 5, Math.min(page * 5, reachable)),
            });
          }
        }
      }
    }
  });

  test("reading the search indexes ahead (at start-up) changes no result", async () => {
    await list({ address: "Home", outcode: "LE1", latitude: 52.634, longitude: -1.133, price: 100_000 });
    const before = await search({ postcode: "LE1" });
    await warmSearchIndexes();
    expect(await search({ postcode: "LE1" })).toEqual(before);
  });

  test("an unknown place is a clear error", async () => {
    await expect(search({ postcode: "ZZ9 9ZZ" })).rejects.toMatchObject({
      name: "ServiceError",
      status: 400,
      fieldErrors: { postcode: [expect.stringMatching(/^We couldn't find "ZZ9 9ZZ"/)] },
    });
    await expect(search({ postcode: "QQ" })).rejects.toThrow(/We couldn't find "QQ"/);
  });

  test("the results page's cards, kept one by one across searches, show a listing's change at once", async () => {
    const id = await list({
      address: "1 Granby Street, Leicester",
      outcode: "LE1",
      latitude: 52.6339,
      longitude: -1.1328,
      price: 250_000,
    });
    const prices = async (query: string) =>
      (
        (await resultsPage(routeArgs(new Request(`http://localhost/property-search?${query}`)))) as {
          results: { listing: { id: number; price: number }; distanceMiles: number }[];
        }
      ).results.map((result) => [result.listing.id, result.listing.price, typeof result.distanceMiles === "number"]);
    expect(await prices("postcode=LE1&radius=3")).toEqual([[id, 250_000, true]]);
    // Another search shows the same card, with its own distance.
    expect(await prices("postcode=LE1&radius=5&sort=price-asc")).toEqual([[id, 250_000, true]]);
    await prisma.project.update({ where: { id }, data: { price: 240_000 } });
    expect(await prices("postcode=LE1&radius=10")).toEqual([[id, 240_000, true]]);
    expect(await prices("postcode=LE1&radius=3")).toEqual([[id, 240_000, true]]);
  });

  test("more than 1,000 matches: the page says 1,000+, pages stop at the thousandth, the API says totalCapped", async () => {
    await prisma.project.createMany({
      data: Array.from({ length: 1005 }, (_, i) => ({
        status: "completed" as const,
        address: `${i + 1} Granby Street, Leicester`,
        postcode: "LE1 1AA",
        outcode: "LE1",
        latitude: 52.6339 + (i % 40) * 0.0005,
        longitude: -1.1328 + Math.floor(i / 40) * 0.0005,
        price: 200_000 + i * 100,
        propertyType: "Terraced",
        bedrooms: 3,
        listedAt: daysAgo(1 + (i % 30)),
      })),
    });
    const page = async (query: string) =>
      (await resultsPage(routeArgs(new Request(`http://localhost/property-search?${query}`)))) as {
        count: string;
        results: unknown[];
        page: number;
        pageCount: number;
        totalCapped: boolean;
        pastTheEnd: boolean;
      };
    const first = await page("postcode=LE1&radius=3");
    expect(first).toMatchObject({
      count: "1,000+ results",
      page: 1,
      pageCount: 84,
      totalCapped: true,
      pastTheEnd: false,
    });
    expect(first.results).toHaveLength(12);
    const last = await page("postcode=LE1&radius=3&page=84");
    expect(last.results).toHaveLength(4); // the 997th to the 1,000th
    expect(await page("postcode=LE1&radius=3&page=85")).toMatchObject({ results: [], pastTheEnd: true });
    expect(await page("postcode=LE1&radius=3&type=flats")).toMatchObject({ count: "0 results", pastTheEnd: false });

    const answer = (await searchApi(
      routeArgs(
        new Request("http://localhost/api/v1/properties/search", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ postcode: "LE1", searchRadius: "3" }),
        }),
      ),
    )) as Response;
    expect(await answer.json()).toMatchObject({
      success: true,
      total: 1000,
      totalCapped: true,
      pageCount: 84,
      message: "1,000+ properties near LE1, Leicester",
    });
  });
});
