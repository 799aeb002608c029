// Drives one documented operation with requests generated from the OpenAPI document and checks every
// answer against it: never a 5xx; only documented statuses; bodies (and their content type) as the
// document says; input the document allows is not refused as invalid (400), input it forbids is not
// accepted (2xx). Cases are drawn with fast-check from a seed, so a failure can be replayed.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";

import { type Hints, type JsonSchema, SchemaValues } from "./schema-values";

export type Role = "anonymous" | "vendor" | "buyer" | "admin";
export const ROLES: readonly Role[] = ["anonymous", "vendor", "buyer", "admin"];

type Parameter = { in: "path" | "query" | "header" | "cookie"; name: string; required?: boolean; schema: JsonSchema };
type Content = Record<string, { schema?: JsonSchema; example?: unknown }>;
export type DocOperation = {
  operationId: string;
  "x-access": string;
  parameters?: Parameter[];
  requestBody?: { content: Content };
  responses: Record<string, { content?: Content }>;
};
export type Document = {
  paths: Record<string, Record<string, DocOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
export type Endpoint = { path: string; method: string; operation: DocOperation };

/** Who normally calls an operation, by its x-access: they get most of the cases. */
const CALLERS: Record<string, Role[]> = {
  public: ["anonymous"],
  "signed-in": ["vendor", "buyer", "admin"],
  admin: ["admin"],
  vendor: ["vendor"],
  buyer: ["buyer"],
  "vendor-or-admin": ["vendor", "admin"],
  "owner-or-link": ["vendor", "admin", "anonymous"],
};

export type Case = {
  role: Role;
  /** valid: everything as the document allows; invalid: one part as it forbids. */
  kind: "valid" | "invalid";
  broken?: string;
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
};

export type Answer = {
  status: number;
  contentType: string;
  text: string;
  allow: string | null;
  retryAfter: string | null;
};

export const endpointsOf = (document: Document): Endpoint[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/** Whether a 400's field errors are all about fields in `fields` ("filters.area", or a field inside one named). */
function onlyAbout(text: string, fields: Record<string, string>) {
  let errors: Record<string, unknown> | undefined;
  try {
    errors = (JSON.parse(text) as { errors?: Record<string, unknown> }).errors;
  } catch {
    return false;
  }
  const names = Object.keys(errors ?? {});
  const excused = Object.keys(fields);
  return (
    names.length > 0 && names.every((name) => excused.some((field) => name === field || name.startsWith(`${field}.`)))
  );
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

export class Conformance {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  private readonly validators = new Map<string, ValidateFunction>();
  readonly values: SchemaValues;

  constructor(
    readonly document: Document,
    hints: Hints,
  ) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document as object, "openapi.json");
    this.values = new SchemaValues(document, hints);
  }

  /** Ajv's check of the schema at this place in the document (compiled once). */
  private validator(...at: string[]) {
    const key = pointer(...at);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.getSchema(`openapi.json#/${key}`);
      if (!validate) throw new Error(`no schema at ${key}`);
      this.validators.set(key, validate);
    }
    return validate;
  }

  private parameterValid({ path, method, operation }: Endpoint, parameter: Parameter, value: unknown) {
    const index = operation.parameters!.indexOf(parameter);
    return this.validator("paths", path, method, "parameters", String(index), "schema")(value);
  }

  bodyType({ operation }: Endpoint) {
    return operation.requestBody ? Object.keys(operation.requestBody.content)[0]! : undefined;
  }

  private bodyValid(endpoint: Endpoint, value: unknown) {
    return this.validator(
      "paths",
      endpoint.path,
      endpoint.method,
      "requestBody",
      "content",
      this.bodyType(endpoint)!,
      "schema",
    )(value);
  }

  private parameters(endpoint: Endpoint, place: "path" | "query") {
    return (endpoint.operation.parameters ?? []).filter((p) => p.in === place);
  }

  /** Path, query and body, all as the document allows. */
  private validParts(endpoint: Endpoint) {
    const param = (p: Parameter) =>
      this.values.valid(p.schema, p.name).filter((v) => this.parameterValid(endpoint, p, v));
    const path = fc.record(
      Object.fromEntries(this.parameters(endpoint, "path").map((p) => [p.name, param(p).map(String)])),
    );
    const queryParameters = this.parameters(endpoint, "query");
    const query = fc.record(Object.fromEntries(queryParameters.map((p) => [p.name, param(p)])), {
      requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name),
    });
    const type = this.bodyType(endpoint);
    if (!type) return fc.record({ path, query });
    const content = endpoint.operation.requestBody!.content[type]!;
    const generated = this.values.valid(content.schema ?? {}).filter((v) => this.bodyValid(endpoint, v));
    // The document's own example is a case too, as an integrator would first send it.
    const body =
      content.example !== undefined && this.bodyValid(endpoint, content.example)
        ? fc.oneof({ weight: 4, arbitrary: generated }, { weight: 1, arbitrary: fc.constant(content.example) })
        : generated;
    return fc.record({ path, query, body });
  }

  /** One part (a path or query parameter, a missing required one, or the body) as the document forbids. */
  private invalidParts(endpoint: Endpoint): fc.Arbitrary<Omit<Case, "role" | "kind">> | null {
    const valid = this.validParts(endpoint) as fc.Arbitrary<Omit<Case, "role" | "kind" | "broken">>;
    const options: fc.Arbitrary<Omit<Case, "role" | "kind">>[] = [];
    for (const p of [...this.parameters(endpoint, "path"), ...this.parameters(endpoint, "query")]) {
      if (p.required && p.in === "query")
        options.push(
          valid.map(({ query: { [p.name]: _left, ...query }, ...rest }) => ({
            ...rest,
            query,
            broken: `${p.name} left out`,
          })),
        );
      // An empty or dot path segment would name another path, not this one with a bad value; an empty query
      // value reads as no value, as from a form's empty field.
      const bad = this.values
        .invalid(p.schema)
        ?.filter((v) => !["", ...(p.in === "path" ? [".", ".."] : [])].includes(String(v)))
        .filter((v) => !this.parameterValid(endpoint, p, String(v)) && !this.parameterValid(endpoint, p, v));
      if (!bad) continue;
      options.push(
        fc
          .tuple(valid, bad)
          .map(([parts, value]) =>
            p.in === "path"
              ? { ...parts, path: { ...parts.path, [p.name]: String(value) }, broken: `path ${p.name}` }
              : { ...parts, query: { ...parts.query, [p.name]: value }, broken: `query ${p.name}` },
          ),
      );
    }
    const type = this.bodyType(endpoint);
    const schema = type && endpoint.operation.requestBody!.content[type]!.schema;
    const badBody = schema && type === "application/json" ? this.values.invalid(schema) : null;
    if (badBody)
      options.push(
        fc
          .tuple(
            valid,
            badBody.filter((v) => !this.bodyValid(endpoint, v)),
          )
          .map(([parts, body]) => ({ ...parts, body, broken: "body" })),
      );
    return options.length ? fc.oneof(...options) : null;
  }

  /**
   * `runs` cases: most as the operation's callers with valid input, a quarter with one part invalid, and
   * each of the four roles at least twice (signed out, and signed in as each role).
   */
  cases(endpoint: Endpoint, runs: number, seed: number): Case[] {
    const callers = CALLERS[endpoint.operation["x-access"]] ?? ["anonymous"];
    const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, offset: number) =>
      numRuns > 0 ? fc.sample(arbitrary, { numRuns, seed: seed + offset }) : [];
    const valid = this.validParts(endpoint);
    const invalid = this.invalidParts(endpoint);
    const invalidRuns = invalid ? Math.round(runs / 4) : 0;
    const everyone = ROLES.flatMap((role, i) =>
      sample(valid, 2, 100 + i).map((parts) => ({ ...parts, role, kind: "valid" as const })),
    );
    const byCallers = sample(fc.tuple(fc.constantFrom(...callers), valid), runs - invalidRuns - everyone.length, 0).map(
      ([role, parts]) => ({ ...parts, role, kind: "valid" as const }),
    );
    const broken = invalid
      ? sample(fc.tuple(fc.constantFrom(...callers), invalid), invalidRuns, 200).map(([role, parts]) => ({
          ...parts,
          role,
          kind: "invalid" as const,
        }))
      : [];
    return [...everyone, ...this.sweep(endpoint, callers[0]!, seed), ...byCallers, ...broken];
  }

  /**
   * One valid case for each record the hints name, in the first path parameter (or else body field) that
   * takes one, on the document's example where it has one: each state a record can be in (listed, sold,
   * under offer, someone else's) is met at least once, as an id drawn at random would rarely meet it.
   */
  private sweep(endpoint: Endpoint, role: Role, seed: number): Case[] {
    const type = this.bodyType(endpoint);
    const content = type ? endpoint.operation.requestBody!.content[type]! : undefined;
    const bodyFields = Object.keys((content?.schema && this.values.resolve(content.schema).properties) ?? {});
    const pathField = this.parameters(endpoint, "path").find((p) => this.values.hints[p.name]);
    const field =
      pathField?.name ?? (type === "application/json" ? bodyFields.find((f) => this.values.hints[f]) : undefined);
    if (!field) return [];
    const base: Omit<Case, "role" | "kind"> = fc.sample(this.validParts(endpoint), {
      numRuns: 1,
      seed: seed + 300,
    })[0]!;
    const body =
      content?.example !== undefined && this.bodyValid(endpoint, content.example) ? content.example : base.body;
    return this.values.hints[field]!.filter((value) => pathField || typeof value === "number").map((value) =>
      pathField
        ? { ...base, body, role, kind: "valid" as const, path: { ...base.path, [field]: String(value) } }
        : { ...base, role, kind: "valid" as const, body: { ...(body as object), [field]: value } },
    );
  }

  /**
   * What is wrong with this answer to this case, if anything (an empty list when it conforms). `semantic`
   * names the fields whose rules no JSON Schema can state (a link that must be live, a date from tomorrow
   * on), so a 400 that names only those fields is not a constraint missing from the document.
   */
  check(
    { path, method, operation }: Endpoint,
    c: Case,
    answer: Answer,
    semantic: Record<string, string> = {},
  ): string[] {
    const problems: string[] = [];
    const documented = operation.responses[String(answer.status)];
    if (answer.status >= 500) problems.push(`answered ${answer.status}`);
    else if (!documented) problems.push(`answered ${answer.status}, which is not documented`);
    if (c.kind === "valid" && answer.status === 400 && !onlyAbout(answer.text, semantic))
      problems.push("refused input the document allows (a constraint the document does not state)");
    if (c.kind === "invalid" && answer.status < 300)
      problems.push(`accepted input the document forbids (${c.broken}) with ${answer.status}`);
    if (answer.status === 429 && !answer.retryAfter) problems.push("a 429 without Retry-After");
    const content = documented?.content;
    if (content && answer.status !== 204) {
      const [type] = Object.keys(content);
      if (!answer.contentType.startsWith(type!))
        problems.push(`answered ${answer.contentType || "no content type"}, documented ${type}`);
      else if (type === "application/json") {
        const validate = this.validator(
          "paths",
          path,
          method,
          "responses",
          String(answer.status),
          "content",
          type,
          "schema",
        );
        let body: unknown;
        try {
          body = JSON.parse(answer.text);
        } catch {
          problems.push("a body that is not JSON");
        }
        if (body !== undefined && !validate(body))
          problems.push(
            `a ${answer.status} body unlike the document: ${validate.errors!.map((e) => `${e.instancePath || "body"} ${e.message}`).join("; ")}`,
          );
      }
    }
    return problems;
  }
}
