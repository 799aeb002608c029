// The real-time feeds' payloads (app/modules/portals/rightmove-rtdf.ts, zoopla-listing.ts) built from a home,
// each checked against the portal's published schema, and the sync's decisions and its reading of answers.
import { describe, expect, test } from "vitest";

import { addressParts } from "../../app/modules/portals/address";
import type { PortalHome } from "../../app/modules/portals/portal-home.server";
import { judgeAnswer, payloadHash, planRightmove, planZoopla } from "../../app/modules/portals/portal-sync.server";
import { rtdfRemovePayload, rtdfSendPayload } from "../../app/modules/portals/rightmove-rtdf";
import { zooplaDeletePayload, zooplaUpdatePayload } from "../../app/modules/portals/zoopla-listing";
import { PROPERTY_TYPES, TENURES } from "../../app/modules/projects/options";
import { schemaErrors } from "../support/portal-schemas";

const ACCOUNT = { networkId: 1001, branchId: 2002 };
const SITE = "https://movewise.example";

function home(fields: Partial<PortalHome> = {}): PortalHome {
  const address = fields.address ?? "Flat 2, 12 Granby Street, Leicester LE1 6EJ";
  const postcode = fields.postcode ?? "LE1 6EJ";
  const base: PortalHome = {
    id: 42,
    status: "completed",
    saleStatus: "for_sale",
    sendToPortals: true,
    address,
    postcode,
    latitude: 52.6339,
    longitude: -1.1317,
    price: 325_000,
    propertyType: "Semi-Detached",
    bedrooms: 3,
    bathrooms: 2,
    receptions: 2,
    sizeSqft: 1100,
    tenure: "Freehold",
    keyFeatures: ["South-facing garden", "Off-street parking", "south-facing garden", "  "],
    description:
      "A bright family home close to the park.\n\nGround floor:\n\nLiving room\nKitchen\n\nOutside the garden is lawned.",
    parking: true,
    garden: true,
    accessibility: false,
    virtualTourUrl: "https://tours.example/42",
    councilTaxBand: "C",
    epcRating: "C",
    epcPotential: "B",
    leaseYearsRemaining: null,
    groundRentPerYear: null,
    serviceChargePerYear: null,
    electricity: "Mains",
    water: "Mains supply",
    sewerage: "Private septic tank",
    broadband: "Ultrafast full fibre (FTTP)",
    floodRisk: null,
    restrictions: "None",
    rightsAndEasements: "Shared driveway access",
    listedAt: new Date("2026-06-01T09:30:00Z"),
    soldAt: null,
    createdAt: new Date("2026-05-20T10:00:00Z"),
    updatedAt: new Date("2026-06-02T11:15:05Z"),
    images: [
      { id: 1, storageKey: "images/a.jpg", contentType: "image/jpeg", altText: "Front of the house" },
      { id: 2, storageKey: "images/b.jpg", contentType: "image/jpeg", altText: "" },
    ],
    floorPlans: [{ id: 3, storageKey: "floorplans/c.png", contentType: "image/png", fileName: "plan.png" }],
    documents: [
      { id: 4, type: "EPC", name: "EPC.pdf", storageKey: "documents/d.pdf", contentType: "application/pdf" },
      { id: 5, type: "OTHER", name: "Brochure.pdf", storageKey: "documents/e.pdf", contentType: "application/pdf" },
      { id: 6, type: "RICS", name: "Survey.pdf", storageKey: "documents/f.pdf", contentType: "application/pdf" },
      {
        id: 7,
        type: "OTHER",
        name: "Notes.docx",
        storageKey: "documents/g.docx",
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      },
    ],
    virtualTours: [{ url: "https://tours.example/42" }],
    parts: addressParts(address, postcode),
    portalStatus: "for_sale",
    ...fields,
  };
  return { ...base, parts: addressParts(base.address, base.postcode) };
}

describe("Rightmove sendpropertydetails", () => {
  test("a home for sale: codes, address parts, dates in London time, media as absolute URLs; schema-valid", () => {
    const payload = rtdfSendPayload(home(), ACCOUNT, SITE);
    expect(schemaErrors("rightmove-send", payload)).toEqual([]);
    expect(payload.network).toEqual({ network_id: 1001 });
    expect(payload.branch).toEqual({ branch_id: 2002, channel: 1 });
    const { property } = payload;
    expect(property).toMatchObject({
      agent_ref: "MW42",
      published: true,
      property_type: 3,
      status: 1,
      new_home: false,
      create_date: "01-06-2026 10:30:00",
      update_date: "02-06-2026 12:15:05",
    });
    expect(property.address).toEqual({
      house_name_number: "Flat 2, 12",
      address_2: "Granby Street",
      address_3: null,
      town: "Leicester",
      postcode_1: "LE1",
      postcode_2: "6EJ",
      display_address: "Granby Street, Leicester",
      latitude: 52.6339,
      longitude: -1.1317,
    });
    expect(property.price_information).toEqual({ price: 325_000, price_qualifier: 2, tenure_type: 1 });
    expect(property.details).toMatchObject({
      summary: "A bright family home close to the park.",
      features: ["South-facing garden", "Off-street parking"],
      bedrooms: 3,
      bathrooms: 2,
      reception_rooms: 2,
      parking: [19],
      outside_space: [33],
      council_tax_band: "C",
      water: "mains_supply",
      sewerage: "private_supply",
      electricity: ["mains_supply"],
      broadband: ["fttp"],
      obligations: { restrictions: false, required_access: true },
    });
    expect(property.details.description).toContain("Ground floor:\n\nLiving room\nKitchen");
    expect(property.media).toEqual([
      { media_type: 1, media_url: `${SITE}/media/images/a.jpg`, caption: "Front of the house", sort_order: 0 },
      { media_type: 1, media_url: `${SITE}/media/images/b.jpg`, caption: null, sort_order: 1 },
      { media_type: 2, media_url: `${SITE}/media/floorplans/c.png`, caption: "Floor plan", sort_order: 2 },
      { media_type: 3, media_url: `${SITE}/media/documents/e.pdf`, caption: "Brochure.pdf", sort_order: 3 },
      { media_type: 6, media_url: `${SITE}/media/documents/d.pdf`, caption: "EPC", sort_order: 4 },
      { media_type: 4, media_url: "https://tours.example/42", caption: "Virtual tour", sort_order: 5 },
    ]);
  });

  test.each([
    ["for_sale", 1],
    ["under_offer", 4],
    ["sold_stc", 2],
  ] as const)("status %s is %i", (status, code) => {
    const payload = rtdfSendPayload(home({ saleStatus: status, portalStatus: status }), ACCOUNT, SITE);
    expect(payload.property.status).toBe(code);
    expect(schemaErrors("rightmove-send", payload)).toEqual([]);
  });

  test("a sold home is never sent", () => {
    expect(() => rtdfSendPayload(home({ status: "sold", portalStatus: "sold" }), ACCOUNT, SITE)).toThrow();
  });

  test("leasehold: unexpired years, ground rent and service charge", () => {
    const payload = rtdfSendPayload(
      home({ tenure: "Leasehold", leaseYearsRemaining: 95, groundRentPerYear: 250, serviceChargePerYear: 1200 }),
      ACCOUNT,
      SITE,
    );
    expect(payload.property.price_information).toEqual({
      price: 325_000,
      price_qualifier: 2,
      tenure_type: 2,
      tenure_unexpired_years: 95,
      annual_ground_rent: 250,
      annual_service_charge: 1200,
    });
    expect(schemaErrors("rightmove-send", payload)).toEqual([]);
  });

  test.each(PROPERTY_TYPES.flatMap((type) => TENURES.map((tenure) => [type, tenure] as const)))(
    "%s, %s: schema-valid",
    (propertyType, tenure) => {
      const payload = rtdfSendPayload(
        home({ propertyType, tenure, bedrooms: propertyType === "Studio" ? 0 : 2 }),
        ACCOUNT,
        SITE,
      );
      expect(schemaErrors("rightmove-send", payload)).toEqual([]);
    },
  );

  test("long texts are cut to the limits; a bare home (no description, features, media, facts) still passes", () => {
    const long = "word ".repeat(10_000);
    const payload = rtdfSendPayload(
      home({
        description: long,
        keyFeatures: Array.from({ length: 14 }, (_, i) => `${i} ${"feature ".repeat(40)}`),
        images: [{ id: 9, storageKey: "images/z.jpg", contentType: "image/jpeg", altText: "x".repeat(80) }],
        address: "Rose Cottage, Church Lane, A Very Long Village Name Indeed That Goes On, Oakham LE15 6AA",
        postcode: "LE15 6AA",
      }),
      ACCOUNT,
      SITE,
    );
    expect(schemaErrors("rightmove-send", payload)).toEqual([]);
    expect(payload.property.details.summary.length).toBeLessThanOrEqual(1000);
    expect(payload.property.details.description.length).toBeLessThanOrEqual(32000);
    expect(payload.property.details.features).toHaveLength(10);
    expect(payload.property.details.features!.every((f) => f.length <= 200)).toBe(true);
    expect(payload.property.media![0]!.caption!.length).toBeLessThanOrEqual(50);
    expect(payload.property.address).toMatchObject({ house_name_number: "Rose Cottage", address_2: "Church Lane" });

    const bare = rtdfSendPayload(
      home({
        description: "",
        keyFeatures: [],
        images: [],
        floorPlans: [],
        documents: [],
        virtualTours: [],
        virtualTourUrl: null,
        latitude: null,
        longitude: null,
        receptions: null,
        sizeSqft: null,
        councilTaxBand: null,
        electricity: null,
        water: null,
        sewerage: null,
        broadband: null,
        restrictions: null,
        rightsAndEasements: null,
        parking: false,
        garden: false,
        address: "Granby Street, Leicester LE1 6EJ",
      }),
      ACCOUNT,
      SITE,
    );
    expect(schemaErrors("rightmove-send", bare)).toEqual([]);
    expect(bare.property.details.summary).toBe("3 bedroom semi-detached house for sale in Leicester");
    expect(bare.property.address.house_name_number).toBe("Granby Street");
    expect(bare.property.media).toEqual([]);
  });

  test("control characters become spaces; the description keeps its paragraphs", () => {
    const payload = rtdfSendPayload(
      home({ description: "Bright\u0007 home.\r\n\r\nBig\tgarden.", keyFeatures: ["Gas\u0000 central heating"] }),
      ACCOUNT,
      SITE,
    );
    expect(payload.property.details).toMatchObject({
      summary: "Bright home.",
      description: "Bright home.\n\nBig garden.",
      features: ["Gas central heating"],
    });
  });

  test("removeproperty: sold by us with the completion date, or withdrawn", () => {
    const sold = rtdfRemovePayload(42, ACCOUNT, "sold", new Date("2026-07-10T15:00:00Z"));
    expect(sold.property).toEqual({ agent_ref: "MW42", removal_reason: 7, transaction_date: "10-07-2026 16:00:00" });
    expect(schemaErrors("rightmove-remove", sold)).toEqual([]);
    const withdrawn = rtdfRemovePayload(42, ACCOUNT, "withdrawn");
    expect(withdrawn.property).toEqual({ agent_ref: "MW42", removal_reason: 9 });
    expect(schemaErrors("rightmove-remove", withdrawn)).toEqual([]);
  });
});

describe("Zoopla listing/update and listing/delete", () => {
  test("a home for sale: schema-valid, with location, pricing, sections and content", () => {
    const payload = zooplaUpdatePayload(home(), "MW-LEICESTER", SITE);
    expect(schemaErrors("zoopla-update", payload)).toEqual([]);
    expect(payload).toMatchObject({
      branch_reference: "MW-LEICESTER",
      listing_reference: "MW42",
      category: "residential",
      life_cycle_status: "available",
      location: {
        property_number_or_name: "Flat 2, 12",
        street_name: "Granby Street",
        town_or_city: "Leicester",
        postal_code: "LE1 6EJ",
        country_code: "GB",
        coordinates: { latitude: 52.6339, longitude: -1.1317 },
      },
      pricing: { currency_code: "GBP", price: 325_000, transaction_type: "sale", price_qualifier: "guide_price" },
      property_type: "semi_detached",
      total_bedrooms: 3,
      bathrooms: 2,
      living_rooms: 2,
      tenure: "freehold",
      summary_description: "A bright family home close to the park.",
      feature_list: ["South-facing garden", "Off-street parking"],
      council_tax_band: "C",
      parking: ["off_street_parking"],
      outside_space: ["private_garden"],
    });
    expect(payload.detailed_description).toEqual([
      { text: "A bright family home close to the park." },
      { heading: "Ground floor", text: "• Living room\n• Kitchen\n\nOutside the garden is lawned." },
    ]);
    expect(payload.content).toEqual([
      { url: `${SITE}/media/images/a.jpg`, type: "image", caption: "Front of the house" },
      { url: `${SITE}/media/images/b.jpg`, type: "image" },
      { url: `${SITE}/media/floorplans/c.png`, type: "floor_plan", caption: "Floor plan" },
      { url: `${SITE}/media/documents/e.pdf`, type: "brochure", caption: "Brochure.pdf" },
      { url: `${SITE}/media/documents/d.pdf`, type: "epc_report", caption: "EPC" },
      { url: "https://tours.example/42", type: "virtual_tour", caption: "Virtual tour" },
    ]);
  });

  test.each([
    ["for_sale", "available"],
    ["under_offer", "under_offer"],
    ["sold_stc", "sold_subject_to_contract"],
    ["sold", "sold"],
  ] as const)("status %s is %s", (status, cycle) => {
    const payload = zooplaUpdatePayload(
      home({ status: status === "sold" ? "sold" : "completed", portalStatus: status }),
      "MW-LEICESTER",
      SITE,
    );
    expect(payload.life_cycle_status).toBe(cycle);
    expect(schemaErrors("zoopla-update", payload)).toEqual([]);
  });

  test("leasehold: service charge, ground rent and years left", () => {
    const payload = zooplaUpdatePayload(
      home({ tenure: "Leasehold", leaseYearsRemaining: 95, groundRentPerYear: 250, serviceChargePerYear: 1200 }),
      "MW-LEICESTER",
      SITE,
    );
    expect(payload).toMatchObject({
      tenure: "leasehold",
      service_charge: { charge: 1200, frequency: "per_year" },
      ground_rent: 250,
      lease_expiry: { years_remaining: 95 },
    });
    expect(schemaErrors("zoopla-update", payload)).toEqual([]);
  });

  test("a peppercorn (£0) ground rent and no service charge are left out: Zoopla takes only positive amounts", () => {
    const payload = zooplaUpdatePayload(
      home({ tenure: "Leasehold", leaseYearsRemaining: 990, groundRentPerYear: 0, serviceChargePerYear: 0 }),
      "MW-LEICESTER",
      SITE,
    );
    expect(payload).not.toHaveProperty("ground_rent");
    expect(payload).not.toHaveProperty("service_charge");
    expect(schemaErrors("zoopla-update", payload)).toEqual([]);
    const rightmove = rtdfSendPayload(
      home({ tenure: "Leasehold", leaseYearsRemaining: 990, groundRentPerYear: 0, serviceChargePerYear: 0 }),
      ACCOUNT,
      SITE,
    );
    expect(schemaErrors("rightmove-send", rightmove)).toEqual([]);
  });

  test.each(PROPERTY_TYPES.flatMap((type) => TENURES.map((tenure) => [type, tenure] as const)))(
    "%s, %s: schema-valid",
    (propertyType, tenure) => {
      const payload = zooplaUpdatePayload(home({ propertyType, tenure, bedrooms: 2 }), "MW-LEICESTER", SITE);
      expect(schemaErrors("zoopla-update", payload)).toEqual([]);
      if (propertyType === "Studio") expect(payload.total_bedrooms).toBe(1);
      if (tenure === "Commonhold" || tenure === "Other") expect(payload).not.toHaveProperty("tenure");
    },
  );

  test("a bare home still passes: one section saying what it is", () => {
    const payload = zooplaUpdatePayload(
      home({
        description: "",
        keyFeatures: [],
        images: [],
        floorPlans: [],
        documents: [],
        virtualTours: [],
        virtualTourUrl: null,
        latitude: null,
        longitude: null,
        receptions: null,
        councilTaxBand: null,
        address: "Granby Street, Leicester LE1 6EJ",
      }),
      "MW-LEICESTER",
      SITE,
    );
    expect(schemaErrors("zoopla-update", payload)).toEqual([]);
    expect(payload.detailed_description).toEqual([{ text: "3 bedroom semi-detached house for sale in Leicester" }]);
    expect(payload).not.toHaveProperty("content");
  });

  test("listing/delete: withdrawn or completed", () => {
    for (const reason of ["withdrawn", "completed"] as const) {
      const payload = zooplaDeletePayload(42, reason);
      expect(payload).toEqual({ listing_reference: "MW42", deletion_reason: reason });
      expect(schemaErrors("zoopla-delete", payload)).toEqual([]);
    }
  });
});

describe("what the sync decides", () => {
  const live = { live: true, lastStatus: "available", lastPayloadHash: "x" };
  const rm = (h: PortalHome | null, l: typeof live | null) => planRightmove(42, h, l, ACCOUNT, SITE);
  const zp = (h: PortalHome | null, l: typeof live | null) => planZoopla(42, h, l, "MW-LEICESTER", SITE);

  test("on the market: both send, live or not", () => {
    expect(rm(home(), null)).toMatchObject({ action: "send", status: "available" });
    expect(zp(home({ saleStatus: "sold_stc", portalStatus: "sold_stc" }), live)).toMatchObject({
      action: "send",
      status: "sold_stc",
    });
  });

  test("sold: Rightmove removes it as sold, Zoopla is told it is sold; neither when it is not live", () => {
    const sold = home({ status: "sold", portalStatus: "sold", soldAt: new Date("2026-07-10T15:00:00Z") });
    expect(rm(sold, live)).toMatchObject({
      action: "remove",
      status: "sold",
      payload: { property: { removal_reason: 7 } },
    });
    expect(zp(sold, live)).toMatchObject({ action: "send", status: "sold", payload: { life_cycle_status: "sold" } });
    expect(rm(sold, null)).toBeNull();
    expect(zp(sold, { ...live, live: false })).toBeNull();
  });

  test("deleted, pending or switched off: removed when live (Zoopla: completed after sold), else nothing", () => {
    expect(rm(null, live)).toMatchObject({ action: "remove", payload: { property: { removal_reason: 9 } } });
    expect(zp(null, live)).toMatchObject({ action: "remove", payload: { deletion_reason: "withdrawn" } });
    expect(zp(null, { ...live, lastStatus: "sold" })).toMatchObject({ payload: { deletion_reason: "completed" } });
    expect(rm(home({ sendToPortals: false }), live)).toMatchObject({ action: "remove", status: "withdrawn" });
    expect(zp(home({ status: "pending" }), live)).toMatchObject({ action: "remove", status: "withdrawn" });
    expect(rm(null, null)).toBeNull();
    expect(zp(home({ sendToPortals: false }), { ...live, live: false })).toBeNull();
  });

  test("the fingerprint ignores Rightmove's update date only", () => {
    const a = rtdfSendPayload(home(), ACCOUNT, SITE);
    const b = rtdfSendPayload(home({ updatedAt: new Date("2026-08-01T00:00:00Z") }), ACCOUNT, SITE);
    const c = rtdfSendPayload(home({ price: 320_000 }), ACCOUNT, SITE);
    expect(payloadHash(a)).toBe(payloadHash(b));
    expect(payloadHash(a)).not.toBe(payloadHash(c));
  });
});

describe("reading the portals' answers", () => {
  const ok = (status: number, body: unknown) => ({
    ok: true as const,
    status,
    text: typeof body === "string" ? body : JSON.stringify(body),
    durationMs: 5,
  });

  test("accepted, with the portal's id and page", () => {
    expect(
      judgeAnswer(
        "rightmove",
        ok(200, {
          success: true,
          property: { rightmove_id: 123, rightmove_url: "https://www.rightmove.co.uk/properties/123" },
        }),
      ),
    ).toMatchObject({ outcome: "accepted", portalId: "123", portalUrl: "https://www.rightmove.co.uk/properties/123" });
    // Only an https page is kept as the listing's link (it is shown as a link to admins and the seller).
    for (const url of ["javascript:alert(1)", "http://www.zoopla.co.uk/x/", 'https://x.example/"><script>'])
      expect(judgeAnswer("zoopla", ok(200, { status: "OK", url }))).not.toHaveProperty("portalUrl");
    expect(
      judgeAnswer(
        "rightmove",
        ok(200, { success: true, property: { rightmove_id: 1, rightmove_url: "javascript:x" } }),
      ),
    ).not.toHaveProperty("portalUrl");
    expect(judgeAnswer("zoopla", ok(200, { status: "OK", url: "https://www.zoopla.co.uk/x/" }))).toMatchObject({
      outcome: "accepted",
      portalUrl: "https://www.zoopla.co.uk/x/",
    });
  });

  test("refused (4xx or success false) with the portal's own words; not retried", () => {
    expect(
      judgeAnswer(
        "rightmove",
        ok(400, { success: false, errors: [{ error_code: "E1", error_description: "price is missing" }] }),
      ),
    ).toMatchObject({ outcome: "rejected", httpStatus: 400, error: "E1: price is missing" });
    expect(judgeAnswer("rightmove", ok(200, { success: false, message: "Branch unknown" }))).toMatchObject({
      outcome: "rejected",
      error: "Branch unknown",
    });
    expect(
      judgeAnswer("zoopla", ok(400, { error_advice: "Does not match", errors: ["/pricing is required"] })),
    ).toMatchObject({ outcome: "rejected", error: "Does not match; /pricing is required" });
  });

  test("failed (no answer, 5xx, 429, unreadable): retried", () => {
    expect(judgeAnswer("zoopla", { ok: false, error: "socket hang up", durationMs: 1 })).toMatchObject({
      outcome: "failed",
      httpStatus: null,
      error: "socket hang up",
    });
    expect(judgeAnswer("rightmove", ok(503, { message: "Down" }))).toMatchObject({
      outcome: "failed",
      httpStatus: 503,
    });
    expect(judgeAnswer("rightmove", ok(429, "slow down"))).toMatchObject({ outcome: "failed", answer: "slow down" });
    expect(judgeAnswer("zoopla", ok(200, "<html>"))).toMatchObject({ outcome: "failed" });
  });
});
