// One-line fields are folded onto one line by the one shared helper (lib/fields.ts lineOfText): every kind of
// line break becomes a space, in every schema that stores or mails a name, an address or a subject. Fields
// that may run over several lines (messages, descriptions) keep their lines.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { z } from "zod";

import { lineAtLeast, lineOfText } from "../../app/lib/fields";
import { oneLine } from "../../app/lib/one-line";
import { CreateApiTokenSchema } from "../../app/modules/api-tokens/schemas";
import { SignupSchema } from "../../app/modules/auth/schemas";
import { ContactMessageSchema } from "../../app/modules/contact/schemas";
import { AltTextSchema } from "../../app/modules/media/schemas";
import { AdminCreateProjectSchema, ProjectSchema, SignContractSchema } from "../../app/modules/projects/schemas";
import { SolicitorSchema } from "../../app/modules/sales/schemas";
import { EditSavedSearchFormSchema } from "../../app/modules/saved-searches/schemas";
import { ContactDetailsStepSchema } from "../../app/modules/valuations/schemas";
import { viewingRequestFormSchema } from "../../app/modules/viewings/schemas";

const BREAKS = ["\r\n", "\r", "\n", "\v", "\f", "\u0085", "\u2028", "\u2029"];

const project = {
  address: "12 Granby Street, Leicester",
  postcode: "LE1 6EJ",
  price: 250000,
  property_type: "Terraced",
};

/** [what, schema, a valid payload, the one-line field to try, where the field is read back] */
const FIELDS: [string, z.ZodType, Record<string, unknown>, string, (out: never) => unknown][] = [
  ["sign-up name", SignupSchema.pick({ fullName: true }), {}, "fullName", (o: { fullName: string }) => o.fullName],
  [
    "contact form first name",
    ContactMessageSchema.pick({ first_name: true }),
    {},
    "first_name",
    (o: { first_name: string }) => o.first_name,
  ],
  [
    "valuation last name",
    ContactDetailsStepSchema.pick({ lastName: true }),
    {},
    "lastName",
    (o: { lastName: string }) => o.lastName,
  ],
  [
    "viewing request first name",
    viewingRequestFormSchema().pick({ firstName: true }),
    {},
    "firstName",
    (o: { firstName: string }) => o.firstName,
  ],
  ["saved search name", EditSavedSearchFormSchema, { frequency: "daily" }, "name", (o: { name: string }) => o.name],
  ["photo description", AltTextSchema, {}, "altText", (o: { altText: string }) => o.altText],
  ["API token name", CreateApiTokenSchema, {}, "name", (o: { name: string }) => o.name],
  ["solicitor's firm", SolicitorSchema, {}, "firm", (o: { firm: string }) => o.firm],
  ["project address", ProjectSchema, project, "address", (o: { address: string }) => o.address],
  ["project seller's name", ProjectSchema, project, "vendor_name", (o: { vendor_name: string }) => o.vendor_name],
  [
    "admin's customer name",
    AdminCreateProjectSchema,
    { ...project, vendor_email: "c@example.com" },
    "vendor_name",
    (o: { vendor_name: string }) => o.vendor_name,
  ],
  [
    "a key feature (API list)",
    ProjectSchema,
    project,
    "key_features",
    (o: { key_features: string[] }) => o.key_features,
  ],
  [
    "contract signer",
    SignContractSchema.pick({ signer_name: true }),
    {},
    "signer_name",
    (o: { signer_name: string }) => o.signer_name,
  ],
];

describe("one-line fields", () => {
  test("oneLine folds each run of line breaks to one space", () => {
    expect(oneLine("a\r\n\r\nb\u2028c\u0085\u2029d")).toBe("a b c d");
    expect(oneLine("plain")).toBe("plain");
  });

  test.each(FIELDS)("%s: every kind of line break is folded", (_what, schema, valid, field, read) => {
    for (const line of BREAKS) {
      const typed = `Ann${line}Bcc: someone@example.com`;
      const result = schema.safeParse({ ...valid, [field]: field === "key_features" ? [typed] : typed });
      expect(result.success, `${JSON.stringify(line)}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      const stored = read(result.data as never);
      expect(stored).toEqual(
        field === "key_features" ? ["Ann Bcc: someone@example.com"] : "Ann Bcc: someone@example.com",
      );
    }
  });

  test("fields of several lines keep them", () => {
    const parsed = ContactMessageSchema.pick({ message: true }).parse({ message: "Hello,\nIs it still for sale?" });
    expect(parsed.message).toBe("Hello,\nIs it still for sale?");
  });
});

describe("the published pattern of a one-line field with a minimum length", () => {
  // Characters that cleaning, folding and trimming treat differently: NUL goes, line breaks fold (a run to one
  // space), whitespace is trimmed at the ends, NEL is a line break but not whitespace.
  const ALPHABET = ["a", "{", " ", "\t", "\u00a0", "\u0000", "\u0085", "\u2028", "\n", "\r", "\f", "\v", "\u0001"];
  test.each([1, 2, 5])("matches exactly what the schema accepts (min %i)", (min) => {
    const schema = lineOfText("x").min(min);
    const pattern = new RegExp(lineAtLeast(min).pattern, "u");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 12 }), (characters) => {
        const text = characters.join("");
        expect(pattern.test(text), JSON.stringify(text)).toBe(schema.safeParse(text).success);
      }),
      { numRuns: 3000 },
    );
  });

  test("the generator that reads the document can write strings from it", () => {
    const strings = fc.sample(fc.stringMatching(new RegExp(lineAtLeast(5).pattern, "u")), 200);
    for (const text of strings) expect(lineOfText("x").min(5).safeParse(text).success).toBe(true);
  });
});
