import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";

import { AdminCreateProjectSchema, AdminProjectDetailsSchema } from "../../app/modules/projects/schemas";

const minimal = {
  address: "12 Granby Street, Leicester",
  postcode: "le1 6ej",
  price: 250000,
  property_type: "Terraced",
};

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const errorsOf = (schema: typeof AdminCreateProjectSchema | typeof AdminProjectDetailsSchema, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected errors");
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("admin create body", () => {
  test("a form post: bedrooms and features as the spec converts them, size left out, yes only for 'yes', email lower-cased", () => {
    const submission = parseWithZod(
      form({
        ...Object.fromEntries(Object.entries(minimal).map(([k, v]) => [k, String(v)])),
        vendor_name: " Clara Buyer ",
        vendor_email: " Clara@Example.COM ",
        bedrooms: "",
        size_sqft: "",
        key_features: "Bay window, sash\n\n Garden ",
        parking: "yes",
        garden: "no",
        accessibility: "maybe-not",
      }),
      { schema: AdminCreateProjectSchema, disableAutoCoercion: true },
    );
    expect(submission.status === "error" ? submission.error : null).toEqual({ accessibility: ["Choose yes or no."] });
    const value = AdminCreateProjectSchema.parse({
      ...minimal,
      vendor_name: "Clara Buyer",
      vendor_email: "Clara@Example.COM",
      key_features: "Bay window, sash\n\n Garden ",
      parking: "yes",
      garden: "no",
    });
    expect(value).toMatchObject({
      vendor_name: "Clara Buyer",
      vendor_email: "clara@example.com",
      bedrooms: 0,
      key_features: ["Bay window, sash", "Garden"],
      parking: true,
      garden: false,
      accessibility: false,
      postcode: "LE1 6EJ",
    });
    expect(value.size_sqft).toBeUndefined();
  });

  test("needs the customer's name and a real email address", () => {
    expect(errorsOf(AdminCreateProjectSchema, minimal)).toEqual({
      vendor_name: "Enter the customer's name.",
      vendor_email: "Enter the customer's email address.",
    });
    expect(errorsOf(AdminCreateProjectSchema, { ...minimal, vendor_name: "A", vendor_email: "not-an-email" })).toEqual({
      vendor_email: "Enter a valid email address, like name@example.co.uk.",
    });
  });
});

describe("admin details body", () => {
  test("one line of key features splits on a comma and space, so '1,200 sq ft' stays whole; several lines split by line", () => {
    expect(
      AdminProjectDetailsSchema.parse({ ...minimal, key_features: " Garage, 1,200 sq ft,  South garden " })
        .key_features,
    ).toEqual(["Garage", "1,200 sq ft", "South garden"]);
    expect(
      AdminProjectDetailsSchema.parse({ ...minimal, key_features: "Kitchen, with an island\r\n\nNew boiler\n" })
        .key_features,
    ).toEqual(["Kitchen, with an island", "New boiler"]);
    expect(AdminProjectDetailsSchema.parse({ ...minimal, key_features: ["A, B"] }).key_features).toEqual(["A, B"]);
  });

  test("EPC ratings A–G in any case, numbers from text, material facts trimmed; empty means not recorded", () => {
    const value = AdminProjectDetailsSchema.parse({
      ...minimal,
      epc_rating: "c",
      epc_potential: "B",
      receptions: "2",
      ground_rent_per_year: "£250",
      heating: "  Gas central heating ",
      flood_risk: "",
    });
    expect(value).toMatchObject({
      epc_rating: "C",
      epc_potential: "B",
      receptions: 2,
      ground_rent_per_year: 250,
      heating: "Gas central heating",
    });
    expect(value.flood_risk).toBeUndefined();
    expect(value.virtual_tour_url).toBeUndefined();
  });

  test("refuses an EPC rating outside A–G, a tour address that is not http(s), and a negative service charge", () => {
    expect(
      errorsOf(AdminProjectDetailsSchema, {
        ...minimal,
        epc_rating: "H",
        virtual_tour_url: "javascript:alert(1)",
        service_charge_per_year: -5,
      }),
    ).toEqual({
      epc_rating: "Choose the EPC rating: A, B, C, D, E, F, G.",
      virtual_tour_url: "Enter the virtual tour's full web address, starting https://.",
      service_charge_per_year: "The service charge must be at least 0.",
    });
  });
});
