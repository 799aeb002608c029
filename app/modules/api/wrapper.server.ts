// The spec's second API wrapper (/api/v1/properties/*) answers { success, data, message, total } or,
// on failure, { success: false, error } — with `message` too, like every other endpoint.
export const ok = <T>(
  data: T,
  extra: {
    total?: number;
    totalCapped?: boolean;
    message?: string;
    page?: number;
    pageCount?: number;
    paid?: boolean;
  } = {},
  init?: ResponseInit,
) => Response.json({ success: true, data, ...extra }, init);

export const fail = (status: number, error: string, errors?: Record<string, string[]>, headers?: HeadersInit) =>
  Response.json({ success: false, error, message: error, ...(errors ? { errors } : {}) }, { status, headers });

/** Turns a thrown `{ message }` response (readJson, guards) into the wrapper's shape, keeping its status and headers (Retry-After, WWW-Authenticate…). */
export async function asWrapperError(response: Response) {
  const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  const headers = new Headers(response.headers);
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  return fail(response.status, body.message ?? "The request failed.", body.errors, headers);
}
