// The edge kit's half for /api/v1: the loader and action of an endpoint's route module, built from its
// declaration. Methods it does not declare answer 405 with Allow; the caller is checked against the declared
// access; path parameters, the query string and a JSON body are parsed with the declared schemas; errors are
// answered once, in the endpoint's envelope. The handlers see only what passed.
import type { AppLoadContext } from "react-router";

import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError, readJson, readQuery } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import type { HttpMethod } from "../modules/api/openapi/registry";
import { asWrapperError } from "../modules/api/wrapper.server";
import { getUser } from "../modules/auth/identity.server";
import { rolePlural, type SessionUser } from "../modules/auth/roles";
import { type Access, allowedMethods, type ApiEndpoint, type ApiOperationDeclaration, type Input } from "./declare";

/** What a handler answers: a status, a JSON body and headers, or a Response of its own (a file, a 204). */
export type Reply = { status?: number; body: unknown; headers?: Record<string, string> } | Response;

type Signed<A extends Access> = A extends "public" | "owner-or-link" ? SessionUser | null : SessionUser;

export type HandlerArgs<O extends ApiOperationDeclaration> = Input<O> & {
  user: Signed<O["access"]>;
  request: Request;
  context: AppLoadContext;
};

type Handlers<E extends ApiEndpoint> = {
  [M in keyof E["operations"]]: E["operations"][M] extends ApiOperationDeclaration
    ? (args: HandlerArgs<E["operations"][M]>) => Promise<Reply> | Reply
    : never;
};

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };

const ROLES_OF: Partial<Record<Access, string[]>> = {
  admin: ["admin"],
  vendor: ["vendor"],
  buyer: ["buyer"],
  "vendor-or-admin": ["vendor", "admin"],
};

/** The caller, as the declared access wants: 401 signed out, 403 another role; null where anyone may call. */
async function caller(request: Request, access: Access) {
  const user = await getUser(request);
  if (access === "public" || access === "owner-or-link") return user;
  if (!user) throw apiError(401, "Sign in to continue.");
  const roles = ROLES_OF[access];
  if (roles && !roles.includes(user.role)) {
    const who = roles.length === 1 ? rolePlural(roles[0] as SessionUser["role"]) : "vendors and admins";
    throw apiError(403, `This endpoint is for ${who} only.`);
  }
  return user;
}

function parseParams(operation: ApiOperationDeclaration, params: RouteArgs["params"]) {
  const schema = operation.params?.path;
  if (!schema) return {};
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "Not found.";
  throw (operation.invalidParams ?? 404) === 404 ? apiError(404, message) : apiError(400, message);
}

async function inputOf(operation: ApiOperationDeclaration, { request, params }: RouteArgs) {
  const query = operation.params?.query ? readQuery(request, operation.params.query) : {};
  const body =
    operation.body && operation.body.contentType !== "multipart/form-data"
      ? await readJson(request, operation.body.schema, { maxBytes: operation.body.maxBytes })
      : undefined;
  return { params: parseParams(operation, params), query, body };
}

/** In tests (EDGE_CHECK_OUTPUT=true), an answer unlike its documented schema is a bug, not a reply. */
function checkOutput(endpoint: ApiEndpoint, method: HttpMethod, status: number, body: unknown) {
  if (process.env.EDGE_CHECK_OUTPUT !== "true") return;
  const schema = endpoint.operations[method]?.responses[status as 200]?.schema;
  if (!schema)
    throw new Error(`${method.toUpperCase()} ${endpoint.path} answered ${status}, which it does not declare`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`${method.toUpperCase()} ${endpoint.path} answered unlike its schema: ${parsed.error.message}`);
  }
}

function toResponse(endpoint: ApiEndpoint, method: HttpMethod, reply: Reply) {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? 200;
  checkOutput(endpoint, method, status, reply.body);
  const headers = new Headers(reply.headers);
  if (endpoint.cache !== "public") headers.set("Cache-Control", "private, no-store");
  return Response.json(reply.body, { status, headers });
}

/**
 * The route module's loader and action for `endpoint`. Export them one by one
 * (`export const loader = route.loader;`): React Router cannot strip a destructured export from the browser build.
 */
export function apiRoute<const E extends ApiEndpoint>(endpoint: E, handlers: Handlers<E>) {
  const allowed = allowedMethods(endpoint);
  const handle = async (args: RouteArgs) => {
    const method = (args.request.method === "HEAD" ? "get" : args.request.method.toLowerCase()) as HttpMethod;
    const operation = endpoint.operations[method];
    const handler = (handlers as Record<string, ((args: unknown) => Promise<Reply> | Reply) | undefined>)[method];
    if (!operation || !handler) return methodNotAllowed(allowed);
    try {
      const user = await caller(args.request, operation.access);
      const input = await inputOf(operation, args);
      return toResponse(
        endpoint,
        method,
        await handler({ ...input, user, request: args.request, context: args.context }),
      );
    } catch (error) {
      const response = apiErrorResponse(error);
      return endpoint.errorShape === "wrapper" ? asWrapperError(response) : response;
    }
  };
  return { loader: handle, action: handle };
}
