// The portals' published JSON Schemas (tests/fixtures/portal-schemas, see its README), compiled with Ajv:
// Rightmove's Real Time Datafeed (draft-07) and Zoopla's Real-time Listings v1.2 (draft-04).
import { readFileSync } from "node:fs";
import path from "node:path";

import Ajv, { type ErrorObject } from "ajv";
import AjvDraft04 from "ajv-draft-04";

const folder = path.join(import.meta.dirname, "../fixtures/portal-schemas");
const read = (file: string) => readFileSync(path.join(folder, file), "utf8");

/** Zoopla's patterns end with Perl's `\Z` (end of text), which JavaScript writes `$`. */
const zooplaSchema = (file: string) => JSON.parse(read(file).replaceAll("\\\\Z", "$")) as object;

const draft07 = new Ajv({ allErrors: true, strict: false });
const draft04 = new AjvDraft04({ allErrors: true, strict: false });

const validators = {
  "rightmove-send": draft07.compile(JSON.parse(read("rightmove-rtdf-send-property.json"))),
  "rightmove-remove": draft07.compile(JSON.parse(read("rightmove-rtdf-remove-property.json"))),
  "rightmove-send-response": draft07.compile(JSON.parse(read("rightmove-rtdf-send-property-response.json"))),
  "rightmove-remove-response": draft07.compile(JSON.parse(read("rightmove-rtdf-remove-property-response.json"))),
  "zoopla-update": draft04.compile(zooplaSchema("zoopla-listing-update.json")),
  "zoopla-delete": draft04.compile(zooplaSchema("zoopla-listing-delete.json")),
};

export type PortalSchema = keyof typeof validators;

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);

/** The schema's complaints about `payload` (an empty list when it is valid). */
export function schemaErrors(schema: PortalSchema, payload: unknown): string[] {
  const validate = validators[schema];
  return validate(payload) ? [] : describe(validate.errors);
}
