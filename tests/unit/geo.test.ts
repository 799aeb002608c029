import { describe, expect, test } from "vitest";

import { geocodePostcode } from "../../app/modules/geo/geocode.server";
import { locate, suggestPostcodes } from "../../app/modules/geo/locate.server";
import { loadPostcodeIndex } from "../../app/modules/geo/postcode-index.server";

describe("postcode index (the bundled Code-Point Open data)", () => {
  test("holds every GB postcode and finds them exactly", async () => {
    const index = await loadPostcodeIndex();
    expect(index.size).toBe(1_745_013);
    expect(index.lookup("SW1A 1AA")).toEqual({ postcode: "SW1A 1AA", latitude: 51.50101, longitude: -0.14159 });
    expect(index.lookup("EH1 1YZ")).toEqual({ postcode: "EH1 1YZ", latitude: 55.95033, longitude: -3.19302 });
    expect(index.lookup("LE1 1AA")).toEqual({ postcode: "LE1 1AA", latitude: 52.6321, longitude: -1.125 });
    expect(index.lookup("AB10 1AB")).not.toBeNull(); // the first record
    expect(index.lookup("LE1 9ZZ")).toBeNull();
    expect(index.lookup("BT1 1AA")).toBeNull(); // Northern Ireland postcodes are not in the open data
    expect(index.lookup("")).toBeNull();
  });
});

describe("locate", () => {
  test("reads full postcodes, districts and areas however they are typed", async () => {
    expect(await locate(" le1 1aa ")).toMatchObject({
      kind: "postcode",
      code: "LE1 1AA",
      outcode: "LE1",
      area: "LE",
      label: "LE1 1AA, Leicester",
    });
    expect(await locate("sw1a1aa")).toMatchObject({ kind: "postcode", code: "SW1A 1AA", outcode: "SW1A" });
    expect(await locate("LE1")).toMatchObject({
      kind: "district",
      outcode: "LE1",
      label: "LE1, Leicester",
      latitude: 52.63394,
    });
    expect(await locate("m1")).toMatchObject({ kind: "district", outcode: "M1", label: "M1, Manchester" });
    expect(await locate("le")).toMatchObject({ kind: "area", area: "LE", label: "LE (Leicester)" });
    expect(await locate("ZZ1")).toBeNull();
    expect(await locate("Leicester")).toBeNull();
    expect(await locate("")).toBeNull();
  });
});

describe("suggestPostcodes", () => {
  test("suggests districts, then postcodes, for what has been typed", async () => {
    expect((await suggestPostcodes("LE1")).slice(0, 3)).toEqual([
      { id: "LE1", address: "LE1, Leicester" },
      { id: "LE10", address: "LE10, Hinckley" },
      { id: "LE11", address: "LE11, Loughborough" },
    ]);
    const spaced = await suggestPostcodes("le1 5w");
    expect(spaced.length).toBeGreaterThan(0);
    expect(spaced.every((s) => s.id.startsWith("LE1 5W") && s.address.endsWith(", Leicester"))).toBe(true);
    const unspaced = await suggestPostcodes("LE15W");
    expect(unspaced.map((s) => s.id)).toEqual(spaced.map((s) => s.id));
    expect(await suggestPostcodes("Q")).toEqual([]);
    expect(await suggestPostcodes("XX9 9")).toEqual([]);
    expect((await suggestPostcodes("SW1A 1", 3)).length).toBe(3);
  });
});

describe("geocodePostcode", () => {
  test("gives coordinates for a live postcode and null otherwise", async () => {
    expect(await geocodePostcode("le1 1aa")).toEqual({
      postcode: "LE1 1AA",
      outcode: "LE1",
      latitude: 52.6321,
      longitude: -1.125,
    });
    expect(await geocodePostcode("LE1")).toBeNull();
    expect(await geocodePostcode("ZZ9 9ZZ")).toBeNull();
  });
});
