// The /api/v1 operations as data: each one names the zod schemas its handler uses (request) or returns
// (response), and document.server.ts turns the list into OpenAPI 3.1 with zod-openapi.
//
// Adding an endpoint: (1) its route in app/routes.ts; (2) one ApiOperation per method in the area's file
// under ./operations/ (a new area: a new file, spread into `apiOperations` in document.server.ts), with
// `body.schema` = the very schema the handler passes to readJson, and the response schema wrapped in
// `documents<typeof handlerValue>()` so tsc checks it against what the handler returns; (3) its requests in
// the `calls` table of tests/e2e/api-contract.api.spec.ts, which fails until (1), (2) and (3) agree.
import "zod-openapi";

import { z } from "zod";

import { IdSchema, idSchema } from "../../../lib/ids";
import type { Access } from "./access";

export type HttpMethod = "get" | "post" | "put" | "delete";

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

export type ApiOperation = {
  /** Unique; also the key of the contract test's request for this operation. */
  operationId: string;
  method: HttpMethod;
  /** Under /api/v1, OpenAPI style: "/bookings/{id}". */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: { path?: z.ZodObject; query?: z.ZodObject };
  /** `maxBytes`: a JSON body limit other than the usual 64 KB (published as x-max-body-bytes). */
  body?: {
    schema: z.ZodType;
    example: unknown;
    contentType?: "application/json" | "multipart/form-data";
    maxBytes?: number;
  };
  /** The success response(s), status → description and schema. */
  responses: Partial<
    Record<
      200 | 201 | 202 | 204,
      {
        description: string;
        schema?: z.ZodType;
        headers?: Record<string, string>;
        /** A file instead of JSON (e.g. "application/zip"): documented as binary of that type. */
        file?: string;
      }
    >
  >;
  /** The error statuses this operation answers besides 405 (wrong method), each with when it happens. */
  errors: Partial<Record<ErrorStatus, string>>;
  /** The spec's second wrapper answers errors as { success: false, error, message }. */
  errorShape?: "message" | "wrapper";
};

/** Compile-time link between a handler's response type T and the schema that documents it: T must be valid input for S. */
export const documents =
  <T>() =>
  <S extends z.ZodType>(
    schema: S,
    ..._check: [T] extends [z.input<S>] ? [] : ["the response type does not match this schema"]
  ) =>
    schema;

export const ApiErrorSchema = z
  .object({
    message: z.string().meta({ description: "What went wrong, in a sentence a person can read." }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "Field errors, keyed by the field's (dotted) name." }),
  })
  .meta({
    id: "Error",
    description: "Every error answer.",
    example: { message: "Enter a valid email address.", errors: { email: ["Enter a valid email address."] } },
  });

export const WrapperErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.string(),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({
    id: "WrapperError",
    description:
      "Errors of the /properties and /stripe endpoints (the spec's second wrapper): `error` and `message` carry the same text.",
  });

/** The { success: true, data, … } answer of the second wrapper. */
export const wrapped = <S extends z.ZodType>(data: S, extra: z.ZodRawShape = {}) =>
  z.object({ success: z.literal(true), data, message: z.string().optional(), ...extra });

/** A path parameter holding a record's id; `message` is what an id that cannot exist answers. */
export const idParam = <N extends string>(name: N, description: string, message?: string) =>
  z.object({ [name]: (message ? idSchema(message) : IdSchema).meta({ description, example: 1 }) } as Record<
    N,
    typeof IdSchema
  >);

export const isoDateTime = z
  .string()
  .meta({ description: "ISO 8601 date and time (UTC)", example: "2026-03-14T10:30:00.000Z" });
export const isoDate = z.string().meta({ description: "YYYY-MM-DD", example: "2026-03-14" });
