import { describe, expect, test } from "vitest";

import { validate } from "../support/json-schema";

const root = {
  components: {
    schemas: {
      Item: { type: "object", properties: { id: { type: "integer" } }, required: ["id"], additionalProperties: false },
    },
  },
};

describe("the contract test's JSON Schema validator", () => {
  test("accepts matching values and reports each mismatch with its path", () => {
    const schema = { type: "array", items: { $ref: "#/components/schemas/Item" } };
    expect(validate([{ id: 1 }], schema, root)).toEqual([]);
    expect(validate([{ id: 1.5 }], schema, root)).toEqual(["body[0].id: expected integer, got number"]);
    expect(validate([{}], schema, root)).toEqual(["body[0].id: required but missing"]);
    expect(validate([{ id: 1, email: "x" }], schema, root)).toEqual(["body[0].email: not in the schema"]);
  });

  test("nullable alternatives, enums, consts and string bounds", () => {
    const schema = { anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] };
    expect(validate(null, schema, root)).toEqual([]);
    expect(validate("abcd", schema, root)).toHaveLength(1);
    expect(validate("b", { type: "string", enum: ["a"] }, root)).toHaveLength(1);
    expect(validate(false, { type: "boolean", const: true }, root)).toHaveLength(1);
  });
});
