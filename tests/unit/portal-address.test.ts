// Our one-line addresses in the parts the portals ask for (app/modules/portals/address.ts).
import { describe, expect, test } from "vitest";

import { addressParts } from "../../app/modules/portals/address";

describe("addressParts", () => {
  test.each([
    [
      "12 Granby Street, Leicester LE1 6EJ",
      "LE1 6EJ",
      {
        houseNameNumber: "12",
        street: "Granby Street",
        locality: "",
        town: "Leicester",
        displayAddress: "Granby Street, Leicester",
      },
    ],
    [
      "Flat 2, 12 Granby Street, Leicester LE1 6EJ",
      "LE1 6EJ",
      { houseNameNumber: "Flat 2, 12", street: "Granby Street", town: "Leicester" },
    ],
    [
      "Rose Cottage, Church Lane, Oakham LE15 6AA",
      "LE15 6AA",
      { houseNameNumber: "Rose Cottage", street: "Church Lane", town: "Oakham", displayAddress: "Church Lane, Oakham" },
    ],
    [
      "27 Howard Road, Clarendon Park, Leicester LE2 1YH",
      "LE2 1YH",
      {
        houseNameNumber: "27",
        street: "Howard Road",
        locality: "Clarendon Park",
        town: "Leicester",
        displayAddress: "Howard Road, Clarendon Park, Leicester",
      },
    ],
    ["14a High St, York YO1 7HY", "YO1 7HY", { houseNameNumber: "14a", street: "High St", town: "York" }],
  ])("%s", (address, postcode, expected) => {
    const parts = addressParts(address, postcode);
    expect(parts).toMatchObject(expected);
    expect(parts.outward + " " + parts.inward).toBe(postcode);
  });

  test("an address without a comma is all street, and the town falls back to it", () => {
    expect(addressParts("Granby Street LE1 6EJ", "LE1 6EJ")).toMatchObject({
      street: "Granby Street",
      town: "Granby Street",
    });
  });

  test("a district-only postcode has no inward part", () => {
    expect(addressParts("1 Main Road, Leicester", "LE1")).toMatchObject({
      outward: "LE1",
      inward: "",
      town: "Leicester",
    });
  });
});
