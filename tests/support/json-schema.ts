// A small JSON Schema validator for the subset zod's toJSONSchema emits (type, properties, required,
// additionalProperties, items, enum, const, anyOf/oneOf/allOf, string and number bounds, pattern,
// $ref into an OpenAPI document's components). Used by the API contract test; returns readable errors.
export type Schema = Record<string, unknown>;

const typeOf = (value: unknown) =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : typeof value === "number" && Number.isInteger(value)
        ? "integer"
        : typeof value;

const typeMatches = (value: unknown, type: string) => {
  const actual = typeOf(value);
  return actual === type || (type === "number" && actual === "integer");
};

export function validate(
  value: unknown,
  schema: Schema,
  root: { components?: { schemas?: Record<string, Schema> } },
  at = "body",
): string[] {
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.replace("#/components/schemas/", "");
    const target = root.components?.schemas?.[name];
    if (!target) return [`${at}: unresolvable $ref ${schema.$ref}`];
    return validate(value, target, root, at);
  }
  const errors: string[] = [];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const results = alternatives.map((alt) => validate(value, alt, root, at));
    const passing = results.filter((r) => r.length === 0).length;
    if (passing === 0)
      errors.push(
        `${at}: matches none of ${alternatives.length} alternatives (${results.map((r) => r[0]).join(" | ")})`,
      );
    if (schema.oneOf && passing > 1) errors.push(`${at}: matches ${passing} oneOf alternatives`);
  }
  for (const part of (schema.allOf as Schema[] | undefined) ?? []) errors.push(...validate(value, part, root, at));
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => typeMatches(value, t)))
      return [...errors, `${at}: expected ${types.join(" or ")}, got ${typeOf(value)}`];
  }
  if ("const" in schema && JSON.stringify(value) !== JSON.stringify(schema.const))
    errors.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof value === "string") {
    if (typeof schema.minLength === "number" && value.length < schema.minLength)
      errors.push(`${at}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength)
      errors.push(`${at}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value))
      errors.push(`${at}: does not match ${schema.pattern}`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) errors.push(`${at}: above ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum)
      errors.push(`${at}: not above ${schema.exclusiveMinimum}`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => errors.push(...validate(item, schema.items as Schema, root, `${at}[${i}]`)));
  }
  if (typeOf(value) === "object") {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required as string[] | undefined) ?? []) {
      if (!(name in object)) errors.push(`${at}.${name}: required but missing`);
    }
    for (const [name, field] of Object.entries(object)) {
      if (properties[name]) errors.push(...validate(field, properties[name], root, `${at}.${name}`));
      else if (schema.additionalProperties === false) errors.push(`${at}.${name}: not in the schema`);
      else if (typeof schema.additionalProperties === "object")
        errors.push(...validate(field, schema.additionalProperties as Schema, root, `${at}.${name}`));
    }
  }
  return errors;
}
