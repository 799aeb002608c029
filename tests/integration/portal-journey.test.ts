// The "Done when", end to end on a real database: a listed home with photos, a floor plan, an EPC and a
// brochure appears correctly in the Rightmove BLM zip (unzipped and parsed back field by field) and in both
// real-time payloads (checked against the portals' published schemas by the fake portals, which also require
// the agency's client certificate); accepting an offer sends "under offer", Mark as Sold sends the sold
// updates, and withdrawing homes sends the removals. Every answer is kept.
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import type { SessionUser } from "../../app/modules/auth/roles";
import { runDueJobs } from "../../app/modules/jobs/workers.server";
import { fileStore } from "../../app/modules/media/storage.server";
import { makeOffer, moveAsSeller } from "../../app/modules/offers/offers.server";
import { sellerPortalLines } from "../../app/modules/portals/seller-portals.server";
import { queuePortalSync } from "../../app/modules/portals/sync.server";
import { changeProjectStatus, deleteAdminProject } from "../../app/modules/projects/admin-projects.server";
import { findSellerHome, sellerActor } from "../../app/modules/projects/seller-access.server";
import { loader as blmZip } from "../../app/routes/api.v1.admin.feeds.rightmove-zip";
import { parseBlm } from "../support/blm-parser";
import { setupTestDatabase } from "../support/database";
import { type FakePortal, fakePortalEnv, type PortalRequest, startFakePortal } from "../support/fake-portals";
import { createListing, testFloorPlan } from "../support/listings";
import { account, request, routeArgs } from "../support/payments";

setupTestDatabase();

const ip = "203.0.113.25";
let rightmove: FakePortal;
let zoopla: FakePortal;
let settings: Record<string, string>;

beforeAll(async () => {
  [rightmove, zoopla] = await Promise.all([startFakePortal("rightmove"), startFakePortal("zoopla")]);
  settings = fakePortalEnv({ rightmove: rightmove.url, zoopla: zoopla.url });
  Object.assign(process.env, settings, { PUBLIC_URL: "https://homes.example.co.uk" });
  reloadEnv();
});

afterAll(async () => {
  for (const name of [...Object.keys(settings), "PUBLIC_URL"]) delete process.env[name];
  reloadEnv();
  await Promise.all([rightmove.close(), zoopla.close()]);
});

/** Runs the portal jobs now due, as the workers would, and returns what each portal received meanwhile. */
async function sync() {
  const seen = { rightmove: rightmove.requests.length, zoopla: zoopla.requests.length };
  await runDueJobs("portal-rightmove");
  await runDueJobs("portal-zoopla");
  const received = { rightmove: rightmove.requests.slice(seen.rightmove), zoopla: zoopla.requests.slice(seen.zoopla) };
  for (const sent of [...received.rightmove, ...received.zoopla]) {
    expect(sent.schemaErrors, `${sent.portal} ${sent.path}`).toEqual([]);
    expect(sent.client).toBe("MoveWise test agency");
  }
  return received;
}

const only = (requests: PortalRequest[]) => {
  expect(requests).toHaveLength(1);
  return requests[0]!;
};

type RtdfProperty = {
  agent_ref: string;
  status: number;
  property_type: number;
  address: Record<string, unknown>;
  price_information: { price: number; price_qualifier?: number };
  details: { bedrooms: number; summary: string; description: string };
  media: { media_type: number; media_url: string }[];
};

async function blmFile(cookie: string) {
  const response = (await blmZip(routeArgs(request("/api/v1/admin/feeds/rightmove.zip", { cookie })))) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const blmName = Object.keys(files).find((name) => name.endsWith(".BLM"))!;
  expect(blmName).toMatch(/^2002_\d{10}\.BLM$/);
  return { files, blm: parseBlm(new TextDecoder().decode(files[blmName])) };
}

const magic = (bytes: Uint8Array | undefined) =>
  !bytes
    ? "missing"
    : bytes[0] === 0xff && bytes[1] === 0xd8
      ? "jpeg"
      : bytes[0] === 0x89 && bytes[1] === 0x50
        ? "png"
        : new TextDecoder().decode(bytes.slice(0, 5)) === "%PDF-"
          ? "pdf"
          : "other";

/** The key a /media URL names, so the test can check the portal could fetch it. */
const keyOf = (url: string) => {
  expect(url.startsWith("https://homes.example.co.uk/media/")).toBe(true);
  return url.slice("https://homes.example.co.uk/media/".length);
};

describe("a home from listed to sold on Rightmove and Zoopla", () => {
  test("listing, BLM file, under offer, sold and withdrawal", async () => {
    const admin = await account("admin");
    const actor = { id: admin.id, ipAddress: ip };
    const seller = await prisma.user.create({
      data: {
        email: "portal.seller@example.com",
        fullName: "Pat Seller",
        passwordHash: "x",
        role: "vendor",
        emailVerifiedAt: new Date(),
      },
    });
    const home = await createListing({
      status: "pending",
      listedAt: null,
      ownerId: seller.id,
      address: "Flat 2, 12 Granby Street, Leicester LE1 6EJ",
      postcode: "LE1 6EJ",
      outcode: "LE1",
      latitude: 52.6339,
      longitude: -1.1299,
      price: 240_000,
      propertyType: "Flat/Apartment",
      bedrooms: 2,
      bathrooms: 1,
      receptions: 1,
      tenure: "Leasehold",
      leaseYearsRemaining: 112,
      serviceChargePerYear: 1_200,
      groundRentPerYear: 150,
      councilTaxBand: "B",
      epcRating: "C",
      epcPotential: "B",
      keyFeatures: ["Two double bedrooms", "Lift to every floor", "Minutes from Leicester station"],
      description: "A bright second-floor flat in the heart of the city.\n\nLiving room:\nBay window\nWood floors",
      photos: 3,
      floorPlan: true,
      epc: true,
      brochure: true,
    });

    // Listed: both portals get the whole home, with its media at public URLs.
    await changeProjectStatus({ actor, id: home.id, to: "completed" });
    let sent = await sync();
    const rtdf = only(sent.rightmove);
    expect(rtdf.path).toBe("/v1/property/sendpropertydetails");
    const property = rtdf.body.property as RtdfProperty;
    expect(rtdf.body).toMatchObject({ network: { network_id: 1001 }, branch: { branch_id: 2002, channel: 1 } });
    expect(property).toMatchObject({
      agent_ref: `MW${home.id}`,
      status: 1,
      property_type: 8,
      address: { house_name_number: "Flat 2, 12", town: "Leicester", postcode_1: "LE1", postcode_2: "6EJ" },
      price_information: { price: 240_000, price_qualifier: 2 },
      details: { bedrooms: 2 },
    });
    expect(property.address.display_address).toBe("Granby Street, Leicester");
    const types = property.media.map((m) => m.media_type).sort();
    expect(types).toEqual([1, 1, 1, 2, 3, 6]); // three photos, the floor plan, the brochure, the EPC
    for (const media of property.media) expect(await fileStore().exists(keyOf(media.media_url))).toBe(true);

    const update = only(sent.zoopla);
    expect(update.path).toBe("/listing/update");
    expect(update.contentType).toContain(
      "profile=http://realtime-listings.webservices.zpg.co.uk/docs/v1.2/schemas/listing/update.json",
    );
    expect(update.body).toMatchObject({
      branch_reference: "MW-LEICESTER",
      listing_reference: `MW${home.id}`,
      life_cycle_status: "available",
      category: "residential",
      property_type: "flat",
      pricing: { price: 240_000, currency_code: "GBP", transaction_type: "sale", price_qualifier: "guide_price" },
    });
    const content = (update.body.content as { type: string; url: string }[]).map((c) => c.type).sort();
    expect(content).toEqual(["brochure", "epc_report", "floor_plan", "image", "image", "image"]);

    // The answers are kept: both portals hold the listing, with their own ids and pages.
    const listings = await prisma.portalListing.findMany({ where: { projectId: home.id }, orderBy: { portal: "asc" } });
    expect(listings.map((l) => [l.portal, l.live, l.lastOutcome, l.lastStatus])).toEqual([
      ["rightmove", true, "accepted", "available"],
      ["zoopla", true, "accepted", "available"],
    ]);
    expect(listings[0]!.portalUrl).toMatch(/^https:\/\/www\.rightmove\.co\.uk\/properties\/\d+$/);
    expect(listings[1]!.portalUrl).toMatch(/^https:\/\/www\.zoopla\.co\.uk\/for-sale\/details\/\d+\/$/);
    const submissions = await prisma.portalSubmission.findMany({
      where: { listingId: { in: listings.map((l) => l.id) } },
    });
    expect(submissions.map((s) => [s.action, s.reason, s.outcome, s.httpStatus])).toEqual([
      ["send", "listed", "accepted", 200],
      ["send", "listed", "accepted", 200],
    ]);

    // The seller sees both live, with links.
    expect(await sellerPortalLines(home.id)).toEqual([
      expect.objectContaining({ name: "Rightmove", state: "live", url: listings[0]!.portalUrl }),
      expect.objectContaining({ name: "Zoopla", state: "live", url: listings[1]!.portalUrl }),
    ]);

    // Nothing changed: a second run sends nothing.
    await prisma.$transaction((tx) => queuePortalSync(tx, { projectId: home.id, reason: "details" }));
    sent = await sync();
    expect([sent.rightmove.length, sent.zoopla.length]).toEqual([0, 0]);

    // The BLM file: the home's row, field by field, and its media named as the format requires.
    const ref = `2002_MW${home.id}`;
    let feed = await blmFile(admin.cookie);
    expect(feed.blm.header).toMatchObject({ Version: "3", EOF: "'^'", EOR: "'~'" });
    const row = feed.blm.rows.find((r) => r.AGENT_REF === ref)!;
    expect(row).toMatchObject({
      BRANCH_ID: "2002",
      STATUS_ID: "0",
      ADDRESS_1: "Flat 2, 12",
      ADDRESS_2: "Granby Street",
      TOWN: "Leicester",
      POSTCODE1: "LE1",
      POSTCODE2: "6EJ",
      DISPLAY_ADDRESS: "Granby Street, Leicester",
      BEDROOMS: "2",
      PRICE: "240000",
      PRICE_QUALIFIER: "2",
      PROP_SUB_ID: "8",
      TENURE_TYPE_ID: "2",
      TRANS_TYPE_ID: "1",
      PUBLISHED_FLAG: "1",
      FEATURE1: "Two double bedrooms",
      FEATURE2: "Lift to every floor",
      FEATURE3: "Minutes from Leicester station",
      MEDIA_IMAGE_00: `${ref}_IMG_00.jpg`,
      MEDIA_IMAGE_01: `${ref}_IMG_01.jpg`,
      MEDIA_IMAGE_02: `${ref}_IMG_02.jpg`,
      MEDIA_FLOOR_PLAN_00: `${ref}_FLP_00.png`,
      MEDIA_DOCUMENT_00: `${ref}_DOC_00.pdf`,
      MEDIA_DOCUMENT_50: `${ref}_DOC_50.pdf`,
      MEDIA_IMAGE_60: `${ref}_IMG_60.png`,
    });
    expect(row.DESCRIPTION).toContain("A bright second-floor flat");
    expect(row.CREATE_DATE).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(feed.blm.header["Property Count"]).toBe(String(feed.blm.rows.length));
    expect(
      [
        row.MEDIA_IMAGE_00,
        row.MEDIA_IMAGE_01,
        row.MEDIA_IMAGE_02,
        row.MEDIA_FLOOR_PLAN_00,
        row.MEDIA_DOCUMENT_00,
        row.MEDIA_DOCUMENT_50,
        row.MEDIA_IMAGE_60,
      ].map((name) => magic(feed.files[name!])),
    ).toEqual(["jpeg", "jpeg", "jpeg", "png", "pdf", "pdf", "png"]);
    // The floor plan goes unchanged.
    expect(Buffer.from(feed.files[row.MEDIA_FLOOR_PLAN_00!]!).equals(await testFloorPlan())).toBe(true);

    // An offer accepted: Under offer everywhere.
    const buyer: SessionUser = {
      ...(await prisma.user.create({
        data: {
          email: "portal.buyer@example.com",
          fullName: "Bo Buyer",
          passwordHash: "x",
          role: "buyer",
          emailVerifiedAt: new Date(),
        },
      })),
      role: "buyer",
      emailVerified: true,
    };
    const offer = await makeOffer(
      buyer,
      home.id,
      { amount: 235_000, position: "first-time-buyer", mortgageInPrinciple: true },
      { ipAddress: ip },
    );
    const sellerUser: SessionUser = { ...seller, role: "vendor", emailVerified: true };
    await moveAsSeller(
      await findSellerHome(sellerUser, home.id),
      offer.id,
      { action: "accept" },
      sellerActor(sellerUser, ip),
    );
    sent = await sync();
    expect((only(sent.rightmove).body.property as RtdfProperty).status).toBe(4);
    expect(only(sent.zoopla).body.life_cycle_status).toBe("under_offer");
    feed = await blmFile(admin.cookie);
    expect(feed.blm.rows.find((r) => r.AGENT_REF === ref)?.STATUS_ID).toBe("3");

    // Sold: Rightmove removes it as sold by us; Zoopla shows it sold; the BLM file leaves it out.
    await changeProjectStatus({ actor, id: home.id, to: "sold" });
    sent = await sync();
    const removal = only(sent.rightmove);
    expect(removal.path).toBe("/v1/property/removeproperty");
    expect(removal.body).toMatchObject({ property: { agent_ref: `MW${home.id}`, removal_reason: 7 } });
    expect(only(sent.zoopla).body).toMatchObject({ listing_reference: `MW${home.id}`, life_cycle_status: "sold" });
    feed = await blmFile(admin.cookie);
    expect(feed.blm.rows.find((r) => r.AGENT_REF === ref)).toBeUndefined();
    expect((await sellerPortalLines(home.id)).map((line) => [line.name, line.state])).toEqual([
      ["Rightmove", "removed"],
      ["Zoopla", "live"],
    ]);

    // Withdrawn: a home for sale is deleted; both portals remove it. The sold home's Zoopla listing goes as completed.
    const other = await createListing({
      status: "pending",
      listedAt: null,
      address: "3 Queen Street, Leicester LE1 1QW",
      postcode: "LE1 1QW",
      photos: 1,
    });
    await changeProjectStatus({ actor, id: other.id, to: "completed" });
    await sync();
    await deleteAdminProject({ actor, id: other.id });
    sent = await sync();
    expect(only(sent.rightmove).body).toMatchObject({ property: { agent_ref: `MW${other.id}`, removal_reason: 9 } });
    expect(only(sent.zoopla)).toMatchObject({
      path: "/listing/delete",
      body: { listing_reference: `MW${other.id}`, deletion_reason: "withdrawn" },
    });

    await deleteAdminProject({ actor, id: home.id });
    sent = await sync();
    expect(sent.rightmove).toHaveLength(0);
    expect(only(sent.zoopla).body).toMatchObject({ listing_reference: `MW${home.id}`, deletion_reason: "completed" });

    const after = await prisma.portalListing.findMany({
      where: { projectId: { in: [home.id, other.id] } },
      orderBy: [{ projectId: "asc" }, { portal: "asc" }],
    });
    expect(after.map((l) => [l.projectId, l.portal, l.live])).toEqual([
      [home.id, "rightmove", false],
      [home.id, "zoopla", false],
      [other.id, "rightmove", false],
      [other.id, "zoopla", false],
    ]);
  });
});
