// fast-check generators driven by the JSON Schemas of an OpenAPI document (the subset zod-openapi emits):
// `valid` makes values a schema accepts, `invalid` values it refuses in one place only (a required field
// left out, a value outside its enum, pattern, format, length or range). Values of the wrong JSON type are
// not made: the API reads forms and JSON with the same schemas, so "350000" for a price is accepted on
// purpose. Callers check each top-level value against the document with Ajv, so a generator that is too
// loose or too strict shows up as a filtered-out value rather than a wrong verdict.
import fc from "fast-check";

export type JsonSchema = { [key: string]: unknown };
export type Root = { components?: { schemas?: Record<string, JsonSchema> } };
/** Values worth trying for a field of this name (ids and tokens that exist), beside generated ones. */
export type Hints = Record<string, readonly unknown[]>;

const EXTRA_LETTERS = [..."éßŁñøÆçüÖ€£"];
/** Printable text: mostly ASCII, some Latin letters; nothing a one-line field refuses, nothing outside the BMP. */
const CHAR = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.constantFrom(...EXTRA_LETTERS) },
);
const text = (minLength: number, maxLength: number) => fc.string({ unit: CHAR, minLength, maxLength });
const DEFAULT_MAX_LENGTH = 40;
const INT32 = 2_147_483_647;

const word = (min: number, max: number) => fc.stringMatching(new RegExp(`^[a-z0-9]{${min},${max}}$`));
const emailAddress = fc
  .tuple(word(1, 10), fc.constantFrom("", ".", "+", "_", "-"), word(1, 6), word(1, 12), fc.constantFrom("com", "co.uk"))
  .map(([a, sep, b, domain, tld]) => `${a}${sep}${b}@${domain}.${tld}`);
const day = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2040-12-31T00:00:00Z"),
  noInvalidDate: true,
});

/** Mostly the coming months, where bookings and viewings may fall. */
const soon = fc.integer({ min: 0, max: 200 }).map((days) => new Date(Date.now() + days * 86_400_000));

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: emailAddress,
  date: fc
    .oneof({ weight: 3, arbitrary: soon }, { weight: 1, arbitrary: day })
    .map((d) => d.toISOString().slice(0, 10)),
  "date-time": day.map((d) => d.toISOString()),
  uri: fc.webUrl({ validSchemes: ["https"] }),
  uuid: fc.uuid(),
};

const BAD_FORMATS: Record<string, string[]> = {
  email: ["not-an-email", "a@b", "@example.com", "ann@", "ann example@example.com"],
  date: ["2026-02-30", "31/12/2026", "2026-1-1", "tomorrow", "2026-13-01"],
  "date-time": ["yesterday", "2026-02-30T10:00:00Z", "2026-03-14 25:00"],
  uri: ["not a link", "example.com/tour", "javascript:alert(1)"],
  uuid: ["not-a-uuid", "1234"],
};

const num = (value: unknown) => (typeof value === "number" ? value : undefined);
const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];

export class SchemaValues {
  constructor(
    private readonly root: Root,
    readonly hints: Hints = {},
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    if (typeof schema.$ref !== "string") return schema;
    const target = this.root.components?.schemas?.[schema.$ref.replace("#/components/schemas/", "")];
    if (!target) throw new Error(`unresolvable $ref ${schema.$ref}`);
    return this.resolve(target);
  }

  /** The schema's alternatives, each merged with what the schema says beside them (allOf merged in). */
  private branches(input: JsonSchema): JsonSchema[] {
    const schema = this.resolve(input);
    const { allOf, anyOf, oneOf, ...rest } = schema;
    let base: JsonSchema = rest;
    for (const part of (allOf as JsonSchema[] | undefined) ?? []) base = merge(base, this.resolve(part));
    const alternatives = (anyOf ?? oneOf) as JsonSchema[] | undefined;
    if (!alternatives) return [base];
    return alternatives.flatMap((alternative) => this.branches(merge(base, this.resolve(alternative))));
  }

  valid(input: JsonSchema, name?: string): fc.Arbitrary<unknown> {
    const branches = this.branches(input);
    const generated = fc.oneof(...branches.map((branch) => this.validBranch(branch)));
    const hinted = name
      ? this.hints[name]?.filter((value) => branches.some((branch) => fitsScalar(branch, value)))
      : undefined;
    return hinted?.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, { weight: 1, arbitrary: generated })
      : generated;
  }

  private validBranch(schema: JsonSchema): fc.Arbitrary<unknown> {
    if ("const" in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    const types = typesOf(schema);
    if (types.length > 1) return fc.oneof(...types.map((type) => this.validBranch({ ...schema, type })));
    const type = types[0] ?? (schema.properties ? "object" : schema.items ? "array" : undefined);
    switch (type) {
      case "string":
        return this.validString(schema);
      case "integer":
      case "number":
        return validNumber(schema, type);
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array": {
        const minLength = num(schema.minItems) ?? 0;
        const maxLength = Math.min(num(schema.maxItems) ?? minLength + 4, minLength + 4);
        return fc.array(this.valid((schema.items as JsonSchema | undefined) ?? {}), { minLength, maxLength });
      }
      case "object": {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const record = Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [name, this.valid(property, name)]),
        );
        return fc.record(record, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
      }
      default:
        // Anything at all (a schema with no type).
        return fc.oneof(text(0, 20), fc.integer(), fc.boolean(), fc.constant(null));
    }
  }

  private validString(schema: JsonSchema): fc.Arbitrary<string> {
    if (schema.format === "binary") return fc.constant("(binary)");
    const minLength = num(schema.minLength) ?? 0;
    const maxLength = num(schema.maxLength);
    const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern, "u") : undefined;
    const format = typeof schema.format === "string" ? FORMATS[schema.format] : undefined;
    const fits = (value: string) =>
      value.length >= minLength &&
      (maxLength === undefined || value.length <= maxLength) &&
      (!pattern || pattern.test(value));
    if (format) return format.filter(fits);
    if (pattern) return fc.stringMatching(pattern).filter(fits);
    const upTo = Math.min(maxLength ?? minLength + DEFAULT_MAX_LENGTH, minLength + DEFAULT_MAX_LENGTH);
    const arbitrary = text(minLength, upTo);
    // The longest value allowed, now and then: limits are where the document and the code drift apart.
    return maxLength !== undefined && maxLength > upTo && maxLength <= 5_000
      ? fc.oneof({ weight: 5, arbitrary }, { weight: 1, arbitrary: text(maxLength, maxLength) })
      : arbitrary;
  }

  /** Values the schema refuses in one place, or null when this generator knows none. */
  invalid(input: JsonSchema): fc.Arbitrary<unknown> | null {
    const branches = this.branches(input);
    // With alternatives, break the first: the caller's check against the whole schema drops what another accepts.
    const schema = branches[0]!;
    if ("const" in schema || Array.isArray(schema.enum)) {
      const allowed = ((schema.enum as unknown[] | undefined) ?? [schema.const]).map((v) => JSON.stringify(v));
      if (!allowed.every((v) => v.startsWith('"'))) return null;
      return fc
        .oneof(text(0, 12), fc.constantFrom("unknown", "ANY", " "))
        .filter((v) => !allowed.includes(JSON.stringify(v)));
    }
    const type = typesOf(schema)[0] ?? (schema.properties ? "object" : undefined);
    const options: fc.Arbitrary<unknown>[] = [];
    if (type === "string") {
      const minLength = num(schema.minLength) ?? 0;
      const maxLength = num(schema.maxLength);
      if (minLength > 0) options.push(fc.constant("x".repeat(minLength - 1)));
      if (maxLength !== undefined) options.push(fc.constant("x".repeat(maxLength + 1)));
      if (typeof schema.format === "string" && BAD_FORMATS[schema.format])
        options.push(fc.constantFrom(...BAD_FORMATS[schema.format]!));
      if (typeof schema.pattern === "string") {
        const pattern = new RegExp(schema.pattern, "u");
        options.push(
          fc.oneof(fc.constantFrom("", "!", "x y", "-1", "0.5"), text(1, 12)).filter((v) => !pattern.test(v)),
        );
      }
    } else if (type === "integer" || type === "number") {
      const minimum = num(schema.minimum) ?? num(schema.exclusiveMinimum);
      const maximum = num(schema.maximum) ?? num(schema.exclusiveMaximum);
      if (minimum !== undefined && minimum > Number.MIN_SAFE_INTEGER) options.push(fc.constant(minimum - 1));
      if (maximum !== undefined && maximum < Number.MAX_SAFE_INTEGER) options.push(fc.constant(maximum + 1));
      if (type === "integer") options.push(fc.constant((minimum ?? 0) + 0.5));
    } else if (type === "array") {
      const maxItems = num(schema.maxItems);
      const items = (schema.items as JsonSchema | undefined) ?? {};
      if (maxItems !== undefined && maxItems < 50)
        options.push(fc.array(this.valid(items), { minLength: maxItems + 1, maxLength: maxItems + 1 }));
      const badItem = this.invalid(items);
      if (badItem) options.push(fc.tuple(badItem).map((item) => [item]));
    } else if (type === "object") {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required as string[] | undefined) ?? [];
      const whole = this.validBranch(schema) as fc.Arbitrary<Record<string, unknown>>;
      for (const name of required) options.push(whole.map(({ [name]: _dropped, ...rest }) => rest));
      for (const [name, property] of Object.entries(properties)) {
        // A field that may be left out may be left blank too, as a form's empty field is.
        const bad = this.invalid(property)?.filter((v) => v !== "" || required.includes(name));
        if (bad) options.push(fc.tuple(whole, bad).map(([value, broken]) => ({ ...value, [name]: broken })));
      }
      if (schema.additionalProperties === false)
        options.push(whole.map((value) => ({ ...value, unexpectedField: "x" })));
    }
    return options.length ? fc.oneof(...options) : null;
  }
}

const jsonType = (value: unknown) => (value === null ? "null" : Number.isInteger(value) ? "integer" : typeof value);

/** Whether a hinted scalar fits a branch's type, pattern and bounds (a hint of the wrong kind is not used there). */
function fitsScalar(schema: JsonSchema, value: unknown) {
  const types = typesOf(schema);
  const type = jsonType(value);
  if (!types.includes(type) && !(type === "integer" && types.includes("number"))) return false;
  if (typeof value === "string" && typeof schema.pattern === "string")
    return new RegExp(schema.pattern, "u").test(value);
  if (typeof value === "number")
    return (
      value >= (num(schema.minimum) ?? -Infinity) &&
      value <= (num(schema.maximum) ?? Infinity) &&
      value > (num(schema.exclusiveMinimum) ?? -Infinity)
    );
  return true;
}

function validNumber(schema: JsonSchema, type: "integer" | "number") {
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  const step = type === "integer" ? 1 : 0.01;
  // Beyond 32 bits unless the schema says otherwise: ids and counts outside PostgreSQL's integer are worth a try.
  const min = Math.max(
    num(schema.minimum) ?? (exclusiveMin !== undefined ? exclusiveMin + step : -4 * INT32),
    Number.MIN_SAFE_INTEGER,
  );
  const max = Math.min(
    num(schema.maximum) ?? (exclusiveMax !== undefined ? exclusiveMax - step : 4 * INT32),
    Number.MAX_SAFE_INTEGER,
  );
  return type === "integer"
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
}

/** Both schemas' constraints (properties and required lists joined; otherwise the second's words win). */
function merge(a: JsonSchema, b: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...a, ...b };
  if (a.properties || b.properties) {
    const properties: Record<string, JsonSchema> = { ...(a.properties as Record<string, JsonSchema> | undefined) };
    for (const [name, schema] of Object.entries((b.properties ?? {}) as Record<string, JsonSchema>))
      properties[name] = { ...properties[name], ...schema };
    merged.properties = properties;
  }
  if (a.required || b.required)
    merged.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  return merged;
}
