// The Rightmove BLM zip over HTTP, as an admin (or an integration with an admin token) downloads it: a home
// listed through the admin API is in the file with its photo, and the file reads back with the test parser.
import { readFileSync } from "node:fs";

import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";

import { parseBlm } from "../support/blm-parser";
import { apiContext, apiSession, DEMO_ADMIN, newVendor } from "./support/accounts";

const BRANCH = "2002"; // the e2e server's RIGHTMOVE_BRANCH_ID (tests/support/fake-portals.ts)
const photo = {
  name: "front.jpg",
  mimeType: "image/jpeg",
  buffer: readFileSync("prisma/seed-assets/photos/exterior-01.jpg"),
};

test("an admin downloads the BLM zip: a newly listed home is in it with its photo, and the file parses", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  const created = await admin.post("/api/v1/admin/projects/create", {
    data: {
      address: "21 Feed Lane, Leicester",
      postcode: "LE1 6EJ",
      price: 287_500,
      property_type: "Semi-Detached",
      bedrooms: 3,
      bathrooms: 2,
      vendor_name: "Fiona Feed",
      vendor_email: "fiona.feed@example.com",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    expect(
      (await admin.put(`/api/v1/admin/projects/${id}/upload?section=images`, { multipart: { files: photo } })).status(),
    ).toBe(201);
    expect((await admin.put(`/api/v1/admin/projects/${id}/mark-completed`)).status()).toBe(200);

    const response = await admin.get("/api/v1/admin/feeds/rightmove.zip");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/zip");
    const fileName = /filename="([^"]+)"/.exec(response.headers()["content-disposition"] ?? "")?.[1];
    expect(fileName).toMatch(new RegExp(`^${BRANCH}_\\d{10}\\.zip$`));
    const files = unzipSync(new Uint8Array(await response.body()));
    const blmName = fileName!.replace(/\.zip$/, ".BLM");
    expect(files[blmName]).toBeDefined();
    const blm = parseBlm(new TextDecoder().decode(files[blmName]!));
    expect(blm.header.Version).toBe("3");
    expect(Number(blm.header["Property Count"])).toBeGreaterThan(0);

    const ref = `${BRANCH}_MW${id}`;
    const row = blm.rows.find((r) => r.AGENT_REF === ref);
    expect(row).toMatchObject({
      ADDRESS_1: "21",
      ADDRESS_2: "Feed Lane",
      TOWN: "Leicester",
      POSTCODE1: "LE1",
      POSTCODE2: "6EJ",
      PRICE: "287500",
      PRICE_QUALIFIER: "2",
      PROP_SUB_ID: "3",
      STATUS_ID: "0",
      BEDROOMS: "3",
      BATHROOMS: "2",
      MEDIA_IMAGE_00: `${ref}_IMG_00.jpg`,
    });
    // The upload was stored as WebP; Rightmove gets a JPEG.
    expect([...files[`${ref}_IMG_00.jpg`]!.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // Every file a row names is in the zip, and every row is a listed home of this branch.
    for (const record of blm.rows) {
      expect(record.AGENT_REF).toMatch(new RegExp(`^${BRANCH}_MW\\d+$`));
      for (const [column, value] of Object.entries(record))
        if (/^MEDIA_(IMAGE|FLOOR_PLAN|DOCUMENT)_\d\d$/.test(column) && value)
          expect(files[value], column).toBeDefined();
    }

    // A vendor and a signed-out caller do not get the file (an admin token is tried in api-contract).
    const vendor = await apiSession(baseURL!, newVendor("blm"), { signUp: true });
    expect((await vendor.get("/api/v1/admin/feeds/rightmove.zip")).status()).toBe(403);
    const anonymous = await apiContext(baseURL!);
    expect((await anonymous.get("/api/v1/admin/feeds/rightmove.zip")).status()).toBe(401);
    await Promise.all([vendor.dispose(), anonymous.dispose()]);
  } finally {
    // Other tests count the demo listings.
    expect((await admin.delete(`/api/v1/admin/projects/${id}`)).status()).toBeLessThan(300);
    await admin.dispose();
  }
});
