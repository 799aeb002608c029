// Every /api/v1 operation of the OpenAPI document, driven over HTTP with requests generated from the document
// itself (tests/support/conformance), as anonymous, vendor, buyer and admin: any 5xx, undocumented status,
// body unlike its documented schema, refusal of input the document allows, or acceptance of input it forbids
// fails the operation's test, listing every distinct problem with a request that shows it. Every other method
// on a documented path must answer 405 (OPTIONS: 204) with an Allow header naming exactly the documented
// methods. CONFORMANCE_SEED replays a run (random: a new one); CONFORMANCE_RUNS sets the cases per operation (decision 0045).
import http from "node:http";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openApiDocument } from "../../app/edge/openapi.server";
import { reloadEnv } from "../../app/lib/env.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import { startApiServer } from "../support/conformance/api-server";
import {
  type Answer,
  type Case,
  Conformance,
  type Document,
  type Endpoint,
  endpointsOf,
} from "../support/conformance/runner";
import { emptyDatabase, setupTestDatabase } from "../support/database";
import { createFixtures, type Fixtures, VENDOR_PASSWORD } from "../support/fuzz/fixtures";
import { pdfDocument, pngImage } from "../support/upload-files";

// One world of fixtures per tag of the document (making one costs about a second): its reads run first,
// its deletes last, and every operation gets sessions of its own, so one that signs out spoils no other.
setupTestDatabase({ emptyBeforeEach: false });

const document = JSON.parse(JSON.stringify(openApiDocument())) as Document;
const endpoints = endpointsOf(document);
const RUNS = Math.max(12, Number(process.env.CONFORMANCE_RUNS ?? 16) || 16);
// A fixed seed in `npm test`, so a run fails only on a change; CONFORMANCE_SEED=random explores new cases.
const SEED =
  process.env.CONFORMANCE_SEED === "random"
    ? Date.now() % 1_000_000
    : Number(process.env.CONFORMANCE_SEED ?? 20_261_207);

let server: Awaited<ReturnType<typeof startApiServer>>;
let requests = 0;
const started = performance.now();

beforeAll(async () => {
  // Abuse limits would turn most cases into 429s.
  process.env.RATE_LIMIT_FACTOR = "1000000";
  reloadEnv();
  resetLimiters();
  server = await startApiServer();
});

afterAll(async () => {
  await server?.close();
  delete process.env.RATE_LIMIT_FACTOR;
  reloadEnv();
  resetLimiters();
  const engine = process.env.TEST_DB_ENGINE ?? "pglite";
  console.log(
    `API conformance (${engine}, seed ${SEED}): ${requests} requests over ${endpoints.length} operations in ${Math.round((performance.now() - started) / 1000)} s.`,
  );
});

/** Ids and tokens that exist in the fixtures, tried beside generated values for fields of these names. */
function hintsFor(fx: Fixtures) {
  const ids = [
    fx.listingId,
    fx.ownListingId,
    fx.toSignId,
    fx.toPayId,
    fx.toDeleteId,
    fx.saleProjectId,
    fx.soldId,
    fx.offerId,
    fx.viewingId,
    fx.imageId,
    fx.savedSearchId,
    fx.valuationId,
    fx.checkId,
  ];
  return {
    // Path and query ids are documented as integers; propertyId and bookingId in bodies take digits too.
    id: ids,
    propertyId: [...ids, ...ids.map(String)],
    bookingId: [...ids, ...ids.map(String)],
    projectId: ids,
    viewingId: [fx.viewingId],
    offerId: [fx.offerId, fx.saleOfferId],
    imageId: [fx.imageId],
    fileId: [fx.imageId],
    token: [fx.paymentToken],
    contract_hash: [fx.contractHash],
    paymentIntentId: [fx.paymentIntentId],
    currentPassword: [VENDOR_PASSWORD],
  };
}

const FROM_TOMORROW = "a date from tomorrow (UK time) to six months on";
const IN_THE_UK = "a point inside the UK";
/**
 * Rules no JSON Schema can state, by operation and field: a 400 naming only these fields is the API
 * applying them, not a constraint missing from the document. Everything else a 400 names is.
 */
const SEMANTIC: Record<string, Record<string, string>> = {
  verifyEmail: { token: "a live link from the email" },
  resetPassword: { token: "a live link from the email" },
  changePassword: { currentPassword: "the account's password" },
  requestViewing: { preferredDate: FROM_TOMORROW, bookingId: "the same home as propertyId, when both are sent" },
  requestViewingFromSearch: {
    preferredDate: FROM_TOMORROW,
    bookingId: "the same home as propertyId, when both are sent",
  },
  decideSellerViewing: { date: FROM_TOMORROW },
  createVendorBooking: { map_location: IN_THE_UK },
  signVendorContract: { signature: "an image that decodes" },
  createAdminProject: { map_location: IN_THE_UK },
  updateAdminProject: { map_location: IN_THE_UK },
  searchProperties: {
    postcode: "a place the agency knows",
    area: "a drawn area that can be read",
    maxPrice: "not below the minimum",
    maxBeds: "not below the minimum",
  },
  createSavedSearch: {
    "filters.postcode": "a place the agency knows",
    "filters.area": "a drawn area that can be read",
    "filters.maxPrice": "not below the minimum",
    "filters.maxBeds": "not below the minimum",
  },
};
SEMANTIC.updateSavedSearch = SEMANTIC.createSavedSearch!;

const files = { png: await pngImage(4, 4), pdf: pdfDocument() };

function bodyOf(type: string | undefined, body: unknown): { body?: BodyInit; headers: Record<string, string> } {
  if (type === undefined || body === undefined) return { headers: {} };
  if (type !== "multipart/form-data") return { body: JSON.stringify(body), headers: { "Content-Type": type } };
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === "(binary)") {
        const pdf = form.getAll("files").length % 2 === 1;
        form.append(
          name,
          new Blob([new Uint8Array(pdf ? files.pdf : files.png)], { type: pdf ? "application/pdf" : "image/png" }),
          pdf ? "statement.pdf" : "photo.png",
        );
      } else form.append(name, String(item));
    }
  }
  return { body: form, headers: {} };
}

async function send(
  endpoint: Endpoint,
  c: Case,
  cookie: string | undefined,
  conformance: Conformance,
): Promise<Answer> {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.path[name] ?? ""));
  const query = new URLSearchParams(Object.entries(c.query).map(([k, v]) => [k, String(v)]));
  const { body, headers } = bodyOf(conformance.bodyType(endpoint), c.body);
  const response = await fetch(server.url(`/api/v1${path}${query.size ? `?${query}` : ""}`), {
    method: endpoint.method.toUpperCase(),
    headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
  requests++;
  return {
    status: response.status,
    contentType: response.headers.get("Content-Type") ?? "",
    text: await response.text(),
    allow: response.headers.get("Allow"),
    retryAfter: response.headers.get("Retry-After"),
  };
}

const METHOD_ORDER = ["get", "post", "put", "delete"];
const byTag = new Map<string, Endpoint[]>();
for (const endpoint of endpoints) {
  const tag = (endpoint.operation as { tags?: string[] }).tags?.[0] ?? "";
  byTag.set(tag, [...(byTag.get(tag) ?? []), endpoint]);
}

describe.each([...byTag])("%s", (_tag, tagged) => {
  let fx: Fixtures;
  let conformance: Conformance;
  beforeAll(async () => {
    await emptyDatabase();
    fx = await createFixtures();
    conformance = new Conformance(document, hintsFor(fx));
  });

  const ordered = tagged.toSorted((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
  test.each(ordered.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    "%s answers as documented",
    { timeout: 300_000 },
    async (_, endpoint) => {
      const sessions = Object.fromEntries(
        await Promise.all(
          (["vendor", "buyer", "admin"] as const).map(async (role) => [
            role,
            (await createUserSession(fx[role].id, { persistent: false })).split(";")[0]!,
          ]),
        ),
      ) as Record<"vendor" | "buyer" | "admin", string>;
      const problems = new Map<string, string>();
      for (const c of conformance.cases(endpoint, RUNS, SEED)) {
        const answer = await send(endpoint, c, c.role === "anonymous" ? undefined : sessions[c.role], conformance);
        for (const problem of conformance.check(endpoint, c, answer, SEMANTIC[endpoint.operation.operationId])) {
          if (!problems.has(problem))
            problems.set(
              problem,
              `${problem}\n    as ${c.role}: ${JSON.stringify({ path: c.path, query: c.query, body: c.body }).slice(0, 600)}\n    answer: ${answer.text.slice(0, 300)}`,
            );
        }
      }
      expect([...problems.values()], `seed ${SEED}`).toEqual([]);
    },
  );
});

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"];

/** A raw request (fetch cannot send TRACE): status and Allow. */
function rawRequest(method: string, path: string, cookie?: string) {
  return new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
    const request = http.request(
      server.url(path),
      { method, headers: cookie ? { Cookie: cookie } : {} },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode!, allow: response.headers.allow }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

test("every other method on a documented path answers 405 (OPTIONS 204) with Allow naming the documented methods", async () => {
  await emptyDatabase();
  const fx = await createFixtures();
  const problems: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    const expected = Object.keys(operations)
      .map((m) => m.toUpperCase())
      .sort();
    const url = `/api/v1${path.replace(/\{\w+\}/g, String(fx.listingId))}`;
    for (const method of METHODS.filter((m) => !expected.includes(m) && !(m === "HEAD" && expected.includes("GET")))) {
      // Signed in too where a handler might check who asks before the method.
      for (const cookie of ["GET", "HEAD", "OPTIONS", "TRACE"].includes(method)
        ? [undefined]
        : [undefined, fx.sessions.admin]) {
        const { status, allow } = await rawRequest(method, url, cookie);
        requests++;
        const named = (allow ?? "")
          .split(/,\s*/)
          .filter((m) => m && m !== "HEAD")
          .sort();
        if (status !== (method === "OPTIONS" ? 204 : 405) || JSON.stringify(named) !== JSON.stringify(expected))
          problems.push(
            `${method} ${path} ${cookie ? "as admin" : "signed out"}: ${status}, Allow: ${allow ?? "(none)"}`,
          );
      }
    }
  }
  expect(problems).toEqual([]);
});
