import type { APIRequestContext } from "@playwright/test";

export type Who = "anonymous" | "vendorA" | "vendorB" | "buyer" | "admin";
export type Expect = Record<Who, number>;

/** What a check may need to build its URL: signed-in API clients to look up or create records. */
export type Fixtures = {
  clients: Record<Who, APIRequestContext>;
  /** Run at the end with a fresh admin session, so records a check created (and listed) do not leak into later tests. */
  cleanups: ((admin: APIRequestContext) => Promise<unknown>)[];
};

export type Check = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Defaults to the route's path; a function builds one from the fixtures (e.g. a real listing id). */
  url?: string | ((fixtures: Fixtures) => Promise<string> | string);
  data?: unknown;
  /** Sends this form body (application/x-www-form-urlencoded) instead of JSON. */
  form?: Record<string, string>;
  expect: Expect;
};

/** Keyed by the route manifest's path pattern, e.g. "view-properties/:projectId". */
export type Manifest = Record<string, Check[]>;

export const all = (status: number): Expect => ({
  anonymous: status,
  vendorA: status,
  vendorB: status,
  buyer: status,
  admin: status,
});
export const signedIn = (status: number, anonymous: number): Expect => ({
  anonymous,
  vendorA: status,
  vendorB: status,
  buyer: status,
  admin: status,
});
// A buyer reaches neither admin nor vendor pages: 403, as a vendor gets on an admin page.
export const adminOnly: Expect = { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 200 };
export const adminOnlyApi: Expect = { anonymous: 401, vendorA: 403, vendorB: 403, buyer: 403, admin: 200 };
export const vendorOnly: Expect = { anonymous: 302, vendorA: 200, vendorB: 200, buyer: 403, admin: 403 };
export const guestOnly: Expect = { anonymous: 200, vendorA: 302, vendorB: 302, buyer: 302, admin: 302 };
