// The one declaration of each page and /api/v1 endpoint (docs/decisions/0057-one-declaration-per-endpoint.md):
// an area lists its pages and endpoints here-shaped, and everything else is derived from the list — the route
// table, the OpenAPI document, the public-page and upload lists, the sitemap and the edge's checks (405 with
// Allow, who may call, parsing the input). Declarations hold schemas and words only, never server code, so
// app/routes.ts and the browser bundle can read them.
import type { z } from "zod";

import type { Access } from "../modules/api/openapi/access";
import type { ApiOperation, HttpMethod } from "../modules/api/openapi/registry";

export type { Access };

export type PageRoute = {
  /** The address, React Router style ("saved-searches/:id"). */
  path: string;
  /** The route module, from app/ ("modules/saved-searches/pages/saved-searches.tsx"). */
  file: string;
  /** A second address of the same module needs an id of its own. */
  id?: string;
  /** Who may open the page (and send its forms, unless postAccess says otherwise). */
  access: Access;
  /** Who may send its forms, when not the same (a form that signed-out visitors may send, to log in first). */
  postAccess?: Access;
  /** "document": sent without React (docs/decisions/0002-pages-without-react.md); "react"; "none": no view. */
  render: "document" | "react" | "none";
  /** Signed-out visitors may be served a shared cached copy. */
  cache?: "public";
  /** Listed in sitemap.xml. */
  sitemap?: boolean;
  /** Takes multipart file uploads, streamed by its action (server/upload-endpoints.ts). */
  upload?: boolean;
};

/** One method of an endpoint: the operation as the document publishes it. */
export type ApiOperationDeclaration = Omit<ApiOperation, "method" | "path" | "tag" | "errorShape"> & {
  /** What a path parameter that fails its schema answers: 404 (no such record, the default) or 400. */
  invalidParams?: 400 | 404;
};

export type ApiEndpoint = {
  /** Under /api/v1, OpenAPI style: "/saved-searches/{id}". */
  path: string;
  /** The route module, from app/. */
  file: string;
  tag: string;
  /** The spec's second wrapper answers errors as { success: false, error, message }. */
  errorShape?: "message" | "wrapper";
  /** Signed-out callers may be served a shared cached copy of its GET. */
  cache?: "public";
  /** Takes multipart file uploads, streamed by its handler. */
  upload?: boolean;
  operations: Partial<Record<HttpMethod, ApiOperationDeclaration>>;
};

export type Area = { name: string; pages: PageRoute[]; endpoints: ApiEndpoint[] };

/** Declarations are plain data: these only keep their literal types for apiRoute's and pageRoute's handlers. */
export const page = <const P extends PageRoute>(route: P) => route;
export const api = <const E extends ApiEndpoint>(endpoint: E) => endpoint;
export const area = (declaration: Area) => declaration;

/** The React Router path of an endpoint: "/saved-searches/{id}" → "api/v1/saved-searches/:id". */
export const apiRoutePath = (path: string) => `api/v1${path.replace(/\{(\w+)\}/g, ":$1")}`;

/** The methods an endpoint answers, as an Allow header lists them. */
export const allowedMethods = (endpoint: ApiEndpoint) =>
  (Object.keys(endpoint.operations) as HttpMethod[]).map((method) => method.toUpperCase());

/** The schemas an operation's handler receives its input through. */
export type Input<O extends ApiOperationDeclaration> = {
  params: O["params"] extends { path: infer P extends z.ZodType } ? z.output<P> : Record<string, never>;
  query: O["params"] extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
  body: O["body"] extends { contentType: "multipart/form-data" }
    ? undefined
    : O["body"] extends { schema: infer S extends z.ZodType }
      ? z.output<S>
      : undefined;
};
