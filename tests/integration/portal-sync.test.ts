// The real-time feeds end to end against fake Rightmove and Zoopla servers (tests/support/fake-portals.ts:
// HTTPS with the agency's client certificate, every request checked against the portal's published schema):
// each write that changes what the portals show queues a sync, the job sends, updates or removes, and every
// answer is recorded; refusals are not retried, failures are.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import { runDueJobs } from "../../app/modules/jobs/workers.server";
import { deleteSectionMedia, moveImage, updateImageAltText } from "../../app/modules/media/uploads.server";
import { setPortalTimeout } from "../../app/modules/portals/portal-client.server";
import { queuePortalSync } from "../../app/modules/portals/sync.server";
import {
  changeProjectStatus,
  deleteAdminProject,
  updateAdminProject,
} from "../../app/modules/projects/admin-projects.server";
import { AdminProjectDetailsSchema } from "../../app/modules/projects/schemas";
import { updateProgression } from "../../app/modules/sales/progression.server";
import { fallThrough, openSale } from "../../app/modules/sales/sales.server";
import { setupTestDatabase } from "../support/database";
import { type FakePortal, fakePortalEnv, startFakePortal } from "../support/fake-portals";
import { createListing } from "../support/listings";

setupTestDatabase();

let rightmove: FakePortal;
let zoopla: FakePortal;
let envKeys: string[] = [];

beforeAll(async () => {
  [rightmove, zoopla] = await Promise.all([startFakePortal("rightmove"), startFakePortal("zoopla")]);
  const env = fakePortalEnv({ rightmove: rightmove.url, zoopla: zoopla.url });
  envKeys = Object.keys(env);
  Object.assign(process.env, env);
  reloadEnv();
});

afterAll(async () => {
  for (const key of envKeys) delete process.env[key];
  reloadEnv();
  await Promise.all([rightmove.close(), zoopla.close()]);
});

beforeEach(() => {
  for (const fake of [rightmove, zoopla]) {
    fake.mode = "ok";
    fake.requests.length = 0;
  }
});

afterEach(() => setPortalTimeout());

async function adminUser() {
  const user = await prisma.user.create({
    data: {
      email: `admin${Math.random().toString(36).slice(2)}@example.com`,
      fullName: "Ada Admin",
      phoneNumber: "07700 900123",
      passwordHash: "not used",
      role: "admin",
      emailVerifiedAt: new Date(),
    },
  });
  return { id: user.id, ipAddress: "203.0.113.7" };
}

/** A home ready to list (pending), with photos, a floor plan, an EPC and a brochure. */
const pendingHome = () =>
  createListing({
    status: "pending",
    listedAt: null,
    address: "12 Granby Street, Leicester LE1 6EJ",
    postcode: "LE1 6EJ",
    latitude: 52.6339,
    longitude: -1.1317,
    description: "A bright terraced home.\n\nClose to the station.",
    keyFeatures: ["Two reception rooms", "Courtyard garden"],
    photos: 2,
    floorPlan: true,
    epc: true,
    brochure: true,
  });

const runBoth = async () => ({
  rightmove: await runDueJobs("portal-rightmove"),
  zoopla: await runDueJobs("portal-zoopla"),
});

const listing = (portal: "rightmove" | "zoopla", projectId: number) =>
  prisma.portalListing.findUniqueOrThrow({ where: { portal_projectId: { portal, projectId } } });

const submissions = (projectId: number) =>
  prisma.portalSubmission.findMany({
    where: { listing: { projectId } },
    orderBy: { id: "asc" },
    include: { listing: { select: { portal: true } } },
  });

const bodies = (fake: FakePortal) => fake.requests.map((r) => r.body);

/** Every request the fakes received was valid against the portal's schema, from our client certificate. */
function expectValidRequests() {
  for (const request of [...rightmove.requests, ...zoopla.requests]) {
    expect(request.schemaErrors).toEqual([]);
    expect(request.client).toBe("MoveWise test agency");
  }
}

async function jobStates(queue: string) {
  return (
    await prisma.$queryRaw<
      { state: string }[]
    >`SELECT state::text FROM pgboss.job WHERE name = ${queue} ORDER BY created_on`
  ).map((j) => j.state);
}

describe("listing, updates and resends", () => {
  test("listing sends both portals a schema-valid listing; an unchanged home is not sent again; a price change is", async () => {
    const admin = await adminUser();
    const home = await pendingHome();
    // Not on the market yet: nothing to send, nothing recorded.
    await prisma.$transaction((tx) => queuePortalSync(tx, { projectId: home.id, reason: "details" }));
    expect(await runBoth()).toEqual({ rightmove: { completed: 1, failed: 0 }, zoopla: { completed: 1, failed: 0 } });
    expect(rightmove.requests).toEqual([]);
    expect(await prisma.portalListing.count()).toBe(0);

    await changeProjectStatus({ actor: admin, id: home.id, to: "completed" });
    expect(await runBoth()).toEqual({ rightmove: { completed: 1, failed: 0 }, zoopla: { completed: 1, failed: 0 } });
    expectValidRequests();
    expect(rightmove.requests.map((r) => [r.path, r.contentType])).toEqual([
      ["/v1/property/sendpropertydetails", "application/json"],
    ]);
    expect(zoopla.requests.map((r) => [r.path, r.contentType])).toEqual([
      [
        "/listing/update",
        "application/json; profile=http://realtime-listings.webservices.zpg.co.uk/docs/v1.2/schemas/listing/update.json",
      ],
    ]);
    const sent = rightmove.requests[0]!.body as {
      network: unknown;
      branch: unknown;
      property: { agent_ref: string; status: number; media: { media_type: number; media_url: string }[] };
    };
    expect(sent.network).toEqual({ network_id: 1001 });
    expect(sent.branch).toEqual({ branch_id: 2002, channel: 1 });
    expect(sent.property.agent_ref).toBe(`MW${home.id}`);
    expect(sent.property.status).toBe(1);
    expect(sent.property.media.map((m) => m.media_type)).toEqual([1, 1, 2, 3, 6]);
    expect(sent.property.media[0]!.media_url).toMatch(/^https?:\/\/[^/]+\/media\/images\/.+\.jpg$/);
    expect(zoopla.requests[0]!.body).toMatchObject({
      branch_reference: "MW-LEICESTER",
      listing_reference: `MW${home.id}`,
      life_cycle_status: "available",
    });

    expect(await listing("rightmove", home.id)).toMatchObject({
      listingRef: `MW${home.id}`,
      address: "12 Granby Street, Leicester LE1 6EJ",
      live: true,
      lastAction: "send",
      lastOutcome: "accepted",
      lastStatus: "available",
      lastError: null,
      portalId: expect.stringMatching(/^\d+$/),
      portalUrl: expect.stringMatching(/^https:\/\/www\.rightmove\.co\.uk\/properties\/\d+$/),
      lastPayloadHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await listing("zoopla", home.id)).toMatchObject({
      live: true,
      lastStatus: "available",
      portalUrl: expect.stringMatching(/^https:\/\/www\.zoopla\.co\.uk\/for-sale\/details\/\d+\/$/),
    });
    const first = await submissions(home.id);
    expect(first.map((s) => [s.listing.portal, s.action, s.reason, s.outcome, s.httpStatus])).toEqual([
      ["rightmove", "send", "listed", "accepted", 200],
      ["zoopla", "send", "listed", "accepted", 200],
    ]);
    expect(first[0]!.payload).toEqual(rightmove.requests[0]!.body);
    expect(first[0]!.answer).toMatchObject({ success: true, property: { change_type: "CREATE" } });
    expect(first[1]!.answer).toMatchObject({ status: "OK", new_listing: true });

    // Nothing the portals see changed: no request, no record.
    await prisma.$transaction((tx) => queuePortalSync(tx, { projectId: home.id, reason: "details" }));
    await runBoth();
    expect(rightmove.requests).toHaveLength(1);
    expect(zoopla.requests).toHaveLength(1);
    expect(await submissions(home.id)).toHaveLength(2);

    // A resend goes anyway.
    await prisma.$transaction((tx) => queuePortalSync(tx, { projectId: home.id, reason: "resend", force: true }));
    await runBoth();
    expect(rightmove.requests).toHaveLength(2);
    expect(zoopla.requests).toHaveLength(2);

    // A price change from the admin form.
    await updateAdminProject({
      actor: admin,
      id: home.id,
      input: AdminProjectDetailsSchema.parse({
        address: "12 Granby Street, Leicester",
        postcode: "LE1 6EJ",
        price: 240_000,
        property_type: "Terraced",
        bedrooms: 3,
      }),
    });
    await runBoth();
    expectValidRequests();
    expect((bodies(rightmove).at(-1) as { property: { price_information: { price: number } } }).property).toMatchObject(
      {
        price_information: { price: 240_000 },
      },
    );
    expect(bodies(zoopla).at(-1)).toMatchObject({ pricing: { price: 240_000 } });
    expect((await submissions(home.id)).slice(-2).map((s) => s.reason)).toEqual(["price change", "price change"]);
  });
});

describe("photos and documents", () => {
  test("a new caption, a new cover photo and a deleted floor plan are sent again", async () => {
    const admin = await adminUser();
    const home = await pendingHome();
    await changeProjectStatus({ actor: admin, id: home.id, to: "completed" });
    await runBoth();
    const images = await prisma.projectImage.findMany({ where: { projectId: home.id }, orderBy: { position: "asc" } });
    type Sent = { property: { media: { media_type: number; media_url: string; caption: string | null }[] } };
    const lastMedia = () => (bodies(rightmove).at(-1) as Sent).property.media;

    await updateImageAltText(home.id, images[0]!.id, "The front garden in spring");
    await runBoth();
    expect(lastMedia()[0]).toMatchObject({ caption: "The front garden in spring" });
    expect((bodies(zoopla).at(-1) as { content: { caption?: string }[] }).content[0]).toMatchObject({
      caption: "The front garden in spring",
    });

    await moveImage(home.id, images[1]!.id, "up");
    await runBoth();
    expect(lastMedia()[0]!.media_url).toContain(images[1]!.storageKey);

    await deleteSectionMedia(home.id, "floorplans", { userId: admin.id, ipAddress: admin.ipAddress });
    await runBoth();
    expect(lastMedia().map((m) => m.media_type)).toEqual([1, 1, 3, 6]);
    expectValidRequests();
    expect((await submissions(home.id)).slice(2).map((s) => s.reason)).toEqual(
      Array.from({ length: 6 }, () => "photos and documents"),
    );
  });
});

describe("the sale's steps", () => {
  async function listed() {
    const admin = await adminUser();
    const home = await pendingHome();
    await changeProjectStatus({ actor: admin, id: home.id, to: "completed" });
    await runBoth();
    return { admin, home };
  }

  async function acceptOffer(projectId: number) {
    const buyer = await prisma.user.create({
      data: {
        email: `buyer${projectId}@example.com`,
        fullName: "Bob Buyer",
        phoneNumber: "07700 900456",
        passwordHash: "not used",
        role: "buyer",
      },
    });
    const offer = await prisma.offer.create({
      data: {
        projectId,
        buyerId: buyer.id,
        buyerName: buyer.fullName,
        buyerEmail: buyer.email,
        amount: 245_000,
        position: "first_time_buyer",
        mortgageInPrinciple: true,
        status: "accepted",
      },
    });
    return prisma.$transaction((tx) => openSale(tx, offer, 245_000));
  }

  test("under offer, Sold STC, sold (Rightmove removes as sold, Zoopla shows sold), then deleted (Zoopla: completed)", async () => {
    const { admin, home } = await listed();
    const sale = await acceptOffer(home.id);
    await runBoth();
    expect((bodies(rightmove).at(-1) as { property: { status: number } }).property.status).toBe(4);
    expect(bodies(zoopla).at(-1)).toMatchObject({ life_cycle_status: "under_offer" });

    await prisma.sale.update({
      where: { id: sale.id },
      data: { sellerSolicitorFirm: "Granby Law LLP", buyerSolicitorFirm: "Clarendon Conveyancing" },
    });
    await updateProgression({
      actor: { userId: admin.id, ipAddress: admin.ipAddress },
      projectId: home.id,
      input: { issueMemorandum: true },
    });
    await runBoth();
    expect((bodies(rightmove).at(-1) as { property: { status: number } }).property.status).toBe(2);
    expect(bodies(zoopla).at(-1)).toMatchObject({ life_cycle_status: "sold_subject_to_contract" });

    await changeProjectStatus({ actor: admin, id: home.id, to: "sold" });
    await runBoth();
    expectValidRequests();
    expect(rightmove.requests.at(-1)!.path).toBe("/v1/property/removeproperty");
    expect(rightmove.requests.at(-1)!.body).toMatchObject({
      property: {
        agent_ref: `MW${home.id}`,
        removal_reason: 7,
        transaction_date: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/),
      },
    });
    expect(zoopla.requests.at(-1)!.path).toBe("/listing/update");
    expect(zoopla.requests.at(-1)!.body).toMatchObject({ life_cycle_status: "sold" });
    expect(await listing("rightmove", home.id)).toMatchObject({
      live: false,
      lastAction: "remove",
      lastStatus: "sold",
    });
    expect(await listing("zoopla", home.id)).toMatchObject({ live: true, lastStatus: "sold" });

    const before = rightmove.requests.length;
    await deleteAdminProject({ actor: admin, id: home.id });
    await runBoth();
    expect(rightmove.requests).toHaveLength(before); // already off Rightmove
    expect(zoopla.requests.at(-1)!.path).toBe("/listing/delete");
    expect(zoopla.requests.at(-1)!.body).toEqual({ listing_reference: `MW${home.id}`, deletion_reason: "completed" });
    expect((await submissions(home.id)).map((s) => [s.listing.portal, s.action, s.reason, s.outcome])).toEqual([
      ["rightmove", "send", "listed", "accepted"],
      ["zoopla", "send", "listed", "accepted"],
      ["rightmove", "send", "under offer", "accepted"],
      ["zoopla", "send", "under offer", "accepted"],
      ["rightmove", "send", "sold STC", "accepted"],
      ["zoopla", "send", "sold STC", "accepted"],
      ["rightmove", "remove", "sold", "accepted"],
      ["zoopla", "send", "sold", "accepted"],
      ["zoopla", "remove", "withdrawn", "accepted"],
    ]);
    // The records outlive the home.
    expect(await listing("zoopla", home.id)).toMatchObject({
      live: false,
      address: "12 Granby Street, Leicester LE1 6EJ",
    });
  });

  test("a sale that falls through puts it back on the market; a withdrawn home is removed from both", async () => {
    const { admin, home } = await listed();
    const sale = await acceptOffer(home.id);
    await runBoth();
    await prisma.$transaction((tx) => fallThrough(tx, sale.id, "The buyer's mortgage was refused."));
    await runBoth();
    expect((bodies(rightmove).at(-1) as { property: { status: number } }).property.status).toBe(1);
    expect(bodies(zoopla).at(-1)).toMatchObject({ life_cycle_status: "available" });
    expect((await submissions(home.id)).slice(-2).map((s) => s.reason)).toEqual([
      "back on the market",
      "back on the market",
    ]);

    await deleteAdminProject({ actor: admin, id: home.id });
    await runBoth();
    expectValidRequests();
    expect(rightmove.requests.at(-1)!.body).toMatchObject({ property: { removal_reason: 9 } });
    expect(zoopla.requests.at(-1)!.body).toEqual({ listing_reference: `MW${home.id}`, deletion_reason: "withdrawn" });
    expect(await listing("rightmove", home.id)).toMatchObject({ live: false, lastStatus: "withdrawn" });
  });
});

describe("refusals and failures", () => {
  async function listNow() {
    const admin = await adminUser();
    const home = await pendingHome();
    await changeProjectStatus({ actor: admin, id: home.id, to: "completed" });
    return home;
  }

  test("a refusal is recorded with the portal's words and not retried", async () => {
    rightmove.mode = "reject";
    zoopla.mode = "reject";
    const home = await listNow();
    expect(await runBoth()).toEqual({ rightmove: { completed: 1, failed: 0 }, zoopla: { completed: 1, failed: 0 } });
    expect(await jobStates("portal-rightmove")).toEqual(["completed"]);
    expect(await listing("rightmove", home.id)).toMatchObject({
      live: false,
      lastOutcome: "rejected",
      lastError: "INVALID_REQUEST: rejected by the fake portal",
      lastStatus: null,
    });
    expect(await listing("zoopla", home.id)).toMatchObject({
      live: false,
      lastOutcome: "rejected",
      lastError: "The request does not match the listing schema.; rejected by the fake portal",
    });
    expect((await submissions(home.id)).map((s) => [s.outcome, s.httpStatus])).toEqual([
      ["rejected", 400],
      ["rejected", 400],
    ]);
  });

  test("a failure (503) is recorded and the job retried; the retry succeeds", async () => {
    rightmove.mode = "fail";
    const home = await listNow();
    expect(await runDueJobs("portal-rightmove")).toEqual({ completed: 0, failed: 1 });
    expect(await jobStates("portal-rightmove")).toEqual(["retry"]);
    expect(await listing("rightmove", home.id)).toMatchObject({
      live: false,
      lastOutcome: "failed",
      lastError: "HTTP 503: Service temporarily unavailable",
    });
    rightmove.mode = "ok";
    await prisma.$executeRaw`UPDATE pgboss.job SET start_after = now() - interval '1 minute' WHERE name = 'portal-rightmove' AND state = 'retry'`;
    expect(await runDueJobs("portal-rightmove")).toEqual({ completed: 1, failed: 0 });
    expect(await listing("rightmove", home.id)).toMatchObject({ live: true, lastOutcome: "accepted", lastError: null });
    expect((await submissions(home.id)).map((s) => [s.outcome, s.httpStatus])).toEqual([
      ["failed", 503],
      ["accepted", 200],
    ]);
  });

  test("a portal that never answers times out: failed and retried", async () => {
    zoopla.mode = "hang";
    setPortalTimeout(300);
    const home = await listNow();
    expect(await runDueJobs("portal-zoopla")).toEqual({ completed: 0, failed: 1 });
    expect(await jobStates("portal-zoopla")).toEqual(["retry"]);
    const [failed] = await submissions(home.id);
    expect(failed).toMatchObject({ outcome: "failed", httpStatus: null, error: "no answer within 0.3 s" });
  });

  test("a certificate the portal does not know, or a portal we cannot verify, fails", async () => {
    const saved = { ...process.env };
    const tls = (name: string) => process.env.RIGHTMOVE_CA_FILE!.replace(/ca\.pem$/, name);
    process.env.RIGHTMOVE_CERT_FILE = tls("stranger.pem");
    process.env.RIGHTMOVE_KEY_FILE = tls("stranger.key");
    process.env.ZOOPLA_CA_FILE = tls("stranger.pem");
    reloadEnv();
    try {
      const home = await listNow();
      expect(await runBoth()).toEqual({ rightmove: { completed: 0, failed: 1 }, zoopla: { completed: 0, failed: 1 } });
      expect(rightmove.requests).toEqual([]);
      expect(zoopla.requests).toEqual([]);
      const rows = await submissions(home.id);
      expect(rows.map((s) => [s.listing.portal, s.outcome])).toEqual([
        ["rightmove", "failed"],
        ["zoopla", "failed"],
      ]);
      expect(rows[1]!.error).toMatch(/certificate/i);
    } finally {
      Object.assign(process.env, {
        RIGHTMOVE_CERT_FILE: saved.RIGHTMOVE_CERT_FILE,
        RIGHTMOVE_KEY_FILE: saved.RIGHTMOVE_KEY_FILE,
        ZOOPLA_CA_FILE: saved.ZOOPLA_CA_FILE,
      });
      reloadEnv();
    }
  });
});
