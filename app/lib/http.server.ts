// Small HTTP helpers shared by the JSON API and pages: errors as { message, errors? } with the right status,
// and JSON bodies read with a size cap and validated with one zod schema per payload.
import { data } from "react-router";
import type { z } from "zod";

export function apiError(
  status: number,
  message: string,
  init: { errors?: Record<string, string[]>; headers?: HeadersInit } = {},
) {
  return Response.json({ message, ...(init.errors ? { errors: init.errors } : {}) }, { status, headers: init.headers });
}

export const DEFAULT_JSON_LIMIT = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  apiError(
    413,
    `The request body is too large (at most ${maxBytes >= 1024 * 1024 ? `${Math.floor(maxBytes / (1024 * 1024))} MB` : `${Math.floor(maxBytes / 1024)} KB`}).`,
  );

/** Reads at most `maxBytes` of the body; a larger one is refused with 413 without reading it all. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString("utf8");
}

/**
 * A form body (urlencoded or multipart) of at most `maxBytes`. The server lets multipart bodies to the
 * upload endpoints (server/upload-endpoints.ts) past its 1 MiB cap, unread, so every action that accepts
 * files reads them through this (or a streaming parser with limits), never request.formData().
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const body = await readBodyBytes(request, maxBytes);
  return formDataOf(
    new Request(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body) }),
  );
}

/**
 * The form a page action was sent. A body that is not a form (another Content-Type, a broken multipart
 * body) is refused with a 400 page instead of failing as a 500.
 */
export async function formDataOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw data({ message: "The form could not be read. Please send it again from the page." }, { status: 400 });
  }
}

/** Field errors keyed by the dotted path of each invalid field. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses a JSON request body with `schema`; throws a 400/413/415 JSON response on bad input. */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = DEFAULT_JSON_LIMIT } = {},
): Promise<z.output<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw apiError(415, "Send the request body as JSON (Content-Type: application/json).");
  }
  const text = await readBodyText(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw apiError(400, "The request body must be a JSON object.");
  }
  return parsedOr400(schema, body, "The request body is not valid.");
}

/** Parses a request's query string (each name once) with `schema`; throws a 400 JSON response on bad input. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return parsedOr400(schema, Object.fromEntries(new URL(request.url).searchParams), "The query string is not valid.");
}

function parsedOr400<S extends z.ZodType>(schema: S, input: unknown, fallback: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw apiError(400, result.error.issues[0]?.message ?? fallback, { errors: fieldErrors(result.error) });
  return result.data;
}

/** Only same-site relative paths may be redirect targets (no //host or /\host tricks, nothing a header cannot hold). */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // It becomes a Location header: printable ASCII only (a NUL or a "é" would fail the response).
  if (!/^[\x21-\x7e]*$/.test(to)) return fallback;
  return to;
}

/** The signed token an email's link carries in its address (`?token=`), or null. */
export const linkToken = (request: Request) => new URL(request.url).searchParams.get("token");
