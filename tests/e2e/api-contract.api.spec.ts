// The /api/v1 contract: reads the served OpenAPI document, sends real requests to every operation (the
// success case and the documented error cases) and checks each status and body against the document.
// It fails when a route in app/routes.ts has no documented operation, or a documented path has no route.
import { readFileSync } from "node:fs";

import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";

import { addDays, londonToday } from "../../app/lib/dates";
import routes from "../../app/routes";
import { type Schema, validate } from "../support/json-schema";
import { apiContext, apiSession, DEMO_ADMIN, DEMO_VENDOR, newBuyer, newVendor } from "./support/accounts";
import { createToken } from "./support/api-tokens";
import { signOverHttp } from "./support/contract";
import { MAIL_WAIT_MS, mailedLink } from "./support/mail";

type Who = "anonymous" | "vendor" | "otherVendor" | "buyer" | "admin" | "token";
type Call = {
  as?: Who;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart/form-data body instead of JSON (file uploads). */
  multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
  expect: number;
};
type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const API_PREFIX = "api/v1/";
const METHODS = ["get", "post", "put", "delete"] as const;

function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return entry.children ? routePaths(entry.children, path) : [path];
  });
}

/** The /api/v1 routes of app/routes.ts in OpenAPI form ("/bookings/{id}"), without the JSON 404 catch-all. */
const apiRoutes = () =>
  routePaths(routes)
    .filter((p) => p.startsWith(API_PREFIX) && p !== `${API_PREFIX}*`)
    .map((p) => `/${p.slice(API_PREFIX.length)}`.replace(/:(\w+)/g, "{$1}"));

let document: Document;
let clients: Record<Who, APIRequestContext>;
const fixture = {
  vendorEmail: "",
  savedSearchId: 0,
  listedId: 0,
  listedPostcode: "",
  ownId: 0,
  toSignId: 0,
  toSignHash: "",
  deletableId: 0,
  valuationId: 0,
  paymentIntentId: "",
  paymentToken: "",
  token: "",
  adminProjectId: 0,
  imageId: 0,
  listableId: 0,
  sellableId: 0,
  adminDeletableId: 0,
  paidId: 0,
  verifyToken: "",
  resetToken: "",
  doneJobId: "",
  viewingId: 0,
  offerHomeId: 0,
  secondOfferHomeId: 0,
  offerId: 0,
  checkId: 0,
};

/** The token of the newest link to `pagePath` mailed to `to` (mail goes out just after the answer). */
async function mailedToken(to: string, pagePath: string) {
  await expect.poll(() => mailedLink(to, pagePath), { timeout: MAIL_WAIT_MS }).not.toBeNull();
  return new URL(mailedLink(to, pagePath)!, "http://localhost").searchParams.get("token")!;
}

const viewing = (propertyId: number) => ({
  propertyId,
  firstName: "Cora",
  lastName: "Contract",
  email: "cora.contract@example.com",
  phoneNumber: "07700 900123",
  preferredDate: addDays(londonToday(), 7),
  preferredTime: "10:30",
});
/** A 1 × 1 PNG, as the signing page's canvas sends a drawn signature. */
const SIGNATURE_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const signing = (hash: string) => ({
  signer_name: "Cora Contract",
  agree: true,
  start_early: true,
  contract_hash: hash,
  signature: SIGNATURE_PNG,
});
const projectBody = {
  address: "7 Contract Row, Leicester",
  postcode: "LE1 6EJ",
  price: 250000,
  property_type: "Terraced",
  bedrooms: 2,
  bathrooms: 1,
};
const adminProjectBody = { ...projectBody, vendor_name: "Cora Contract", vendor_email: "cora.customer@example.com" };
const photo = {
  name: "front.jpg",
  mimeType: "image/jpeg",
  buffer: readFileSync("prisma/seed-assets/photos/exterior-01.jpg"),
};
const proofPdf = {
  name: "statement.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
};
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  document = (await (await apiContext(baseURL!)).get("/api/v1/openapi.json").then((r) => r.json())) as Document;
  const vendor = newVendor("contract");
  fixture.vendorEmail = vendor.email;
  const buyer = newBuyer("contract-buyer");
  clients = {
    anonymous: await apiContext(baseURL!),
    vendor: await apiSession(baseURL!, vendor, { signUp: true }),
    otherVendor: await apiSession(baseURL!, newVendor("contract-other"), { signUp: true }),
    buyer: await apiSession(baseURL!, buyer, { signUp: true }),
    admin: await apiSession(baseURL!, DEMO_ADMIN),
    token: await apiContext(baseURL!),
  };
  fixture.verifyToken = await mailedToken(vendor.email, "/verify-email");
  const forgetful = newVendor("contract-reset");
  expect((await clients.anonymous.post("/api/v1/auth/signup", { data: forgetful })).status()).toBe(201);
  expect(
    (await clients.anonymous.post("/api/v1/auth/forgot-password", { data: { email: forgetful.email } })).status(),
  ).toBe(202);
  fixture.resetToken = await mailedToken(forgetful.email, "/reset-password");
  fixture.token = await createToken(clients.admin, "Contract test");
  await clients.token.dispose();
  clients.token = await apiContext(baseURL!, { Authorization: `Bearer ${fixture.token}` });
  const [listed] = (await (await clients.anonymous.get("/api/v1/bookings")).json()) as {
    id: number;
    postcode: string;
  }[];
  fixture.listedId = listed!.id;
  fixture.listedPostcode = listed!.postcode;
  fixture.ownId = (
    (await (await clients.vendor.post("/api/v1/vendor/bookings", { data: projectBody })).json()) as { id: number }
  ).id;
  fixture.deletableId = (
    (await (await clients.vendor.post("/api/v1/vendor/bookings", { data: projectBody })).json()) as { id: number }
  ).id;
  fixture.toSignId = (
    (await (await clients.vendor.post("/api/v1/vendor/bookings", { data: projectBody })).json()) as { id: number }
  ).id;
  fixture.toSignHash = (
    (await (await clients.vendor.get(`/api/v1/vendor/bookings/${fixture.toSignId}/contract`)).json()) as {
      contract_hash: string;
    }
  ).contract_hash;
  const valuation = await clients.anonymous.post("/api/v1/valuation/request", {
    data: {
      valuationType: "instant",
      purposeType: "sell",
      postcode: "LE1 6EJ",
      firstName: "Cora",
      lastName: "Contract",
      contactNumber: "07700 900123",
      email: "cora@example.com",
    },
  });
  fixture.valuationId = ((await valuation.json()) as { id: number }).id;
  // Paying needs the contract signed first.
  await signOverHttp(clients.vendor, fixture.ownId, vendor.fullName);
  const intent = (await (
    await clients.vendor.post("/api/v1/stripe/create-payment-intent", { data: { bookingId: fixture.ownId } })
  ).json()) as {
    data: { paymentIntentId: string; paymentLink: string };
  };
  fixture.paymentIntentId = intent.data.paymentIntentId;
  fixture.paymentToken = new URL(intent.data.paymentLink).searchParams.get("token")!;

  fixture.savedSearchId = (
    (await (
      await clients.vendor.post("/api/v1/saved-searches", {
        data: { ...savedSearchBody, filters: { postcode: "LE2" } },
      })
    ).json()) as { id: number }
  ).id;
  const createByAdmin = async () =>
    (
      (await (await clients.admin.post("/api/v1/admin/projects/create", { data: adminProjectBody })).json()) as {
        id: number;
      }
    ).id;
  fixture.adminProjectId = await createByAdmin();
  fixture.listableId = await createByAdmin();
  fixture.sellableId = await createByAdmin();
  fixture.adminDeletableId = await createByAdmin();
  expect((await clients.admin.put(`/api/v1/admin/projects/${fixture.sellableId}/mark-completed`)).status()).toBe(200);
  // A viewing of that listed home (no owner account: the agency answers for the seller).
  const viewing = await clients.anonymous.post("/api/v1/viewings/request", {
    data: {
      propertyId: fixture.sellableId,
      firstName: "Vic",
      lastName: "Viewer",
      email: "vic@example.com",
      phoneNumber: "07700 900004",
      preferredDate: addDays(londonToday(), 3),
      preferredTime: "10:30",
    },
  });
  expect(viewing.status()).toBe(201);
  fixture.viewingId = ((await viewing.json()) as { viewingRequest: { id: number } }).viewingRequest.id;
  expect(
    (
      await clients.admin.put(`/api/v1/admin/projects/${fixture.adminProjectId}/upload?section=images`, {
        multipart: { files: photo },
      })
    ).status(),
  ).toBe(201);
  const adminProject = (await (await clients.admin.get(`/api/v1/admin/projects/${fixture.adminProjectId}`)).json()) as {
    images: { id: number }[];
  };
  fixture.imageId = adminProject.images[0]!.id;
  // The demo vendor's paid project: money for it is in the records, so even an admin cannot delete it.
  const demoProjects = (await (
    await clients.admin.get("/api/v1/admin/projects", { params: { q: DEMO_VENDOR.email, pageSize: 100 } })
  ).json()) as {
    data: { id: number; can_delete: boolean }[];
  };
  fixture.paidId = demoProjects.data.find((project) => !project.can_delete)!.id;
  // Offers: the buyer confirms their address (offers need it), then offers on a home the agency listed.
  const buyerToken = await mailedToken(buyer.email, "/verify-email");
  expect((await clients.anonymous.post("/api/v1/auth/verify-email", { data: { token: buyerToken } })).status()).toBe(
    200,
  );
  for (const key of ["offerHomeId", "secondOfferHomeId"] as const) {
    fixture[key] = await createByAdmin();
    expect((await clients.admin.put(`/api/v1/admin/projects/${fixture[key]}/mark-completed`)).status()).toBe(200);
  }
  const check = await clients.admin.post(`/api/v1/admin/projects/${fixture.adminProjectId}/checks`, {
    data: { fullName: "Cora Contract", email: "", capacity: "owner" },
  });
  expect(check.status(), await check.text()).toBe(201);
  fixture.checkId = ((await check.json()) as { id: number }).id;
  const offer = await clients.buyer.post(`/api/v1/properties/${fixture.offerHomeId}/offers`, {
    data: { amount: 250000, position: "first-time-buyer", mortgageInPrinciple: true },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  fixture.offerId = ((await offer.json()) as { offer: { id: number } }).offer.id;
  // A message the workers have sent (the valuation's confirmation, say): finished jobs can be neither retried nor cancelled.
  await expect
    .poll(async () => {
      const jobs = (await (
        await clients.admin.get("/api/v1/admin/jobs", { params: { state: "completed" } })
      ).json()) as { data: { id: string }[] };
      return (fixture.doneJobId = jobs.data[0]?.id ?? "");
    })
    .not.toBe("");
});

test.afterAll(async ({ baseURL }) => {
  // Projects listed here would show up in the public listing tests that follow (a fresh session: a test signs the admin out).
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  for (const id of [
    fixture.adminProjectId,
    fixture.listableId,
    fixture.sellableId,
    fixture.offerHomeId,
    fixture.secondOfferHomeId,
  ])
    if (id) await admin.delete(`/api/v1/admin/projects/${id}`);
  await Promise.all([admin, ...Object.values(clients ?? {})].map((c) => c.dispose()));
});

const savedSearchBody = { name: "Near the station", filters: { postcode: "LE1", radius: "5" }, frequency: "weekly" };

/** What to send to each operation, keyed by operationId: the success case first, then documented errors. */
const calls = (): Record<string, Call[]> => ({
  // A taken address gets the same answer as a new one.
  signUp: [
    { body: newVendor("contract-signup"), expect: 201 },
    { body: newBuyer("contract-signup-buyer"), expect: 201 },
    { body: {}, expect: 400 },
    { body: { ...newVendor("contract-signup-admin"), userType: "admin" }, expect: 400 },
    { body: { ...newVendor(), email: DEMO_VENDOR.email }, expect: 201 },
  ],
  signIn: [
    { body: { ...DEMO_VENDOR, rememberMe: false }, expect: 200 },
    { body: { email: DEMO_VENDOR.email, password: "not the password" }, expect: 401 },
    { body: { email: "not an email" }, expect: 400 },
  ],
  signOut: [{ expect: 200 }],
  currentUser: [
    { as: "vendor", expect: 200 },
    { as: "buyer", expect: 200 },
    { as: "token", expect: 200 },
    { expect: 401 },
  ],
  verifyEmail: [
    { body: { token: fixture.verifyToken }, expect: 200 },
    { body: { token: "x".repeat(43) }, expect: 400 },
    { body: {}, expect: 400 },
  ],
  // Accounts sign in only once confirmed, so a signed-in caller is confirmed (202 is for sessions from before that
  // rule; tests/integration/email-verification.test.ts covers it).
  resendVerification: [{ as: "otherVendor", expect: 409 }, { as: "admin", expect: 409 }, { expect: 401 }],
  forgotPassword: [
    { body: { email: "nobody@example.com" }, expect: 202 },
    { body: { email: "not an email" }, expect: 400 },
  ],
  resetPassword: [
    { body: { token: fixture.resetToken, password: "a reset long password" }, expect: 200 },
    { body: { token: fixture.resetToken, password: "a reset long password" }, expect: 400 },
  ],
  changePassword: [
    {
      as: "otherVendor",
      body: { currentPassword: "not the password", newPassword: "a changed long password" },
      expect: 400,
    },
    {
      as: "otherVendor",
      body: { currentPassword: "a long test password", newPassword: "a changed long password" },
      expect: 200,
    },
    { body: { currentPassword: "a long test password", newPassword: "a changed long password" }, expect: 401 },
  ],
  sendContactMessage: [
    { body: { first_name: "Cora", last_name: "Contract", email: "cora@example.com", message: "Hello" }, expect: 201 },
    { body: {}, expect: 400 },
  ],
  requestValuation: [
    {
      body: {
        valuationType: "sales",
        purposeType: "sell",
        postcode: "LE1 6EJ",
        firstName: "Cora",
        lastName: "Contract",
        contactNumber: "07700 900123",
        email: "cora@example.com",
      },
      expect: 201,
    },
    { body: { valuationType: "nonsense" }, expect: 400 },
  ],
  listValuationRequests: [
    { as: "admin", expect: 200 },
    { as: "token", query: { page: "1", pageSize: "5" }, expect: 200 },
    { as: "admin", query: { page: "0" }, expect: 400 },
    { expect: 401 },
    { as: "vendor", expect: 403 },
  ],
  getValuationRequest: [
    { as: "admin", params: { id: fixture.valuationId }, expect: 200 },
    { as: "admin", params: { id: "abc" }, expect: 400 },
    { as: "admin", params: { id: 99999999 }, expect: 404 },
    { params: { id: fixture.valuationId }, expect: 401 },
    { as: "vendor", params: { id: fixture.valuationId }, expect: 403 },
  ],
  listBookings: [
    { expect: 200 },
    { query: { q: "house", sort: "price-asc", page: "2", pageSize: "5" }, expect: 200 },
    { query: { pageSize: "101" }, expect: 400 },
  ],
  getBooking: [
    { params: { id: fixture.listedId }, expect: 200 },
    { params: { id: fixture.ownId }, expect: 404 },
    { params: { id: "abc" }, expect: 404 },
  ],
  requestViewing: [
    { body: viewing(fixture.listedId), expect: 201 },
    { body: { ...viewing(fixture.listedId), preferredTime: "08:00" }, expect: 400 },
    { body: viewing(fixture.ownId), expect: 404 },
  ],
  searchPostcodes: [
    { query: { query: "LE1" }, expect: 200 },
    { query: { query: "L" }, expect: 400 },
  ],
  getAddress: [
    { query: { id: fixture.listedPostcode }, expect: 200 },
    { query: { id: "ZZ99 9ZZ" }, expect: 404 },
    { expect: 400 },
  ],
  searchProperties: [
    { body: { postcode: "LE1", searchRadius: "40" }, expect: 200 },
    { body: {}, expect: 200 },
    { body: { bogus: true }, expect: 400 },
    { body: { postcode: "ZZ99" }, expect: 400 },
    { body: { area: "_m``I~jiF?_jZ_sN??~iZ" }, expect: 200 }, // a drawn area around central Leicester
    { body: { area: "_m``I~jiF" }, expect: 400 },
  ],
  featuredProperties: [{ expect: 200 }],
  getProperty: [
    { params: { id: fixture.listedId }, expect: 200 },
    { params: { id: 99999999 }, expect: 404 },
  ],
  requestViewingFromSearch: [
    { body: viewing(fixture.listedId), expect: 201 },
    { body: {}, expect: 400 },
    { body: viewing(fixture.ownId), expect: 404 },
  ],
  listViewingRequests: [
    { as: "admin", expect: 200 },
    { as: "token", query: { propertyId: String(fixture.listedId) }, expect: 200 },
    { as: "admin", query: { propertyId: "abc" }, expect: 400 },
    { expect: 401 },
    { as: "vendor", expect: 403 },
  ],
  listSavedSearches: [{ as: "vendor", expect: 200 }, { as: "admin", expect: 200 }, { expect: 401 }],
  createSavedSearch: [
    { as: "vendor", body: savedSearchBody, expect: 201 },
    { as: "vendor", body: { ...savedSearchBody, name: "Renamed" }, expect: 200 },
    { as: "vendor", body: { ...savedSearchBody, filters: { postcode: "ZZ9" } }, expect: 400 },
    { as: "vendor", body: { ...savedSearchBody, frequency: "hourly" }, expect: 400 },
    { body: savedSearchBody, expect: 401 },
  ],
  getSavedSearch: [
    { as: "vendor", params: { id: fixture.savedSearchId }, expect: 200 },
    { as: "otherVendor", params: { id: fixture.savedSearchId }, expect: 404 },
    { as: "vendor", params: { id: "x" }, expect: 400 },
    { params: { id: fixture.savedSearchId }, expect: 401 },
  ],
  updateSavedSearch: [
    {
      as: "vendor",
      params: { id: fixture.savedSearchId },
      body: { ...savedSearchBody, frequency: "never" },
      expect: 200,
    },
    { as: "vendor", params: { id: fixture.savedSearchId }, body: { ...savedSearchBody, name: "" }, expect: 400 },
    { as: "otherVendor", params: { id: fixture.savedSearchId }, body: savedSearchBody, expect: 404 },
    { params: { id: fixture.savedSearchId }, body: savedSearchBody, expect: 401 },
  ],
  deleteSavedSearch: [
    { as: "otherVendor", params: { id: fixture.savedSearchId }, expect: 404 },
    { as: "vendor", params: { id: fixture.savedSearchId }, expect: 200 },
    { as: "vendor", params: { id: "x" }, expect: 400 },
    { params: { id: fixture.savedSearchId }, expect: 401 },
  ],
  listVendorBookings: [{ as: "vendor", expect: 200 }, { expect: 401 }, { as: "admin", expect: 403 }],
  createVendorBooking: [
    { as: "vendor", body: projectBody, expect: 201 },
    { as: "vendor", body: { price: "lots" }, expect: 400 },
    { body: projectBody, expect: 401 },
    { as: "token", body: projectBody, expect: 403 },
  ],
  getVendorBooking: [
    { as: "vendor", params: { id: fixture.ownId }, expect: 200 },
    { as: "otherVendor", params: { id: fixture.ownId }, expect: 404 },
    { params: { id: fixture.ownId }, expect: 401 },
    { as: "admin", params: { id: fixture.ownId }, expect: 403 },
  ],
  listSellerViewings: [
    { as: "vendor", params: { id: fixture.ownId }, expect: 200 },
    { as: "admin", params: { id: fixture.sellableId }, expect: 200 },
    { as: "otherVendor", params: { id: fixture.ownId }, expect: 404 },
    { as: "buyer", params: { id: fixture.ownId }, expect: 403 },
    { params: { id: fixture.ownId }, expect: 401 },
  ],
  decideSellerViewing: [
    {
      as: "admin",
      params: { id: fixture.sellableId, viewingId: fixture.viewingId },
      body: { action: "propose", date: addDays(londonToday(), 4), time: "14:30" },
      expect: 200,
    },
    {
      as: "admin",
      params: { id: fixture.sellableId, viewingId: fixture.viewingId },
      body: { action: "confirm" },
      expect: 409,
    },
    {
      as: "admin",
      params: { id: fixture.sellableId, viewingId: fixture.viewingId },
      body: { action: "propose", date: londonToday(), time: "14:30" },
      expect: 400,
    },
    {
      as: "vendor",
      params: { id: fixture.ownId, viewingId: fixture.viewingId },
      body: { action: "confirm" },
      expect: 404,
    },
    {
      as: "buyer",
      params: { id: fixture.ownId, viewingId: fixture.viewingId },
      body: { action: "confirm" },
      expect: 403,
    },
    { params: { id: fixture.ownId, viewingId: fixture.viewingId }, body: { action: "confirm" }, expect: 401 },
  ],
  recordViewingFeedback: [
    // The viewing is not confirmed (pending, or proposed by the call above).
    { as: "admin", params: { id: fixture.viewingId }, body: { attended: false, comment: "" }, expect: 409 },
    { as: "admin", params: { id: fixture.viewingId }, body: { attended: true }, expect: 400 },
    { as: "admin", params: { id: 999999 }, body: { attended: false }, expect: 404 },
    { as: "vendor", params: { id: fixture.viewingId }, body: { attended: false }, expect: 403 },
    { params: { id: fixture.viewingId }, body: { attended: false }, expect: 401 },
  ],
  getVendorContract: [
    { as: "vendor", params: { id: fixture.ownId }, expect: 200 },
    { as: "vendor", params: { id: fixture.toSignId }, expect: 200 },
    { as: "otherVendor", params: { id: fixture.ownId }, expect: 404 },
    { params: { id: fixture.ownId }, expect: 401 },
    { as: "admin", params: { id: fixture.ownId }, expect: 403 },
  ],
  signVendorContract: [
    { as: "otherVendor", params: { id: fixture.toSignId }, body: signing(fixture.toSignHash), expect: 404 },
    {
      as: "vendor",
      params: { id: fixture.toSignId },
      body: { ...signing(fixture.toSignHash), agree: false },
      expect: 400,
    },
    {
      as: "vendor",
      params: { id: fixture.toSignId },
      body: { ...signing(fixture.toSignHash), signature: "data:image/png;base64,aGVsbG8=" },
      expect: 400,
    },
    { as: "vendor", params: { id: fixture.toSignId }, body: signing("0".repeat(64)), expect: 409 },
    { as: "vendor", params: { id: fixture.toSignId }, body: signing(fixture.toSignHash), expect: 201 },
    { as: "vendor", params: { id: fixture.toSignId }, body: signing(fixture.toSignHash), expect: 409 },
    { params: { id: fixture.toSignId }, body: signing(fixture.toSignHash), expect: 401 },
    { as: "admin", params: { id: fixture.toSignId }, body: signing(fixture.toSignHash), expect: 403 },
  ],
  deleteVendorBooking: [
    { as: "otherVendor", params: { id: fixture.deletableId }, expect: 404 },
    { as: "vendor", params: { id: fixture.deletableId }, expect: 200 },
    { params: { id: fixture.deletableId }, expect: 401 },
    { as: "admin", params: { id: fixture.deletableId }, expect: 403 },
  ],
  createPaymentIntent: [
    { as: "vendor", body: { bookingId: fixture.ownId, currency: "gbp" }, expect: 200 },
    { as: "vendor", body: { bookingId: fixture.ownId, currency: "usd" }, expect: 400 },
    { as: "otherVendor", body: { bookingId: fixture.ownId }, expect: 404 },
    { as: "admin", body: { bookingId: fixture.ownId }, expect: 403 },
  ],
  confirmPayment: [
    { as: "vendor", body: { paymentIntentId: fixture.paymentIntentId }, expect: 409 },
    { body: { paymentIntentId: fixture.paymentIntentId, token: fixture.paymentToken }, expect: 409 },
    // An intent id alone shows nothing: the same 404 as an unknown one.
    { body: { paymentIntentId: fixture.paymentIntentId }, expect: 404 },
    { as: "otherVendor", body: { paymentIntentId: fixture.paymentIntentId }, expect: 404 },
    { body: { paymentIntentId: "pi_unknown" }, expect: 404 },
    { body: {}, expect: 400 },
  ],
  paymentHistory: [
    { as: "vendor", expect: 200 },
    { as: "token", expect: 200 },
    { as: "buyer", expect: 403 },
    { expect: 401 },
  ],
  listShortlist: [{ as: "buyer", expect: 200 }, { expect: 401 }],
  saveToShortlist: [
    { as: "buyer", params: { propertyId: fixture.listedId }, expect: 201 },
    { as: "buyer", params: { propertyId: fixture.listedId }, expect: 200 },
    { as: "buyer", params: { propertyId: fixture.ownId }, expect: 404 },
    { params: { propertyId: fixture.listedId }, expect: 401 },
  ],
  removeFromShortlist: [
    { as: "buyer", params: { propertyId: fixture.listedId }, expect: 204 },
    { as: "buyer", params: { propertyId: fixture.listedId }, expect: 404 },
    { params: { propertyId: fixture.listedId }, expect: 401 },
  ],
  bookingPaymentHistory: [
    { as: "vendor", params: { bookingId: fixture.ownId }, expect: 200 },
    { params: { bookingId: fixture.ownId }, query: { token: fixture.paymentToken }, expect: 200 },
    { params: { bookingId: fixture.ownId }, expect: 401 },
    { as: "otherVendor", params: { bookingId: fixture.ownId }, expect: 404 },
  ],
  // The e2e server runs the payment sandbox, so Stripe's webhook is not configured.
  stripeWebhook: [{ body: { id: "evt_1", type: "payment_intent.succeeded" }, expect: 404 }],
  openApiDocument: [{ expect: 200 }],
  listAdminProjects: [
    { as: "admin", expect: 200 },
    { as: "token", query: { q: "Contract Row", page: "1", pageSize: "5" }, expect: 200 },
    { as: "admin", query: { pageSize: "0" }, expect: 400 },
    { expect: 401 },
    { as: "vendor", expect: 403 },
  ],
  createAdminProject: [
    { as: "admin", body: adminProjectBody, expect: 201 },
    {
      as: "token",
      body: { ...adminProjectBody, vendor_email: fixture.vendorEmail, key_features: ["Garden"], parking: true },
      expect: 201,
    },
    { as: "admin", body: { ...adminProjectBody, vendor_email: "not an email" }, expect: 400 },
    { body: adminProjectBody, expect: 401 },
    { as: "vendor", body: adminProjectBody, expect: 403 },
  ],
  getAdminProject: [
    { as: "admin", params: { id: fixture.adminProjectId }, expect: 200 },
    { as: "admin", params: { id: 99999999 }, expect: 404 },
    { as: "admin", params: { id: "abc" }, expect: 404 },
    { params: { id: fixture.adminProjectId }, expect: 401 },
    { as: "vendor", params: { id: fixture.adminProjectId }, expect: 403 },
  ],
  updateAdminProject: [
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      body: { ...projectBody, epc_rating: "C", receptions: 1, heating: "Gas central heating" },
      expect: 200,
    },
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      body: { ...projectBody, virtual_tour_url: "not a link" },
      expect: 400,
    },
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      body: { ...projectBody, send_to_portals: true },
      expect: 200,
    },
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      body: { ...projectBody, send_to_portals: "yes" },
      expect: 400,
    },
    { as: "admin", params: { id: 99999999 }, body: projectBody, expect: 404 },
    { params: { id: fixture.adminProjectId }, body: projectBody, expect: 401 },
    { as: "vendor", params: { id: fixture.adminProjectId }, body: projectBody, expect: 403 },
  ],
  deleteAdminProject: [
    { params: { id: fixture.adminDeletableId }, expect: 401 },
    { as: "vendor", params: { id: fixture.adminDeletableId }, expect: 403 },
    { as: "admin", params: { id: fixture.adminDeletableId }, expect: 200 },
    { as: "admin", params: { id: fixture.adminDeletableId }, expect: 404 },
    { as: "admin", params: { id: fixture.paidId }, expect: 409 },
  ],
  markProjectCompleted: [
    { params: { id: fixture.listableId }, expect: 401 },
    { as: "vendor", params: { id: fixture.listableId }, expect: 403 },
    { as: "token", params: { id: fixture.listableId }, expect: 200 },
    { as: "admin", params: { id: fixture.listableId }, expect: 409 },
    { as: "admin", params: { id: 99999999 }, expect: 404 },
  ],
  markProjectSold: [
    { params: { id: fixture.sellableId }, expect: 401 },
    { as: "vendor", params: { id: fixture.sellableId }, expect: 403 },
    { as: "admin", params: { id: fixture.sellableId }, expect: 200 },
    { as: "admin", params: { id: fixture.sellableId }, expect: 409 },
    { as: "admin", params: { id: fixture.adminProjectId }, expect: 409 },
    { as: "admin", params: { id: 99999999 }, expect: 404 },
  ],
  // Sales progression: no offer can be accepted over HTTP in this fixture, so no home has a sale in progress
  // (the integration tests in tests/integration/sales-progression.test.ts cover the saves).
  getProgression: [
    { as: "admin", params: { id: fixture.adminProjectId }, expect: 200 },
    { as: "admin", params: { id: 99999999 }, expect: 404 },
    { as: "admin", params: { id: "abc" }, expect: 400 },
    { params: { id: fixture.adminProjectId }, expect: 401 },
    { as: "vendor", params: { id: fixture.adminProjectId }, expect: 403 },
  ],
  getProjectChecks: [
    { as: "admin", params: { id: fixture.adminProjectId }, expect: 200 },
    { as: "token", params: { id: fixture.adminProjectId }, expect: 200 },
    { as: "admin", params: { id: 99999999 }, expect: 404 },
    { params: { id: fixture.adminProjectId }, expect: 401 },
    { as: "vendor", params: { id: fixture.adminProjectId }, expect: 403 },
  ],
  addSellerCheck: [
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      body: { fullName: "Jo Joint", email: "jo.joint@example.com", capacity: "joint owner" },
      expect: 201,
    },
    { as: "admin", params: { id: fixture.adminProjectId }, body: { fullName: "J" }, expect: 400 },
    { as: "admin", params: { id: 99999999 }, body: { fullName: "Jo Joint", capacity: "owner" }, expect: 404 },
    { params: { id: fixture.adminProjectId }, body: { fullName: "Jo Joint", capacity: "owner" }, expect: 401 },
    {
      as: "vendor",
      params: { id: fixture.adminProjectId },
      body: { fullName: "Jo Joint", capacity: "owner" },
      expect: 403,
    },
  ],
  getCheck: [
    { as: "admin", params: { id: fixture.checkId }, expect: 200 },
    { as: "admin", params: { id: 99999999 }, expect: 404 },
    { params: { id: fixture.checkId }, expect: 401 },
    { as: "vendor", params: { id: fixture.checkId }, expect: 403 },
  ],
  updateCheck: [
    {
      as: "admin",
      params: { id: fixture.checkId },
      body: {
        action: "record",
        identityVerified: false,
        addressVerified: false,
        evidence: "The passport shown had expired.",
        outcome: "fail",
      },
      expect: 200,
    },
    // Decided: a new check is needed to check again.
    {
      as: "admin",
      params: { id: fixture.checkId },
      body: { action: "decide", decision: "not_a_match", note: "Nothing to decide here." },
      expect: 409,
    },
    { as: "admin", params: { id: fixture.checkId }, body: { action: "record" }, expect: 400 },
    {
      as: "admin",
      params: { id: 99999999 },
      body: { action: "decide", decision: "not_a_match", note: "Not the same person." },
      expect: 404,
    },
    { params: { id: fixture.checkId }, body: { action: "record" }, expect: 401 },
    { as: "vendor", params: { id: fixture.checkId }, body: { action: "record" }, expect: 403 },
  ],
  listMyChecks: [{ as: "vendor", expect: 200 }, { as: "buyer", expect: 200 }, { expect: 401 }],
  updateProgression: [
    { as: "admin", params: { id: fixture.adminProjectId }, body: { subjectTo: "Survey" }, expect: 404 },
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      body: { milestones: [{ key: "survey", date: null }] },
      expect: 400,
    },
    { params: { id: fixture.adminProjectId }, body: { subjectTo: "Survey" }, expect: 401 },
    { as: "vendor", params: { id: fixture.adminProjectId }, body: { subjectTo: "Survey" }, expect: 403 },
  ],
  getPaymentLink: [
    { as: "admin", params: { id: fixture.adminProjectId }, expect: 200 },
    { as: "admin", params: { id: 99999999 }, expect: 404 },
    { params: { id: fixture.adminProjectId }, expect: 401 },
    { as: "vendor", params: { id: fixture.adminProjectId }, expect: 403 },
  ],
  revokePaymentLinks: [
    { as: "admin", params: { id: fixture.adminProjectId }, expect: 200 },
    { as: "token", params: { id: fixture.adminProjectId }, expect: 200 },
    { as: "admin", params: { id: "abc" }, expect: 404 },
    { params: { id: fixture.adminProjectId }, expect: 401 },
    { as: "vendor", params: { id: fixture.adminProjectId }, expect: 403 },
  ],
  uploadProjectMedia: [
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      query: { section: "floorplans" },
      multipart: { files: photo },
      expect: 201,
    },
    {
      as: "token",
      params: { id: fixture.adminProjectId },
      multipart: { section: "images", files: photo },
      expect: 201,
    },
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      query: { section: "documents" },
      multipart: { documentType: "EPC" },
      expect: 400,
    },
    // Without a section anywhere, photos.
    { as: "admin", params: { id: fixture.adminProjectId }, multipart: { files: photo }, expect: 201 },
    { as: "admin", params: { id: fixture.adminProjectId }, multipart: { section: "attic", files: photo }, expect: 400 },
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      query: { section: "images" },
      multipart: { files: { ...photo, buffer: Buffer.from("not a photo") } },
      expect: 415,
    },
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      query: { section: "images" },
      body: { files: [] },
      expect: 415,
    },
    { as: "admin", params: { id: 99999999 }, query: { section: "images" }, multipart: { files: photo }, expect: 404 },
    { params: { id: fixture.adminProjectId }, query: { section: "images" }, multipart: { files: photo }, expect: 401 },
    {
      as: "vendor",
      params: { id: fixture.adminProjectId },
      query: { section: "images" },
      multipart: { files: photo },
      expect: 403,
    },
    // Last: the server stops reading at the limit and closes the connection.
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      query: { section: "images" },
      multipart: { files: { ...photo, buffer: Buffer.concat([JPEG_START, Buffer.alloc(16 * 1024 * 1024)]) } },
      expect: 413,
    },
  ],
  deleteProjectFiles: [
    { as: "admin", params: { id: fixture.adminProjectId }, query: { section: "floorplans" }, expect: 200 },
    { as: "admin", params: { id: fixture.adminProjectId }, expect: 400 },
    { as: "admin", params: { id: fixture.adminProjectId }, query: { section: "images", fileId: "first" }, expect: 400 },
    {
      as: "admin",
      params: { id: fixture.adminProjectId },
      query: { section: "images", fileId: "99999999" },
      expect: 404,
    },
    { as: "admin", params: { id: 99999999 }, query: { section: "images" }, expect: 404 },
    { params: { id: fixture.adminProjectId }, query: { section: "images" }, expect: 401 },
    { as: "vendor", params: { id: fixture.adminProjectId }, query: { section: "images" }, expect: 403 },
  ],
  listJobs: [
    { as: "admin", expect: 200 },
    { as: "token", query: { state: "completed", page: "1", pageSize: "5" }, expect: 200 },
    { as: "admin", query: { state: "stuck" }, expect: 400 },
    { expect: 401 },
    { as: "vendor", expect: 403 },
  ],
  retryJob: [
    { as: "admin", params: { id: fixture.doneJobId }, expect: 409 },
    { as: "token", params: { id: "00000000-0000-4000-8000-000000000000" }, expect: 404 },
    { params: { id: fixture.doneJobId }, expect: 401 },
    { as: "vendor", params: { id: fixture.doneJobId }, expect: 403 },
  ],
  downloadRightmoveBlm: [
    { as: "admin", expect: 200 },
    { as: "token", expect: 200 },
    { expect: 401 },
    { as: "vendor", expect: 403 },
    { as: "buyer", expect: 403 },
  ],
  cancelJob: [
    { as: "admin", params: { id: fixture.doneJobId }, expect: 409 },
    { as: "admin", params: { id: "not-a-job" }, expect: 404 },
    { params: { id: fixture.doneJobId }, expect: 401 },
  ],
  listPortalHomes: [
    { as: "admin", expect: 200 },
    { as: "token", query: { problems: "1", page: "1", pageSize: "5" }, expect: 200 },
    { as: "admin", query: { problems: "yes" }, expect: 400 },
    { expect: 401 },
    { as: "vendor", expect: 403 },
  ],
  getPortalHistory: [
    { as: "admin", params: { projectId: fixture.listedId }, expect: 200 },
    { as: "token", params: { projectId: fixture.adminProjectId }, query: { pageSize: "5" }, expect: 200 },
    { as: "admin", params: { projectId: fixture.listedId }, query: { page: "0" }, expect: 400 },
    { as: "admin", params: { projectId: 99999999 }, expect: 404 },
    { params: { projectId: fixture.listedId }, expect: 401 },
    { as: "vendor", params: { projectId: fixture.listedId }, expect: 403 },
  ],
  resendToPortals: [
    { as: "admin", params: { projectId: fixture.listedId }, expect: 202 },
    // Not listed yet: nothing to send.
    { as: "token", params: { projectId: fixture.adminProjectId }, expect: 409 },
    { as: "admin", params: { projectId: 99999999 }, expect: 404 },
    { params: { projectId: fixture.listedId }, expect: 401 },
    { as: "vendor", params: { projectId: fixture.listedId }, expect: 403 },
  ],
  makeOffer: [
    {
      as: "buyer",
      params: { id: fixture.secondOfferHomeId },
      body: { amount: 240000, position: "cash", mortgageInPrinciple: false },
      expect: 201,
    },
    // One open offer per buyer and home.
    {
      as: "buyer",
      params: { id: fixture.secondOfferHomeId },
      body: { amount: 245000, position: "cash", mortgageInPrinciple: false },
      expect: 409,
    },
    { as: "buyer", params: { id: fixture.secondOfferHomeId }, body: { amount: 999 }, expect: 400 },
    {
      as: "buyer",
      params: { id: 99999999 },
      body: { amount: 240000, position: "cash", mortgageInPrinciple: false },
      expect: 404,
    },
    {
      as: "vendor",
      params: { id: fixture.secondOfferHomeId },
      body: { amount: 240000, position: "cash", mortgageInPrinciple: false },
      expect: 403,
    },
    { params: { id: fixture.secondOfferHomeId }, body: {}, expect: 401 },
  ],
  addProofOfFunds: [
    { as: "buyer", params: { id: fixture.offerId }, multipart: { file: proofPdf }, expect: 200 },
    {
      as: "buyer",
      params: { id: fixture.offerId },
      multipart: {
        file: { name: "statement.pdf", mimeType: "application/pdf", buffer: Buffer.from("<!doctype html><p>hi") },
      },
      expect: 415,
    },
    { as: "buyer", params: { id: fixture.offerId }, multipart: { note: "no file" }, expect: 400 },
    { as: "buyer", params: { id: 99999999 }, multipart: { file: proofPdf }, expect: 404 },
    { as: "vendor", params: { id: fixture.offerId }, multipart: { file: proofPdf }, expect: 403 },
    { params: { id: fixture.offerId }, multipart: { file: proofPdf }, expect: 401 },
  ],
  listMyOffers: [{ as: "buyer", expect: 200 }, { as: "vendor", expect: 403 }, { expect: 401 }],
  moveMyOffer: [
    { as: "buyer", params: { id: fixture.offerId }, body: { action: "raise", amount: 260000 }, expect: 200 },
    // Nothing to accept: the seller has not countered.
    { as: "buyer", params: { id: fixture.offerId }, body: { action: "accept" }, expect: 409 },
    { as: "buyer", params: { id: fixture.offerId }, body: { action: "raise" }, expect: 400 },
    { as: "buyer", params: { id: 99999999 }, body: { action: "withdraw" }, expect: 404 },
    { as: "vendor", params: { id: fixture.offerId }, body: { action: "withdraw" }, expect: 403 },
    { params: { id: fixture.offerId }, body: { action: "withdraw" }, expect: 401 },
  ],
  getListingApproval: [
    { as: "vendor", params: { id: fixture.ownId }, expect: 200 },
    { as: "admin", params: { id: fixture.ownId }, expect: 200 },
    { as: "vendor", params: { id: 99999999 }, expect: 404 },
    { as: "buyer", params: { id: fixture.ownId }, expect: 403 },
    { params: { id: fixture.ownId }, expect: 401 },
  ],
  reviewListing: [
    // Not asked for yet, or a listing other than the one now: refused either way.
    {
      as: "vendor",
      params: { id: fixture.ownId },
      body: { decision: "approve", fingerprint: "0".repeat(64) },
      expect: 409,
    },
    {
      as: "vendor",
      params: { id: fixture.ownId },
      body: { decision: "request-changes", fingerprint: "0".repeat(64), changes: [] },
      expect: 400,
    },
    {
      as: "admin",
      params: { id: fixture.ownId },
      body: { decision: "approve", fingerprint: "0".repeat(64) },
      expect: 403,
    },
    { params: { id: fixture.ownId }, body: { decision: "approve", fingerprint: "0".repeat(64) }, expect: 401 },
  ],
  requestListingApproval: [
    { as: "admin", params: { id: fixture.ownId }, expect: 200 },
    { as: "admin", params: { id: 99999999 }, expect: 404 },
    { as: "vendor", params: { id: fixture.ownId }, expect: 403 },
    { params: { id: fixture.ownId }, expect: 401 },
  ],
  listComplaints: [{ as: "admin", expect: 200 }, { as: "vendor", expect: 403 }, { expect: 401 }],
  recordComplaint: [
    {
      as: "admin",
      body: { name: "Cal Complainer", email: "cal@example.com", details: "Nobody called back." },
      expect: 201,
    },
    { as: "admin", body: { name: "", email: "cal@example.com", details: "Nobody called back." }, expect: 400 },
    {
      as: "admin",
      body: { name: "Cal", email: "cal@example.com", details: "About a home.", project_id: 99999999 },
      expect: 422,
    },
    { as: "vendor", body: { name: "Cal", email: "cal@example.com", details: "Hello" }, expect: 403 },
  ],
  recordFinalResponse: [
    { as: "admin", params: { id: 99999999 }, body: { final_response: "Sorry." }, expect: 404 },
    { as: "admin", params: { id: 99999999 }, body: { final_response: "" }, expect: 400 },
    { as: "vendor", params: { id: 99999999 }, body: { final_response: "Sorry." }, expect: 403 },
  ],
  listHomeOffers: [
    { as: "admin", params: { id: fixture.offerHomeId }, expect: 200 },
    { as: "vendor", params: { id: fixture.offerHomeId }, expect: 404 },
    { as: "buyer", params: { id: fixture.offerHomeId }, expect: 403 },
    { params: { id: fixture.offerHomeId }, expect: 401 },
  ],
  answerOffer: [
    {
      as: "admin",
      params: { id: fixture.offerHomeId, offerId: fixture.offerId },
      body: { action: "counter", amount: 280000 },
      expect: 200,
    },
    // Countered: waiting for the buyer now.
    {
      as: "admin",
      params: { id: fixture.offerHomeId, offerId: fixture.offerId },
      body: { action: "accept" },
      expect: 409,
    },
    {
      as: "admin",
      params: { id: fixture.offerHomeId, offerId: fixture.offerId },
      body: { action: "nope" },
      expect: 400,
    },
    { as: "admin", params: { id: fixture.offerHomeId, offerId: 99999999 }, body: { action: "accept" }, expect: 404 },
    {
      as: "vendor",
      params: { id: fixture.offerHomeId, offerId: fixture.offerId },
      body: { action: "accept" },
      expect: 404,
    },
    {
      as: "buyer",
      params: { id: fixture.offerHomeId, offerId: fixture.offerId },
      body: { action: "accept" },
      expect: 403,
    },
    { params: { id: fixture.offerHomeId, offerId: fixture.offerId }, body: { action: "accept" }, expect: 401 },
  ],
  editProjectImage: [
    {
      as: "admin",
      params: { id: fixture.adminProjectId, imageId: fixture.imageId },
      body: { altText: "The front of the house" },
      expect: 200,
    },
    {
      as: "token",
      params: { id: fixture.adminProjectId, imageId: fixture.imageId },
      body: { direction: "down" },
      expect: 200,
    },
    {
      as: "admin",
      params: { id: fixture.adminProjectId, imageId: fixture.imageId },
      body: { altText: "" },
      expect: 400,
    },
    {
      as: "admin",
      params: { id: fixture.adminProjectId, imageId: 99999999 },
      body: { altText: "Kitchen" },
      expect: 404,
    },
    { params: { id: fixture.adminProjectId, imageId: fixture.imageId }, body: { altText: "Kitchen" }, expect: 401 },
    {
      as: "vendor",
      params: { id: fixture.adminProjectId, imageId: fixture.imageId },
      body: { altText: "Kitchen" },
      expect: 403,
    },
  ],
});

function urlOf(path: string, call: Pick<Call, "params" | "query">) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(call.params?.[name] ?? "")));
  const query = call.query ? `?${new URLSearchParams(call.query)}` : "";
  return `/api/v1${filled}${query}`;
}

/** Checks one answer against the operation's documented responses; returns what is wrong. */
async function check(label: string, operation: Operation, response: APIResponse, expected: number) {
  const problems: string[] = [];
  const status = response.status();
  if (status !== expected)
    problems.push(`${label}: expected ${expected}, got ${status}: ${(await response.text()).slice(0, 200)}`);
  const documented = operation.responses[String(status)];
  if (!documented) return [...problems, `${label}: status ${status} is not documented`];
  // 204 No Content has no body to be JSON.
  if (status === 204 && (await response.body()).length > 0) problems.push(`${label}: 204 with a body`);
  // A documented file (e.g. application/zip) instead of JSON: its content type is checked, not its body.
  const file = Object.keys(documented.content ?? {}).find((type) => type !== "application/json");
  if (file) {
    if (!response.headers()["content-type"]?.startsWith(file))
      problems.push(`${label}: not ${file} (${response.headers()["content-type"]})`);
    return problems;
  }
  if (status !== 204 && !response.headers()["content-type"]?.startsWith("application/json"))
    problems.push(`${label}: not JSON (${response.headers()["content-type"]})`);
  const schema = documented.content?.["application/json"]?.schema;
  if (schema) problems.push(...validate(await response.json(), schema, document).map((e) => `${label}: ${e}`));
  if (status === 429 && !response.headers()["retry-after"]) problems.push(`${label}: 429 without Retry-After`);
  return problems;
}

test("every /api/v1 route is documented, and every documented path has a route", () => {
  const routed = apiRoutes().sort();
  const documented = Object.keys(document.paths).sort();
  expect(
    routed.filter((p) => !documented.includes(p)),
    "routes in app/routes.ts without an operation in the OpenAPI document",
  ).toEqual([]);
  expect(
    documented.filter((p) => !routed.includes(p)),
    "documented paths without a route",
  ).toEqual([]);
});

test("every operation answers its documented statuses with bodies that match the document", async () => {
  test.setTimeout(180_000);
  const table = calls();
  const problems: string[] = [];
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, operation: item[method]! })),
  );
  expect(
    operations.map((o) => o.operation.operationId).filter((id) => !table[id]),
    "operations without requests in this test",
  ).toEqual([]);
  expect(
    Object.keys(table).filter((id) => !operations.some((o) => o.operation.operationId === id)),
    "requests for operations that are not documented",
  ).toEqual([]);
  for (const { path, method, operation } of operations) {
    const requestSchema = operation.requestBody?.content["application/json"];
    if (requestSchema?.example !== undefined)
      problems.push(
        ...validate(requestSchema.example, requestSchema.schema, document).map(
          (e) => `example of ${operation.operationId}: ${e}`,
        ),
      );
    for (const call of table[operation.operationId]!) {
      const url = urlOf(path, call);
      // What the server accepts, the document must accept too.
      if (requestSchema && call.expect < 300)
        problems.push(
          ...validate(call.body, requestSchema.schema, document).map(
            (e) => `request to ${operation.operationId}: ${e}`,
          ),
        );
      const response = await clients[call.as ?? "anonymous"].fetch(url, {
        method: method.toUpperCase(),
        data: call.body,
        multipart: call.multipart,
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      problems.push(
        ...(await check(
          `${method.toUpperCase()} ${url} as ${call.as ?? "anonymous"}`,
          operation,
          response,
          call.expect,
        )),
      );
    }
  }
  expect(problems).toEqual([]);
});

test("a wrong method gets 405 with Allow listing the documented methods", async () => {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const allowed = METHODS.filter((m) => item[m]).map((m) => m.toUpperCase());
    const wrong = allowed.includes("GET") ? "PATCH" : "GET";
    const response = await clients.anonymous.fetch(
      urlOf(path, {
        params: { id: 1, bookingId: 1, imageId: 1, propertyId: 1, viewingId: 1, offerId: 1, projectId: 1 },
      }),
      {
        method: wrong,
        failOnStatusCode: false,
      },
    );
    const allow = (response.headers()["allow"] ?? "").split(/,\s*/).sort();
    if (response.status() !== 405 || allow.join() !== [...allowed].sort().join())
      problems.push(`${wrong} ${path}: ${response.status()} Allow: ${allow.join(", ")}`);
    if (!response.headers()["content-type"]?.startsWith("application/json"))
      problems.push(`${wrong} ${path}: not JSON`);
  }
  expect(problems).toEqual([]);
});

test("every JSON body is refused cleanly when malformed (400), not JSON (415) or too large (413)", async () => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const who = {
    vendor: "vendor",
    admin: "admin",
    buyer: "buyer",
    "signed-in": "vendor",
    "vendor-or-admin": "vendor",
    "owner-or-link": "vendor",
    public: "anonymous",
  } as const;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method] as
        (Operation & { "x-access": keyof typeof who; "x-max-body-bytes"?: number }) | undefined;
      if (!op?.requestBody?.content["application/json"] || op.operationId === "stripeWebhook") continue;
      const client = clients[who[op["x-access"]]];
      const url = urlOf(path, { params: { id: 1, imageId: 1, viewingId: 1, offerId: 1 } });
      const send = (data: string, type: string) =>
        client.fetch(url, {
          method: method.toUpperCase(),
          data,
          headers: { "Content-Type": type },
          failOnStatusCode: false,
        });
      problems.push(...(await check(`malformed ${url}`, op, await send('{"email": ', "application/json"), 400)));
      problems.push(...(await check(`text/plain ${url}`, op, await send("hello", "text/plain"), 415)));
      const overLimit = (op["x-max-body-bytes"] ?? 64 * 1024) + 6 * 1024;
      problems.push(
        ...(await check(
          `${overLimit} bytes ${url}`,
          op,
          await send(JSON.stringify({ message: "x".repeat(overLimit) }), "application/json"),
          413,
        )),
      );
    }
  }
  expect(problems).toEqual([]);
});

test("unknown /api/v1 paths answer a JSON 404, for any method", async () => {
  for (const method of ["GET", "POST", "DELETE"]) {
    const response = await clients.anonymous.fetch("/api/v1/no-such-thing/42", { method, failOnStatusCode: false });
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(((await response.json()) as { message: string }).message).toContain("/api/v1/no-such-thing/42");
  }
});

test.describe("API tokens", () => {
  test("act as their owner with the owner's role; unknown and revoked ones get 401", async ({ baseURL }) => {
    expect(await (await clients.token.get("/api/v1/auth/me")).json()).toMatchObject({
      email: DEMO_ADMIN.email,
      userType: "admin",
    });
    const forged = await apiContext(baseURL!, { Authorization: "Bearer mw_not-a-real-token" });
    const refused = await forged.get("/api/v1/auth/me");
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(/token/i);
    await forged.dispose();

    const short = await createToken(clients.admin, "Short-lived");
    const page = await (await clients.admin.get("/admin/api-tokens")).text();
    const id = new RegExp(`name="tokenId" value="(\\d+)"`).exec(page)?.[1];
    expect(id).toBeTruthy();
    const holder = await apiContext(baseURL!, { Authorization: `Bearer ${short}` });
    expect((await holder.get("/api/v1/auth/me")).status()).toBe(200);
    // The newest token is listed first; revoke it through the page.
    expect(
      (
        await clients.admin.post("/admin/api-tokens", { form: { intent: "revoke", tokenId: id! }, maxRedirects: 0 })
      ).status(),
    ).toBe(302);
    expect((await holder.get("/api/v1/auth/me")).status()).toBe(401);
    await holder.dispose();
  });

  test("bearer calls are exempt from the cross-site check; cookie calls are not", async () => {
    const crossSite = { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" };
    const byCookie = await clients.vendor.post("/api/v1/vendor/bookings", { data: projectBody, headers: crossSite });
    expect(byCookie.status()).toBe(403);
    expect(((await byCookie.json()) as { message: string }).message).toMatch(/another site/);
    const byToken = await clients.token.post("/api/v1/contact-us", {
      data: { first_name: "Tok", last_name: "En", email: "token@example.com", message: "Hi" },
      headers: crossSite,
    });
    expect(byToken.status()).toBe(201);
  });
});

test.describe("CORS (the e2e server allows https://partner.example)", () => {
  test("an allowed origin gets CORS headers and its preflights answered; others get none", async () => {
    const preflight = {
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, content-type",
    };
    const allowed = await clients.anonymous.fetch("/api/v1/properties/search", {
      method: "OPTIONS",
      headers: { Origin: "https://partner.example", ...preflight },
    });
    expect(allowed.status()).toBe(204);
    expect(allowed.headers()).toMatchObject({
      "access-control-allow-origin": "https://partner.example",
      "access-control-allow-headers": "Authorization, Content-Type",
    });
    expect(allowed.headers()["access-control-allow-methods"]).toContain("POST");
    expect(allowed.headers()["access-control-allow-credentials"]).toBeUndefined();

    const other = await clients.anonymous.fetch("/api/v1/properties/search", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", ...preflight },
      failOnStatusCode: false,
    });
    expect(other.status()).toBe(403);
    expect(other.headers()["access-control-allow-origin"]).toBeUndefined();

    const read = await clients.anonymous.get("/api/v1/properties/featured", {
      headers: { Origin: "https://partner.example" },
    });
    expect(read.headers()["access-control-allow-origin"]).toBe("https://partner.example");
    const sameOrigin = await clients.anonymous.get("/api/v1/properties/featured");
    expect(sameOrigin.headers()["access-control-allow-origin"]).toBeUndefined();
  });
});
