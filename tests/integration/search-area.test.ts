// Search inside a drawn area, on the engine under test (PGlite, and PostgreSQL with DATABASE_URL): the SQL
// operator and the JavaScript rule (insideArea) agree, and the search returns exactly the listed homes inside.
import { describe, expect, test } from "vitest";

import { Prisma } from "../../app/generated/prisma/client";
import { prisma } from "../../app/lib/db.server";
import { type Area, encodeArea, insideArea, polygonLiteral } from "../../app/modules/search/area";
import { SearchSchema } from "../../app/modules/search/filters";
import { searchProperties } from "../../app/modules/search/properties.server";
import { searchListings } from "../../app/modules/search/search.server";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

const now = new Date("2026-11-21T12:00:00Z");
const pt = (latitude: number, longitude: number) => ({ latitude, longitude });

// Around Leicester, with a notch cut in from the east (Evington sits in it): a concave shape.
const leicester: Area = [
  pt(52.58, -1.2),
  pt(52.58, -1.06),
  pt(52.61, -1.06),
  pt(52.61, -1.1),
  pt(52.65, -1.1),
  pt(52.65, -1.06),
  pt(52.7, -1.06),
  pt(52.7, -1.2),
];

let serial = 0;
async function list(latitude: number, longitude: number, extra: Partial<Prisma.ProjectCreateInput> = {}) {
  serial += 1;
  const { id } = await prisma.project.create({
    data: {
      status: "completed",
      address: `${serial} Test Street`,
      postcode: "LE1 1AA",
      outcode: "LE1",
      latitude,
      longitude,
      price: 200_000 + serial * 1000,
      propertyType: "Terraced",
      bedrooms: 3,
      listedAt: new Date(now.getTime() - serial * 60_000),
      ...extra,
    },
  });
  return id;
}

const search = (query: Record<string, string>, pageSize?: number) =>
  searchListings(SearchSchema.parse(query), { now, pageSize });

describe("drawn area search", () => {
  test("a polygon around Leicester returns only the listed homes inside it", async () => {
    const centre = await list(52.6339, -1.1328); // Granby Street
    const clarendon = await list(52.6168, -1.1166);
    const oadby = await list(52.598, -1.08); // in the base, below the notch
    const onEdge = await list(52.63, -1.1); // on the notch's west side: edges count as inside
    await list(52.63, -1.09999); // a metre into the notch
    await list(52.628, -1.08); // Evington, in the notch: inside the box, outside the shape
    await list(52.772, -1.206); // Loughborough
    await list(53.4794, -2.2486); // Manchester
    await list(52.64, -1.13, { status: "pending" }); // not listed
    const sold = await list(52.69, -1.19, { status: "sold" });

    // The postcode and radius are ignored: the area decides.
    const result = await search({ postcode: "M1", radius: "1", area: encodeArea(leicester) });
    expect(result.place).toBeNull();
    expect(result.matches.map((m) => m.id)).toEqual([centre, clarendon, oadby, onEdge, sold]);
    expect(result.matches.every((m) => m.distanceMiles === null)).toBe(true);
    expect(result.total).toBe(5);

    // The other filters still apply.
    const cheap = await search({ area: encodeArea(leicester), maxPrice: "300000", minBeds: "3", sort: "price-asc" });
    expect(cheap.matches.map((m) => m.id)).toEqual([centre, clarendon, oadby, onEdge, sold]);
    expect((await search({ area: encodeArea(leicester), type: "flats" })).total).toBe(0);

    // The API takes the same area.
    const api = await searchProperties(SearchSchema.parse({ area: encodeArea(leicester) }));
    expect(api.data.map((p) => p.id)).toEqual([centre, clarendon, oadby, onEdge, sold]);

    // Every home's fate is what the JavaScript rule says.
    const homes = await prisma.project.findMany({ where: { status: { in: ["completed", "sold"] } } });
    const inside = homes.filter((h) => insideArea(pt(h.latitude!, h.longitude!), leicester)).map((h) => h.id);
    expect(inside.sort((a, b) => a - b)).toEqual(result.matches.map((m) => m.id).sort((a, b) => a - b));
  });

  test("the database's point-in-polygon and insideArea agree at edges, corners and near them", async () => {
    // Points on and around every corner and side (on the line, and 0.5, 1, 1.5 and 10 millionths of a degree
    // off it either way), plus points level with corners (where the ray test's special cases lie).
    const offsets = [0, 5e-7, -5e-7, 1e-6, -1e-6, 1.5e-6, -1.5e-6, 1e-5, -1e-5];
    const points: { latitude: number; longitude: number }[] = [];
    for (const [i, a] of leicester.entries()) {
      const b = leicester[(i + 1) % leicester.length]!;
      for (const t of [0, 0.25, 0.5, 1 / 3])
        for (const dy of offsets)
          for (const dx of offsets)
            points.push(
              pt(a.latitude + (b.latitude - a.latitude) * t + dy, a.longitude + (b.longitude - a.longitude) * t + dx),
            );
      for (const dx of [-0.2, -0.05, 0.01, 0.03, 0.2]) points.push(pt(a.latitude, a.longitude + dx));
    }
    // Sent as text: the driver would round a float8 array's numbers to 15 digits, moving points off the edges.
    const rows = await prisma.$queryRaw<{ i: bigint | number; inside: boolean }[]>`
      SELECT ord AS i, point(x::float8, y::float8) <@ ${polygonLiteral(leicester)}::polygon AS inside
      FROM unnest(${points.map((p) => String(p.longitude))}::text[], ${points.map((p) => String(p.latitude))}::text[])
        WITH ORDINALITY AS t(x, y, ord)
      ORDER BY ord`;
    expect(rows).toHaveLength(points.length);
    const disagreements = rows.filter((r) => r.inside !== insideArea(points[Number(r.i) - 1]!, leicester));
    expect(disagreements).toEqual([]);
    // The sample is not trivial: it has points on both sides.
    expect(rows.filter((r) => r.inside).length).toBeGreaterThan(200);
    expect(rows.filter((r) => !r.inside).length).toBeGreaterThan(200);
  });

  test("a wide area's page is the same whether read along the sort order or by sorting every match", async () => {
    // An area 40 miles across is wide (search.server.ts isWide): the search first walks the sort order.
    const wide: Area = [pt(52.3, -1.6), pt(52.3, -0.6), pt(52.9, -0.6), pt(52.9, -1.1), pt(52.6, -1.1), pt(52.9, -1.6)];
    let seed = 11;
    const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const homes: { id: number; price: number; inside: boolean }[] = [];
    for (let i = 0; i < 60; i++) {
      const p = pt(52.25 + rand() * 0.7, -1.65 + rand() * 1.1);
      const price = 100_000 + Math.floor(rand() * 20) * 10_000; // ties, broken by id
      homes.push({ id: await list(p.latitude, p.longitude, { price }), price, inside: insideArea(p, wide) });
    }
    const expected = homes
      .filter((h) => h.inside)
      .sort((a, b) => b.price - a.price || b.id - a.id)
      .map((h) => h.id);
    expect(expected.length).toBeGreaterThan(10);
    for (const pageSize of [1, 5]) {
      const first = await search({ area: encodeArea(wide), sort: "price-desc" }, pageSize);
      const second = await search({ area: encodeArea(wide), sort: "price-desc", page: "2" }, pageSize);
      expect(first.total).toBe(expected.length);
      expect([...first.matches, ...second.matches].map((m) => m.id)).toEqual(expected.slice(0, 2 * pageSize));
    }
    // Past the cap: the walk along the order finds the page, or runs out (a walk of one listing) and the page
    // is sorted within a bound read from the area's bands (search.server.ts pageBound).
    for (const cap of [
      { countCap: 5, walkLimit: 1000 },
      { countCap: 5, walkLimit: 1 },
      { countCap: expected.length - 1, walkLimit: 1 },
    ]) {
      for (const page of [1, 2, 3]) {
        const query = SearchSchema.parse({ area: encodeArea(wide), sort: "price-desc", page: String(page) });
        const result = await searchListings(query, { now, pageSize: 2, ...cap });
        const reachable = Math.min(expected.length, cap.countCap);
        expect({ cap, page, total: result.total, ids: result.matches.map((m) => m.id) }).toEqual({
          cap,
          page,
          total: reachable,
          ids: expected.slice((page - 1) * 2, Math.min(page * 2, reachable)),
        });
      }
    }
  });

  test("a shape across many bands of latitude finds every home on and near its slanted sides", async () => {
    // A kite 0.6° tall (13 bands of the search index): each band is read for the kite's own longitudes there,
    // so homes at its sides, on the bands' edges (latitudes of whole twentieths) and just beyond both must
    // come out exactly as the database's operator and insideArea say.
    const kite: Area = [pt(52.3, -1.1), pt(52.55, -0.8), pt(52.9, -1.1), pt(52.55, -1.5)];
    const homes: { id: number; inside: boolean }[] = [];
    for (const [i, a] of kite.entries()) {
      const b = kite[(i + 1) % kite.length]!;
      for (const t of [0.1, 0.25, 0.5, 0.8])
        for (const d of [0, 9e-7, -9e-7, 2e-6, -2e-6]) {
          const p = pt(a.latitude + (b.latitude - a.latitude) * t, a.longitude + (b.longitude - a.longitude) * t + d);
          homes.push({ id: await list(p.latitude, p.longitude), inside: insideArea(p, kite) });
        }
    }
    for (let band = 1046; band <= 1058; band++) {
      // On a band's southern edge: at the kite's western side there, within the database's tolerance beyond it (a
      // band's westernmost point north of the middle), and a little inside and outside.
      const latitude = band / 20;
      const west =
        latitude <= 52.55 ? -1.1 - (0.4 * (latitude - 52.3)) / 0.25 : -1.5 + (0.4 * (latitude - 52.55)) / 0.35;
      for (const longitude of [west, west - 9e-7, west + 1e-3, west - 1e-3, -1.1]) {
        const p = pt(latitude, longitude);
        homes.push({ id: await list(p.latitude, p.longitude), inside: insideArea(p, kite) });
      }
    }
    const expected = homes.filter((h) => h.inside).map((h) => h.id);
    expect(expected.length).toBeGreaterThan(60);
    expect(homes.length - expected.length).toBeGreaterThan(10);
    const result = await search({ area: encodeArea(kite), sort: "oldest" }, 500);
    expect(result.total).toBe(expected.length);
    expect(result.matches.map((m) => m.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  test("an area that is not valid is a field error, never a search", async () => {
    const parsed = SearchSchema.safeParse({ area: "not a polyline" });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ["area"] });
    expect(SearchSchema.parse({ area: "" }).area).toBeUndefined();
    await expect(
      searchListings({ ...SearchSchema.parse({}), area: encodeArea(leicester.slice(0, 2)) }, { now }),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { area: ["Draw an area with 3 to 100 points."] } });
  });
});
