// Renders the JSON Schemas of the OpenAPI document as readable nested lists (no client code needed).
import type { ReactNode } from "react";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  default?: unknown;
  example?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
};

export const schemaAnchor = (name: string) => `schema-${name}`;
const refName = (ref: string) => ref.split("/").pop()!;

function constraints(schema: JsonSchema) {
  const parts: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined)
    parts.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) parts.push(`at least ${schema.minLength} characters`);
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? `more than ${schema.exclusiveMinimum}` : undefined);
  if (min !== undefined && schema.maximum !== undefined) parts.push(`${min} to ${schema.maximum}`);
  else if (min !== undefined) parts.push(`from ${min}`);
  else if (schema.maximum !== undefined) parts.push(`up to ${schema.maximum}`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts;
}

/** A one-line type: "string", "integer or null", "array of Booking", "one of "a", "b"". */
export function TypeLabel({ schema }: { schema: JsonSchema }): ReactNode {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#${schemaAnchor(name)}`} className="font-semibold text-emerald-800 underline underline-offset-2">
        {name}
      </a>
    );
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return alternatives.map((alt, i) => (
      <span key={i}>
        {i > 0 ? " or " : null}
        <TypeLabel schema={alt} />
      </span>
    ));
  }
  if (schema.const !== undefined) return <code>{JSON.stringify(schema.const)}</code>;
  if (schema.enum) return <>one of {schema.enum.map((v) => JSON.stringify(v)).join(", ")}</>;
  if (schema.type === "array" && schema.items) {
    return (
      <>
        array of <TypeLabel schema={schema.items} />
      </>
    );
  }
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  if (schema.type === "object" && !schema.properties && typeof schema.additionalProperties === "object") {
    return (
      <>
        map of <TypeLabel schema={schema.additionalProperties} />
      </>
    );
  }
  return schema.type ?? "any";
}

/** An object's fields (recursively for inline objects), or the type of anything else. */
export function SchemaView({ schema }: { schema: JsonSchema }) {
  const object =
    schema.type === "object" && schema.properties
      ? schema
      : schema.type === "array" && schema.items?.properties
        ? schema.items
        : null;
  if (!object?.properties) {
    return (
      <p className="text-sm text-slate-800">
        <TypeLabel schema={schema} />
        {schema.description ? <span className="text-slate-600"> — {schema.description}</span> : null}
      </p>
    );
  }
  return (
    <>
      {object !== schema ? <p className="text-sm text-slate-800">An array of objects with:</p> : null}
      <ul className="mt-1 space-y-1.5 border-l-2 border-slate-200 pl-3 text-sm">
        {Object.entries(object.properties).map(([name, field]) => {
          const required = object.required?.includes(name);
          const nested =
            field.type === "object" && field.properties
              ? field
              : field.type === "array" && field.items?.properties
                ? field
                : null;
          const details = constraints(field);
          return (
            <li key={name}>
              <code className="font-semibold text-slate-900">{name}</code>{" "}
              <span className="text-slate-700">
                (<TypeLabel schema={field} />)
              </span>{" "}
              {required ? <span className="text-xs font-semibold text-red-800 uppercase">required</span> : null}
              {field.description ? <span className="text-slate-600"> — {field.description}</span> : null}
              {details.length ? <span className="text-slate-600"> · {details.join(", ")}</span> : null}
              {nested ? <SchemaView schema={nested} /> : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
