import { describe, expect, test } from "vitest";

import { addressParts } from "../../app/modules/portals/address";
import {
  BLM_FIELDS,
  blmDate,
  blmDefinition,
  blmDescription,
  blmFeatures,
  type BlmHome,
  type BlmMedia,
  blmRecord,
  blmStamp,
  blmSummary,
  blmValue,
  mediaColumnsFor,
  writeBlm,
} from "../../app/modules/portals/blm";
import { BlmParseError, parseBlm } from "../support/blm-parser";

const home = (over: Partial<BlmHome> = {}): BlmHome => ({
  id: 12,
  portalStatus: "for_sale",
  parts: addressParts("12 Granby Street, Leicester LE1 6EJ", "LE1 6EJ"),
  price: 250_000,
  propertyType: "Terraced",
  tenure: "Freehold",
  bedrooms: 3,
  bathrooms: 1,
  receptions: 2,
  keyFeatures: ["South-facing garden", "New kitchen", "Close to the station"],
  description: "A bright family home.\nNew boiler in 2024.",
  parking: false,
  garden: true,
  epcRating: "C",
  listedAt: new Date("2026-07-01T09:30:00Z"),
  createdAt: new Date("2026-06-01T09:30:00Z"),
  updatedAt: new Date("2026-11-20T14:05:09Z"),
  ...over,
});

const noMedia: BlmMedia = {
  images: [],
  epcGraphs: [],
  floorPlans: [],
  documents: [],
  epcDocuments: [],
  virtualTours: [],
};

const media: BlmMedia = {
  ...noMedia,
  images: [
    { index: 0, fileName: "2002_MW12_IMG_00.jpg", caption: "Front of the house, from the street" },
    { index: 1, fileName: "2002_MW12_IMG_01.jpg", caption: "Kitchen" },
  ],
  epcGraphs: [{ index: 60, fileName: "2002_MW12_IMG_60.png", caption: "EPC" }],
  epcDocuments: [{ index: 50, fileName: "2002_MW12_DOC_50.pdf", caption: "EPC" }],
  virtualTours: [{ url: "https://tours.example/12", caption: "Virtual tour" }],
};

const file = (records: Record<string, string>[], columns = mediaColumnsFor([media])) =>
  writeBlm({ definition: blmDefinition(columns), records, generatedAt: new Date("2026-11-26T05:00:00Z") });

describe("the BLM writer", () => {
  test("writes the four sections with the v3 header, and the parser reads every field back", () => {
    const text = file([blmRecord(home(), media, 2002), blmRecord(home({ id: 13 }), noMedia, 2002)]);
    expect(text.split("\n").slice(0, 8)).toEqual([
      "#HEADER#",
      "Version : 3",
      "EOF : '^'",
      "EOR : '~'",
      "Property Count : 2",
      "Generated Date : 2026-11-26 05:00:00",
      "",
      "#DEFINITION#",
    ]);
    expect(text.trimEnd().endsWith("#END#")).toBe(true);
    const blm = parseBlm(text);
    expect(blm.rows).toHaveLength(2);
    expect(blm.definition.slice(0, BLM_FIELDS.length)).toEqual([...BLM_FIELDS]);
    // The media columns come after every other column, each followed by its caption.
    expect(blm.definition.slice(BLM_FIELDS.length)).toEqual([
      "MEDIA_IMAGE_00",
      "MEDIA_IMAGE_TEXT_00",
      "MEDIA_IMAGE_01",
      "MEDIA_IMAGE_TEXT_01",
      "MEDIA_IMAGE_60",
      "MEDIA_IMAGE_TEXT_60",
      "MEDIA_FLOOR_PLAN_00",
      "MEDIA_FLOOR_PLAN_TEXT_00",
      "MEDIA_DOCUMENT_00",
      "MEDIA_DOCUMENT_TEXT_00",
      "MEDIA_DOCUMENT_50",
      "MEDIA_DOCUMENT_TEXT_50",
      "MEDIA_VIRTUAL_TOUR_00",
      "MEDIA_VIRTUAL_TOUR_TEXT_00",
    ]);
    expect(blm.rows[0]).toMatchObject({
      AGENT_REF: "2002_MW12",
      ADDRESS_1: "12",
      ADDRESS_2: "Granby Street",
      ADDRESS_3: "",
      TOWN: "Leicester",
      POSTCODE1: "LE1",
      POSTCODE2: "6EJ",
      FEATURE1: "South-facing garden",
      FEATURE3: "Close to the station",
      FEATURE4: "",
      SUMMARY: "A bright family home. New boiler in 2024.",
      DESCRIPTION: "A bright family home.<br>New boiler in 2024.",
      BRANCH_ID: "2002",
      STATUS_ID: "0",
      BEDROOMS: "3",
      BATHROOMS: "1",
      LIVING_ROOMS: "2",
      PRICE: "250000",
      PRICE_QUALIFIER: "2",
      PROP_SUB_ID: "1",
      CREATE_DATE: "2026-07-01 10:30:00",
      UPDATE_DATE: "2026-11-20 14:05:09",
      DISPLAY_ADDRESS: "Granby Street, Leicester",
      PUBLISHED_FLAG: "1",
      LET_RENT_FREQUENCY: "",
      TENURE_TYPE_ID: "1",
      TRANS_TYPE_ID: "1",
      NEW_HOME_FLAG: "N",
      MEDIA_IMAGE_00: "2002_MW12_IMG_00.jpg",
      MEDIA_IMAGE_TEXT_00: "Front of the house,…",
      MEDIA_IMAGE_60: "2002_MW12_IMG_60.png",
      MEDIA_IMAGE_TEXT_60: "EPC",
      MEDIA_DOCUMENT_50: "2002_MW12_DOC_50.pdf",
      MEDIA_DOCUMENT_TEXT_50: "EPC",
      MEDIA_VIRTUAL_TOUR_00: "https://tours.example/12",
    });
    expect(blm.rows[0]!.MEDIA_IMAGE_TEXT_00!.length).toBeLessThanOrEqual(20);
    expect(blm.rows[1]).toMatchObject({ AGENT_REF: "2002_MW13", MEDIA_IMAGE_00: "", MEDIA_IMAGE_60: "" });
  });

  test("no value can carry a separator, a line break or a section marker", () => {
    const nasty = "Oak^Lodge~\r\nLine two\tand #END# and back\\";
    const record = blmRecord(
      home({
        parts: { ...home().parts, houseNameNumber: nasty, street: nasty, town: nasty, displayAddress: nasty },
        keyFeatures: [nasty, "^", "~~"],
        description: `${nasty}\n<b>bold</b> & more`,
      }),
      { ...noMedia, images: [{ index: 0, fileName: "2002_MW12_IMG_00.jpg", caption: nasty }] },
      2002,
    );
    for (const value of Object.values(record)) {
      expect(value).not.toMatch(/[\^~\r\n\t]/);
      expect(value).not.toContain("#END#");
      expect(value).not.toMatch(/\\$/);
    }
    expect(record.DESCRIPTION).toContain("&lt;b&gt;bold&lt;/b&gt; &amp; more");
    expect(record.DESCRIPTION).toContain("<br>");
    // A feature that was only a separator is dropped; "~~" becomes "--".
    expect([record.FEATURE1, record.FEATURE2]).toEqual(["Oak Lodge- Line two and # END# and back", "--"]);
    const blm = parseBlm(file([record], mediaColumnsFor([noMedia])));
    expect(blm.rows[0]!.ADDRESS_1).toBe("Oak Lodge- Line two and # END# and back");
  });

  test("a description too long for the file is cut between entities, never inside one", () => {
    const description = blmRecord(home({ description: "&".repeat(10_000) }), noMedia, 1).DESCRIPTION!;
    expect(description.length).toBeLessThanOrEqual(32_768);
    expect(description).toMatch(/^(&amp;)+…$/);
    // 32,768 characters once escaped, but the file's cleaning makes "#END#" one longer: still cut only once,
    // between entities.
    const atTheLimit = blmRecord(home({ description: `#END#xxx${"&".repeat(6_552)}` }), noMedia, 1).DESCRIPTION!;
    expect(atTheLimit.length).toBeLessThanOrEqual(32_768);
    expect(atTheLimit).toMatch(/^# END#xxx(&amp;)+…$/);
    expect(blmRecord(home({ description: `Owner's "view"` }), noMedia, 1).DESCRIPTION).toBe(
      "Owner&#39;s &quot;view&quot;",
    );
  });

  test("features: at least three, topped up from the facts; at most ten", () => {
    expect(blmFeatures(home({ keyFeatures: [] }))).toEqual(["3 bedrooms", "1 bathroom", "2 reception rooms"]);
    expect(blmFeatures(home({ keyFeatures: ["3 Bedrooms"] }))).toEqual([
      "3 Bedrooms",
      "1 bathroom",
      "2 reception rooms",
    ]);
    expect(
      blmFeatures(
        home({
          keyFeatures: [],
          bedrooms: 0,
          bathrooms: 0,
          receptions: null,
          tenure: "Other",
          garden: false,
          epcRating: null,
        }),
      ),
    ).toEqual(["Terraced house"]);
    expect(blmFeatures(home({ keyFeatures: Array.from({ length: 14 }, (_, i) => `Feature ${i}`) }))).toHaveLength(10);
    expect(blmFeatures(home({ keyFeatures: ["x".repeat(300)] }))[0]!.length).toBeLessThanOrEqual(200);
  });

  test("summary: plain and at most 1024 characters; made from the facts when there is no description", () => {
    expect(blmSummary(home({ description: "word ".repeat(400) })).length).toBeLessThanOrEqual(1024);
    expect(blmSummary(home({ description: "" }))).toBe("A 3 bedroom terraced house in Leicester.");
    expect(blmRecord(home({ description: "" }), noMedia, 1).DESCRIPTION).toBe(
      "A 3 bedroom terraced house in Leicester.",
    );
  });

  test("status and tenure codes, and the dates in UK time", () => {
    expect(blmRecord(home({ portalStatus: "under_offer" }), noMedia, 1).STATUS_ID).toBe("3");
    expect(blmRecord(home({ portalStatus: "sold_stc" }), noMedia, 1).STATUS_ID).toBe("1");
    expect(blmRecord(home({ tenure: "Leasehold" }), noMedia, 1).TENURE_TYPE_ID).toBe("2");
    expect(blmRecord(home({ tenure: "Other" }), noMedia, 1).TENURE_TYPE_ID).toBe("");
    expect(blmRecord(home({ propertyType: "Flat/Apartment" }), noMedia, 1).PROP_SUB_ID).toBe("8");
    expect(() => blmRecord(home({ portalStatus: "sold" }), noMedia, 1)).toThrow(/sold/);
    expect(blmDate(new Date("2026-01-15T23:59:59Z"))).toBe("2026-01-15 23:59:59");
    expect(blmDate(new Date("2026-06-15T23:59:59Z"))).toBe("2026-06-16 00:59:59");
    expect(blmStamp(new Date("2026-11-26T05:00:00Z"))).toBe("2026112605");
    expect(blmStamp(new Date("2026-07-26T05:00:00Z"))).toBe("2026072606");
  });

  test("columns: enough for the home with the most media, at least 00 of each", () => {
    const columns = mediaColumnsFor([
      noMedia,
      { ...noMedia, images: [0, 1, 2].map((index) => ({ index, fileName: `f${index}.jpg`, caption: "" })) },
      // A left-out file leaves a gap: its index still counts.
      { ...noMedia, floorPlans: [{ index: 3, fileName: "p.png", caption: "" }] },
    ]);
    expect(columns).toEqual({ images: 3, epcGraphs: 1, floorPlans: 4, documents: 1, epcDocuments: 1, virtualTours: 1 });
    expect(() => writeBlm({ definition: ["AGENT_REF"], records: [{ PRICE: "1" }], generatedAt: new Date() })).toThrow(
      /PRICE/,
    );
  });

  test("an empty file is still a valid file", () => {
    const blm = parseBlm(file([], mediaColumnsFor([])));
    expect(blm.header["Property Count"]).toBe("0");
    expect(blm.rows).toEqual([]);
  });

  test("every kind of line break and control character leaves a value on one line", () => {
    for (const line of ["\r\n", "\r", "\n", "\v", "\f", "\u0085", "\u2028", "\u2029", "\u0000", "\u009b"])
      expect(blmValue(`12 Granby Street${line}Leicester`)).toBe("12 Granby Street Leicester");
    // In the description they are the HTML's line breaks.
    expect(blmDescription("Light.\u2028Airy.\u2029Quiet.\u0085Near the park.")).toBe(
      "Light.<br>Airy.<br>Quiet.<br>Near the park.",
    );
    const record = blmRecord(
      home({
        parts: addressParts("12 Granby\u2028Street, Leicester LE1 6EJ", "LE1 6EJ"),
        keyFeatures: ["South-facing\u2029garden", "New\u0085kitchen", "Close to the station"],
      }),
      media,
      2002,
    );
    expect(() => parseBlm(file([record]))).not.toThrow();
    expect(Object.values(record).join("")).not.toMatch(/[\u0085\u2028\u2029]/);
  });

  test("blmValue cuts at a word and trims", () => {
    expect(blmValue("  alpha beta gamma delta  ", 18)).toBe("alpha beta gamma…");
    expect(blmValue(null)).toBe("");
    expect(blmValue(42)).toBe("42");
  });
});

describe("the test parser refuses broken files", () => {
  const good = file([blmRecord(home(), media, 2002)]);
  test.each([
    ["a missing section", good.replace("#END#", ""), /sections/],
    ["a record with a field too many", good.replace("2002_MW12^", "2002_MW12^extra^"), /fields/],
    ["a wrong count", good.replace("Property Count : 1", "Property Count : 2"), /Property Count/],
    ["a line break in a record", good.replace("Granby Street^", "Granby\nStreet^"), /line break/],
    ["a record without EOF before EOR", good.replace(/\^~\n#END#/, "~\n#END#"), /EOF/],
    ["separators that are not one quoted character", good.replace("EOF : '^'", "EOF : ^^"), /EOF/],
    ["no version", good.replace("Version : 3\n", ""), /Version/],
  ])("%s", (_, text, message) => {
    expect(() => parseBlm(text)).toThrow(BlmParseError);
    expect(() => parseBlm(text)).toThrow(message);
  });
});
