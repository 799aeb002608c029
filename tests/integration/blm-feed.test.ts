// The Rightmove BLM zip and its daily export: a listed home with photos (one stored as WebP, as uploads are),
// a floor plan, an EPC and a brochure goes into the zip with its media named as the format requires, and
// the BLM file inside reads back field by field; homes that must not be on Rightmove are left out.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import { createApiToken } from "../../app/modules/api-tokens/api-tokens.server";
import { registerAccount } from "../../app/modules/auth/accounts.server";
import { upsertAdmin } from "../../app/modules/auth/admins.server";
import { enqueue } from "../../app/modules/jobs/queue.server";
import { runDueJobs } from "../../app/modules/jobs/workers.server";
import { fileStore, newStorageKey, saveFile } from "../../app/modules/media/storage.server";
import { exportBlmFeed, KEPT_EXPORTS } from "../../app/modules/portals/blm-export.server";
import { blmZipStream, loadBlmFeed } from "../../app/modules/portals/blm-feed.server";
import { loader as download } from "../../app/routes/api.v1.admin.feeds.rightmove-zip";
import { parseBlm } from "../support/blm-parser";
import { setupTestDatabase } from "../support/database";
import { createListing, testPhoto } from "../support/listings";
import { signedInJar } from "../support/requests";

setupTestDatabase();

const BRANCH = "2002";
const NOW = new Date("2026-11-26T05:00:00Z");
const saved = { branch: process.env.RIGHTMOVE_BRANCH_ID, dir: process.env.RIGHTMOVE_BLM_EXPORT_DIR };

beforeEach(() => {
  process.env.RIGHTMOVE_BRANCH_ID = BRANCH;
  delete process.env.RIGHTMOVE_BLM_EXPORT_DIR;
  reloadEnv();
});
afterEach(() => {
  for (const [name, value] of [
    ["RIGHTMOVE_BRANCH_ID", saved.branch],
    ["RIGHTMOVE_BLM_EXPORT_DIR", saved.dir],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  reloadEnv();
});

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47];
const PDF = [0x25, 0x50, 0x44, 0x46]; // %PDF
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The listed home of the issue: 3 photos (the last stored as WebP), floor plan, EPC, brochure, under offer. */
async function showHome() {
  const home = await createListing({
    photos: 2,
    floorPlan: true,
    epc: true,
    brochure: true,
    address: "Flat 2, 12 Granby Street, Leicester LE1 6EJ",
    postcode: "LE1 6EJ",
    price: 325_000,
    propertyType: "Flat/Apartment",
    tenure: "Leasehold",
    bedrooms: 2,
    bathrooms: 1,
    receptions: 1,
    keyFeatures: ["Balcony", "Lift", "Allocated parking space"],
    description: "A second-floor flat near the station.\n\nLong lease.",
    epcRating: "C",
    epcPotential: "B",
    saleStatus: "under_offer",
    virtualTourUrl: "https://tours.example/granby",
  });
  const webpKey = newStorageKey("images", "webp");
  await saveFile(
    webpKey,
    new Uint8Array(
      await sharp(await testPhoto())
        .webp()
        .toBuffer(),
    ),
  );
  await prisma.projectImage.create({
    data: {
      projectId: home.id,
      storageKey: webpKey,
      fileName: "garden.webp",
      contentType: "image/webp",
      byteSize: 1000,
      altText: "Garden",
      position: 2,
    },
  });
  // A Word brochure and a RICS survey: neither goes to Rightmove.
  await prisma.projectDocument.createMany({
    data: [
      {
        projectId: home.id,
        type: "OTHER",
        name: "Notes.docx",
        storageKey: newStorageKey("documents", "docx"),
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        byteSize: 10,
      },
      {
        projectId: home.id,
        type: "RICS",
        name: "Survey.pdf",
        storageKey: newStorageKey("documents", "pdf"),
        contentType: "application/pdf",
        byteSize: 10,
      },
    ],
  });
  return home;
}

/** Homes that must be left out: sold, pending, switched off; and one deleted (withdrawn). */
async function homesLeftOut() {
  const sold = await createListing({
    status: "sold",
    soldAt: new Date(),
    address: "3 Sold Road, Leicester LE2 1AA",
    postcode: "LE2 1AA",
  });
  const pending = await createListing({
    status: "pending",
    listedAt: null,
    address: "4 Draft Road, Leicester LE2 1AB",
    postcode: "LE2 1AB",
  });
  const off = await createListing({
    sendToPortals: false,
    address: "5 Quiet Road, Leicester LE2 1AD",
    postcode: "LE2 1AD",
  });
  const withdrawn = await createListing({ address: "6 Gone Road, Leicester LE2 1AE", postcode: "LE2 1AE" });
  await prisma.project.delete({ where: { id: withdrawn.id } });
  return [sold.id, pending.id, off.id, withdrawn.id];
}

async function zipOf(now = NOW) {
  const { stream, done } = blmZipStream(await loadBlmFeed(now));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return { files: unzipSync(bytes), summary: await done, bytes };
}

describe("the BLM zip", () => {
  test("carries a listed home field by field, with every media file named and typed as Rightmove requires", async () => {
    const home = await showHome();
    const leftOut = await homesLeftOut();
    const other = await createListing({
      address: "9 Other Street, Leicester LE3 0AA",
      postcode: "LE3 0AA",
      saleStatus: "sold_stc",
    });
    const { files, summary } = await zipOf();
    const ref = `${BRANCH}_MW${home.id}`;
    expect(Object.keys(files).sort()).toEqual(
      [
        `${BRANCH}_2026112605.BLM`,
        `${ref}_IMG_00.jpg`,
        `${ref}_IMG_01.jpg`,
        `${ref}_IMG_02.jpg`,
        `${ref}_IMG_60.png`,
        `${ref}_FLP_00.png`,
        `${ref}_DOC_00.pdf`,
        `${ref}_DOC_50.pdf`,
      ].sort(),
    );
    expect(summary).toEqual({ propertyCount: 2, mediaCount: 7, missing: [] });

    // Each file is what its name says, and the stored ones are the stored bytes.
    const stored = await prisma.project.findUniqueOrThrow({
      where: { id: home.id },
      include: { images: { orderBy: { position: "asc" } }, floorPlans: true, documents: { orderBy: { id: "asc" } } },
    });
    for (const name of Object.keys(files).filter((n) => n.endsWith(".jpg")))
      expect(startsWith(files[name]!, JPEG)).toBe(true);
    for (const name of Object.keys(files).filter((n) => n.endsWith(".png")))
      expect(startsWith(files[name]!, PNG)).toBe(true);
    for (const name of Object.keys(files).filter((n) => n.endsWith(".pdf")))
      expect(startsWith(files[name]!, PDF)).toBe(true);
    expect(
      Buffer.from(files[`${ref}_IMG_00.jpg`]!).equals(
        Buffer.from((await fileStore().get(stored.images[0]!.storageKey))!),
      ),
    ).toBe(true);
    expect(
      Buffer.from(files[`${ref}_FLP_00.png`]!).equals(
        Buffer.from((await fileStore().get(stored.floorPlans[0]!.storageKey))!),
      ),
    ).toBe(true);
    const epc = stored.documents.find((d) => d.type === "EPC")!;
    const brochure = stored.documents.find((d) => d.name === "Brochure.pdf")!;
    expect(Buffer.from(files[`${ref}_DOC_50.pdf`]!).equals(Buffer.from((await fileStore().get(epc.storageKey))!))).toBe(
      true,
    );
    expect(
      Buffer.from(files[`${ref}_DOC_00.pdf`]!).equals(Buffer.from((await fileStore().get(brochure.storageKey))!)),
    ).toBe(true);
    // The WebP photo was turned into a JPEG of the same picture.
    const converted = await sharp(files[`${ref}_IMG_02.jpg`]!).metadata();
    expect([converted.format, converted.width, converted.height]).toEqual(["jpeg", 1200, 800]);
    const graph = await sharp(files[`${ref}_IMG_60.png`]!).metadata();
    expect(graph.format).toBe("png");

    const blm = parseBlm(new TextDecoder().decode(files[`${BRANCH}_2026112605.BLM`]!));
    expect(blm.header).toMatchObject({ Version: "3", EOF: "'^'", EOR: "'~'", "Property Count": "2" });
    expect(blm.header["Generated Date"]).toBe("2026-11-26 05:00:00");
    expect(blm.rows.map((r) => r.AGENT_REF)).toEqual([ref, `${BRANCH}_MW${other.id}`]);
    for (const id of leftOut) expect(blm.rows.map((r) => r.AGENT_REF)).not.toContain(`${BRANCH}_MW${id}`);
    const row = blm.rows[0]!;
    expect(row).toEqual(
      expect.objectContaining({
        ADDRESS_1: "Flat 2, 12",
        ADDRESS_2: "Granby Street",
        TOWN: "Leicester",
        POSTCODE1: "LE1",
        POSTCODE2: "6EJ",
        DISPLAY_ADDRESS: "Granby Street, Leicester",
        FEATURE1: "Balcony",
        FEATURE2: "Lift",
        FEATURE3: "Allocated parking space",
        SUMMARY: "A second-floor flat near the station. Long lease.",
        DESCRIPTION: "A second-floor flat near the station.<br><br>Long lease.",
        BRANCH_ID: BRANCH,
        STATUS_ID: "3",
        BEDROOMS: "2",
        BATHROOMS: "1",
        LIVING_ROOMS: "1",
        PRICE: "325000",
        PRICE_QUALIFIER: "2",
        PROP_SUB_ID: "8",
        TENURE_TYPE_ID: "2",
        PUBLISHED_FLAG: "1",
        TRANS_TYPE_ID: "1",
        NEW_HOME_FLAG: "N",
        MEDIA_IMAGE_00: `${ref}_IMG_00.jpg`,
        MEDIA_IMAGE_TEXT_00: "Photo 1",
        MEDIA_IMAGE_02: `${ref}_IMG_02.jpg`,
        MEDIA_IMAGE_TEXT_02: "Garden",
        MEDIA_IMAGE_60: `${ref}_IMG_60.png`,
        MEDIA_IMAGE_TEXT_60: "EPC",
        MEDIA_FLOOR_PLAN_00: `${ref}_FLP_00.png`,
        MEDIA_FLOOR_PLAN_TEXT_00: "Floor plan",
        MEDIA_DOCUMENT_00: `${ref}_DOC_00.pdf`,
        MEDIA_DOCUMENT_TEXT_00: "Brochure",
        MEDIA_DOCUMENT_50: `${ref}_DOC_50.pdf`,
        MEDIA_DOCUMENT_TEXT_50: "EPC",
        MEDIA_VIRTUAL_TOUR_00: "https://tours.example/granby",
      }),
    );
    expect(row.CREATE_DATE).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row.UPDATE_DATE).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Every media column names a file in the zip.
    for (const record of blm.rows)
      for (const [name, value] of Object.entries(record))
        if (/^MEDIA_(IMAGE|FLOOR_PLAN|DOCUMENT)_\d\d$/.test(name) && value) expect(files[value], name).toBeDefined();
    expect(blm.rows[1]).toMatchObject({ STATUS_ID: "1", MEDIA_IMAGE_00: "", MEDIA_IMAGE_60: "" });
  });

  test("a media file missing from the store is left out with its column empty, not a failed file", async () => {
    const home = await createListing({ photos: 2 });
    const [first] = await prisma.projectImage.findMany({ where: { projectId: home.id }, orderBy: { position: "asc" } });
    await fileStore().delete(first!.storageKey);
    const { files, summary } = await zipOf();
    const ref = `${BRANCH}_MW${home.id}`;
    expect(summary.missing).toEqual([`${ref}_IMG_00.jpg`]);
    expect(Object.keys(files)).not.toContain(`${ref}_IMG_00.jpg`);
    const blm = parseBlm(new TextDecoder().decode(files[`${BRANCH}_2026112605.BLM`]!));
    expect(blm.rows[0]).toMatchObject({ MEDIA_IMAGE_00: "", MEDIA_IMAGE_01: `${ref}_IMG_01.jpg` });
  });

  test("a floor plan stored as WebP (as uploads are) goes as a PNG; a GIF photo stays a GIF", async () => {
    const home = await createListing();
    const planKey = newStorageKey("floorplans", "webp");
    await saveFile(
      planKey,
      new Uint8Array(
        await sharp(await testPhoto())
          .webp({ lossless: true })
          .toBuffer(),
      ),
    );
    await prisma.floorPlan.create({
      data: {
        projectId: home.id,
        storageKey: planKey,
        fileName: "floor_plan.webp",
        contentType: "image/webp",
        byteSize: 1,
      },
    });
    const gifKey = newStorageKey("images", "gif");
    await saveFile(
      gifKey,
      new Uint8Array(
        await sharp(await testPhoto())
          .gif()
          .toBuffer(),
      ),
    );
    await prisma.projectImage.create({
      data: { projectId: home.id, storageKey: gifKey, fileName: "a.gif", contentType: "image/gif", byteSize: 1 },
    });
    const { files } = await zipOf();
    const ref = `${BRANCH}_MW${home.id}`;
    expect((await sharp(files[`${ref}_FLP_00.png`]!).metadata()).format).toBe("png");
    expect((await sharp(files[`${ref}_IMG_00.gif`]!).metadata()).format).toBe("gif");
  });

  test("with no branch set, the file is made for branch 0 (and with no homes, it is empty but valid)", async () => {
    delete process.env.RIGHTMOVE_BRANCH_ID;
    reloadEnv();
    const { files } = await zipOf();
    expect(Object.keys(files)).toEqual(["0_2026112605.BLM"]);
    expect(parseBlm(new TextDecoder().decode(files["0_2026112605.BLM"]!)).rows).toEqual([]);
  });
});

describe("GET /api/v1/admin/feeds/rightmove.zip", () => {
  const call = async (request: Request) => {
    try {
      return (await download({ request, params: {}, context: { clientIp: "203.0.113.1" } } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
  const url = "http://localhost/api/v1/admin/feeds/rightmove.zip";

  test("401 signed out, 403 for a vendor, the zip for an admin's session or token", async () => {
    await createListing({ photos: 1 });
    const anonymous = await call(new Request(url));
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBeTruthy();
    const vendor = await registerAccount(
      { fullName: "Val Vendor", email: "val@example.com", phoneNumber: "07700 900123", password: "a long password" },
      { ipAddress: "203.0.113.2" },
    );
    expect((await call((await signedInJar(vendor.id)).request(url))).status).toBe(403);
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    for (const request of [
      (await signedInJar(admin.id)).request(url),
      new Request(url, { headers: { Authorization: `Bearer ${(await createApiToken(admin, "Feeds")).token}` } }),
    ]) {
      const response = await call(request);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/zip");
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="2002_\d{10}\.zip"$/);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      expect(Object.keys(files).filter((n) => n.endsWith(".BLM"))).toHaveLength(1);
      expect(Object.keys(files).filter((n) => n.endsWith("_IMG_00.jpg"))).toHaveLength(1);
    }
  });
});

describe("the daily export", () => {
  test("writes the zip to RIGHTMOVE_BLM_EXPORT_DIR, records it, and keeps the 14 newest", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "blm-export-"));
    process.env.RIGHTMOVE_BLM_EXPORT_DIR = dir;
    reloadEnv();
    await createListing({ photos: 1, floorPlan: true });
    const row = await exportBlmFeed(NOW);
    expect(row).toMatchObject({
      fileName: "2002_2026112605.zip",
      location: path.join(dir, "2002_2026112605.zip"),
      propertyCount: 1,
      mediaCount: 2,
    });
    const bytes = readFileSync(row.location);
    expect(row.byteSize).toBe(bytes.length);
    expect(Object.keys(unzipSync(new Uint8Array(bytes)))).toContain("2002_2026112605.BLM");
    // The same hour again replaces the file and its record.
    await exportBlmFeed(new Date(NOW.getTime() + 60_000));
    expect(await prisma.feedExport.count()).toBe(1);

    for (let day = 1; day <= KEPT_EXPORTS + 2; day++) await exportBlmFeed(new Date(NOW.getTime() + day * 86_400_000));
    const kept = await prisma.feedExport.findMany({ orderBy: { createdAt: "desc" } });
    expect(kept).toHaveLength(KEPT_EXPORTS);
    expect(readdirSync(dir).sort()).toEqual(kept.map((r) => r.fileName).sort());
    expect(kept[0]!.fileName).toBe("2002_2026121205.zip");
  });

  test("without a folder, writes to the file store under private/feeds/rightmove/ and prunes there too", async () => {
    await createListing({ photos: 1 });
    const first = await exportBlmFeed(NOW);
    expect(first.location).toBe("private/feeds/rightmove/2002-2026112605.zip");
    const stored = await fileStore().get(first.location);
    expect(stored?.byteLength).toBe(first.byteSize);
    expect(Object.keys(unzipSync(stored!))).toContain("2002_2026112605.BLM");
    for (let day = 1; day <= KEPT_EXPORTS; day++) await exportBlmFeed(new Date(NOW.getTime() + day * 86_400_000));
    expect(await prisma.feedExport.count()).toBe(KEPT_EXPORTS);
    expect(await fileStore().exists(first.location)).toBe(false);
    expect(await prisma.feedExport.findFirst({ where: { id: first.id } })).toBeNull();
  });

  test("runs as the rightmove-blm-export job", async () => {
    await createListing({ photos: 1 });
    await prisma.$transaction((tx) => enqueue(tx, "rightmove-blm-export", {}));
    await runDueJobs("rightmove-blm-export");
    const row = await prisma.feedExport.findFirstOrThrow();
    expect(row).toMatchObject({ propertyCount: 1, mediaCount: 1 });
  });
});
