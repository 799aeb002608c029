// Public listing reads are cached in memory (app/lib/public-read-cache.server.ts): every way listing data
// changes must empty the cache, so no page or API answer shows a change late.
import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { cachedPublicRead, cachedPublicReads, publicDataChanged } from "../../app/lib/public-read-cache.server";
import { findPublicBooking } from "../../app/modules/listings/bookings.server";
import { findPublicListing, listPublicListings } from "../../app/modules/listings/listings.server";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";

setupTestDatabase();

const firstPage = () => listPublicListings({ q: "", sort: "any", page: 1 });

describe("the public read cache", () => {
  test("a second read is answered from memory, without the database", async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedPublicRead("count", load)).toBe(1);
    expect(await cachedPublicRead("count", load)).toBe(1);
    publicDataChanged();
    expect(await cachedPublicRead("count", load)).toBe(2);
  });

  test("concurrent readers share one load; a failed load is not kept", async () => {
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setImmediate(() => resolve(++loads)));
    expect(await Promise.all([cachedPublicRead("shared", slow), cachedPublicRead("shared", slow)])).toEqual([1, 1]);
    await expect(cachedPublicRead("failing", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cachedPublicRead("failing", async () => "up")).toBe("up");
  });

  test("a read that was running while data changed is not kept: it may hold the old rows", async () => {
    let release!: () => void;
    const running = cachedPublicRead(
      "racing",
      () => new Promise<string>((resolve) => (release = () => resolve("old"))),
    );
    publicDataChanged();
    release();
    expect(await running).toBe("old");
    expect(await cachedPublicRead("racing", async () => "new")).toBe("new");
  });

  test("rows kept one by one: only the ids not kept are read, in one load, and a change reads them again", async () => {
    const loads: number[][] = [];
    const load = async (ids: number[]) => {
      loads.push(ids);
      return new Map(ids.filter((id) => id !== 404).map((id) => [id, `row ${id} v${loads.length}`]));
    };
    expect(await cachedPublicReads("row:", [1, 2], load)).toEqual(
      new Map([
        [1, "row 1 v1"],
        [2, "row 2 v1"],
      ]),
    );
    // 2 is kept; 3 and the missing 404 are read together, once each though asked for twice.
    expect(await cachedPublicReads("row:", [3, 2, 404, 3, 404], load)).toEqual(
      new Map([
        [3, "row 3 v2"],
        [2, "row 2 v1"],
        [404, undefined],
      ]),
    );
    expect(loads).toEqual([
      [1, 2],
      [3, 404],
    ]);
    // A row nobody has is kept as absent too, until data changes.
    await cachedPublicReads("row:", [404, 1], load);
    expect(loads).toHaveLength(2);
    publicDataChanged();
    expect((await cachedPublicReads("row:", [1], load)).get(1)).toBe("row 1 v3");
  });

  test("rows kept one by one: concurrent readers share a load, and a failed or outdated load is not kept", async () => {
    let loads = 0;
    const slow = (ids: number[]) =>
      new Promise<Map<number, number>>((resolve) =>
        setImmediate(() => resolve(new Map(ids.map((id) => [id, ++loads])))),
      );
    const [first, second] = await Promise.all([cachedPublicReads("n:", [7], slow), cachedPublicReads("n:", [7], slow)]);
    expect(first.get(7)).toBe(1);
    expect(second.get(7)).toBe(1);

    await expect(cachedPublicReads("f:", [1], () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await cachedPublicReads("f:", [1], async () => new Map([[1, "up"]]))).get(1)).toBe("up");

    let release!: () => void;
    const running = cachedPublicReads(
      "r:",
      [5],
      () => new Promise<Map<number, string>>((resolve) => (release = () => resolve(new Map([[5, "old"]])))),
    );
    publicDataChanged();
    release();
    expect((await running).get(5)).toBe("old");
    expect((await cachedPublicReads("r:", [5], async () => new Map([[5, "new"]]))).get(5)).toBe("new");
  });

  test("rows are kept apart from whole reads: the cards of many searches do not push a page out", async () => {
    expect(await cachedPublicRead("page", async () => "kept")).toBe("kept");
    const ids = Array.from({ length: 6_000 }, (_, i) => i);
    await cachedPublicReads("many:", ids, async (missing) => new Map(missing.map((id) => [id, id])));
    expect(await cachedPublicRead("page", async () => "read again")).toBe("kept");
  });

  test("model writes, nested writes and transactions each show at once", async () => {
    const listing = await createListing({ address: "1 Cache Road, Leicester LE1 1AA", price: 200_000 });
    expect((await findPublicListing(listing.id))?.price).toBe(200_000);
    expect((await firstPage()).total).toBe(1);

    await prisma.project.update({ where: { id: listing.id }, data: { price: 210_000 } });
    expect((await findPublicListing(listing.id))?.price).toBe(210_000);

    await prisma.projectImage.create({
      data: {
        projectId: listing.id,
        storageKey: "projects/x/photo.webp",
        fileName: "photo.webp",
        contentType: "image/webp",
        byteSize: 1000,
        altText: "Front",
      },
    });
    expect((await findPublicBooking(listing.id))?.images).toHaveLength(1);

    await prisma.$transaction(async (tx) => {
      await tx.project.update({ where: { id: listing.id }, data: { status: "sold", soldAt: new Date() } });
    });
    expect((await findPublicListing(listing.id))?.status).toBe("sold");

    await prisma.$transaction([
      prisma.projectImage.deleteMany({ where: { projectId: listing.id } }),
      prisma.project.delete({ where: { id: listing.id } }),
    ]);
    expect(await findPublicListing(listing.id)).toBeNull();
    expect((await firstPage()).total).toBe(0);
  });
});
