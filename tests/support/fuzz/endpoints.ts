// How to fuzz each route of app/routes.ts: one entry per route file, with its `action` and/or `loader`.
// tests/integration/fuzz-coverage.test.ts fails for a route (or an exported loader/action) missing here.
//
// Adding a route: copy the nearest entry. A target says
//   body:   "form" (urlencoded or multipart, like a <form>), "json" (an API body), "multipart" (a file upload:
//           small good and bad files, odd names and field names, plus broken multipart bodies) or "query"
//           (GET: the query string is fuzzed)
//   role:   who sends most of the cases ("anonymous", "vendor", "buyer", "admin"); some cases are sent as the others
//   sample: a VALID body/query (fields are then dropped, bent, replaced by junk, and unknown ones added)
//   params: valid route params (some cases get junk params instead)
//   query:  for a body target, a valid query string to fuzz as well (e.g. ?section=images)
//   writes: the tables the route may insert into or update (their rows are checked after every case)
//   runs:   cases per normal test run (default below); slow routes (password hashing, PDFs) get fewer
// or { skip: "why" } when there is truly nothing to send (say why).
import type { FuzzBody } from "./arbitraries";
import type { Fixtures } from "./fixtures";
import { VENDOR_PASSWORD } from "./fixtures";
import type { Table } from "./invariants";

export type Role = "anonymous" | "vendor" | "buyer" | "admin";

export type Target = {
  body: "form" | "json" | "multipart" | "query";
  method?: "POST" | "DELETE" | "PUT" | "PATCH";
  role: Role;
  sample?: (fx: Fixtures) => FuzzBody;
  params?: (fx: Fixtures) => Record<string, string>;
  query?: (fx: Fixtures) => FuzzBody;
  /** Extra cookies a real client would hold (e.g. the valuation flow's draft). */
  cookie?: (fx: Fixtures) => Promise<string>;
  writes?: Table[];
  runs?: number;
  /** The route ends the session it is sent with, so every case gets a fresh one. */
  freshSession?: boolean;
};
export type Skip = { skip: string };
export type RouteFuzz = { action?: Target | Skip; loader?: Target | Skip };

export const DEFAULT_RUNS = { action: 150, loader: 50 } as const;
/**
 * The full table (10,000+ cases) runs on PGlite; PostgreSQL runs the same targets with a quarter of the
 * cases each (at least 10), since it checks the same code against the other engine, not new inputs.
 */
export const ENGINE_SHARE = { pglite: 1, postgres: 0.25 } as const;
export type Engine = keyof typeof ENGINE_SHARE;
export const currentEngine = (): Engine => (process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite");
/** FUZZ_SCALE=10 runs ten times as many cases. */
export const FUZZ_SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1);

/** Requests that only read: their query string is fuzzed. */
const query = (role: Role, sample: Target["sample"] = () => ({}), more: Partial<Target> = {}): Target => ({
  body: "query",
  role,
  sample,
  ...more,
});
/** Endpoints that only answer 405 to this method: a few cases to prove it. */
const refused = (body: "form" | "json" = "json"): Target => ({
  body,
  role: "anonymous",
  sample: () => ({ a: 1 }),
  runs: 60,
});

const OFFER_TABLES: Table[] = ["offer", "offerEvent"];

/** The token of an emailed link, well formed (the fixtures hold none that works). */
const LINK_TOKEN = "x".repeat(43);
const person = { firstName: "Bob", lastName: "Buyer", email: "bob@example.com" };
const contactMessage = {
  first_name: "Bob",
  last_name: "Buyer",
  email: "bob@example.com",
  phone_number: "07700 900123",
  country: "UK",
  message: "Is it still for sale?",
};
const valuation = {
  ...person,
  contactNumber: "07700 900123",
  message: "Two beds, new kitchen.",
  marketingConsent: true,
};
const viewing = (fx: Fixtures) => ({
  ...person,
  phoneNumber: "07700 900123",
  preferredDate: fx.viewingDate,
  preferredTime: "10:30",
  message: "Morning please.",
});
const projectForm = {
  address: "12 Granby Street, Leicester",
  postcode: "LE1 6EJ",
  vendor_name: "Ann Seller",
  booking_date: "2026-12-01",
  price: "350000",
  property_type: "Detached",
  bedrooms: "3",
  bathrooms: "1",
  size_sqft: "950",
  tenure: "Freehold",
  key_features: "Garden\nParking",
  council_tax: "Band C",
  parking: "yes",
  garden: "no",
  accessibility: "no",
  map_location: "52.633900, -1.132800",
  description: "A bright family home.",
};
const projectJson = {
  ...projectForm,
  price: 350_000,
  bedrooms: 3,
  bathrooms: 1,
  size_sqft: 950,
  key_features: ["Garden", "Parking"],
  parking: true,
  garden: false,
  accessibility: false,
};
const savedSearchForm = { query: "postcode=LE1&radius=5&minBeds=2", name: "Near the centre", frequency: "daily" };
const savedSearchJson = {
  name: "Near the centre",
  filters: { postcode: "LE1", radius: "5", minBeds: 2, maxPrice: 400000 },
  frequency: "instant",
};
/** A drawn area around central Leicester (encoded polyline: app/modules/search/area.ts). */
const LEICESTER_AREA = "_m``I~jiF?_jZ_sN??~iZ";

const searchPage = {
  postcode: "LE1",
  radius: "5",
  type: "any",
  added: "any",
  minPrice: "100000",
  maxPrice: "500000",
  minBeds: "1",
  maxBeds: "4",
  sort: "price-desc",
  page: "1",
};
const pageQuery = { page: "1", pageSize: "25" };
/** A 1 × 1 PNG, as a drawn signature is sent. */
const TINY_PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const adminDetails = {
  ...projectForm,
  receptions: "2",
  epc_rating: "C",
  epc_potential: "B",
  virtual_tour_url: "https://example.com/tour",
  lease_years_remaining: "125",
  ground_rent_per_year: "250",
  service_charge_per_year: "1200",
};
const adminDetailsJson = {
  ...projectJson,
  receptions: 2,
  epc_rating: "C",
  virtual_tour_url: "https://example.com/tour",
  ground_rent_per_year: 250,
};
const MEDIA_TABLES: Table[] = ["projectImage", "floorPlan", "projectDocument"];
const listing = (fx: Fixtures) => ({ projectId: String(fx.listingId) });

export const FUZZ_TABLE: Record<string, RouteFuzz> = {
  // == Public site ==
  // Their loader is `noData` (a page without React needs one for loadAsDocument).
  "routes/home.tsx": { loader: query("anonymous", () => ({}), { runs: 15 }) },
  "routes/why-choose-us.tsx": { loader: query("anonymous", () => ({}), { runs: 15 }) },
  "routes/about.tsx": { loader: query("anonymous", () => ({}), { runs: 15 }) },
  "routes/privacy-policy.tsx": { loader: query("anonymous", () => ({}), { runs: 15 }) },
  "routes/contact-us.tsx": {
    action: { body: "form", role: "anonymous", sample: () => contactMessage, writes: ["contactMessage"] },
    loader: query("anonymous"),
  },
  "routes/valuation.tsx": {
    action: {
      body: "form",
      role: "anonymous",
      sample: () => ({
        intent: "details",
        ...valuation,
        marketingConsent: "on",
        valuationType: "instant",
        postcode: "LE1 6EJ",
      }),
      cookie: async () =>
        (await import("../../../app/modules/valuations/flow.server")).saveDraft({
          valuationType: "instant",
          postcode: "LE1 6EJ",
        }),
      writes: ["valuationRequest"],
    },
    loader: query("anonymous", () => ({ step: "details" })),
  },
  "routes/admin.valuations.tsx": { loader: query("admin", () => pageQuery) },
  "routes/admin.valuations.$id.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({ intent: "handled" }),
      params: (fx) => ({ id: String(fx.valuationId) }),
      writes: ["valuationRequest"],
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.valuationId) }) }),
  },
  "routes/admin.messages.tsx": { loader: query("admin", () => pageQuery) },
  "routes/admin.messages.$id.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({ intent: "handled" }),
      params: (fx) => ({ id: String(fx.contactMessageId) }),
      writes: ["contactMessage"],
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.contactMessageId) }) }),
  },

  // == Listings and viewings ==
  "routes/view-properties.tsx": { loader: query("anonymous", () => ({ q: "Leicester", sort: "price-desc" })) },
  "routes/view-properties.$projectId.tsx": {
    loader: query("anonymous", () => ({ back: "/property-search?postcode=LE1" }), { params: listing }),
  },
  "routes/view-properties.$projectId.request-viewing.tsx": {
    action: {
      body: "form",
      role: "anonymous",
      sample: (fx) => ({ ...viewing(fx), website: "", source: "" }),
      params: listing,
      query: () => ({ back: "/property-search?postcode=LE1" }),
      writes: ["viewingRequest"],
    },
    loader: query("anonymous", () => ({ back: "/property-search?postcode=LE1" }), { params: listing }),
  },
  "routes/admin.viewings.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: (fx) => ({ decision: "confirmed", id: String(fx.viewingId) }),
      writes: ["viewingRequest"],
    },
    loader: query("admin", (fx) => ({ propertyId: String(fx.listingId), status: "pending", page: "1" })),
  },
  // Viewings for the seller (issue 24): an admin acts for the seller of any home.
  "routes/view-a-property.$projectId.viewings.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: (fx) => ({ id: String(fx.viewingId), action: "propose", date: fx.viewingDate, time: "14:30" }),
      params: listing,
      writes: ["viewingRequest"],
    },
    loader: query("admin", () => ({}), { params: listing }),
  },
  "routes/admin.viewings.$id.feedback.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({ attended: "yes", interest: "unsure", comment: "Liked it.", position: "cash" }),
      params: (fx) => ({ id: String(fx.viewingId) }),
      runs: 100,
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.viewingId) }), runs: 30 }),
  },
  "routes/admin.calendar.tsx": { loader: query("admin", (fx) => ({ week: fx.viewingDate })) },
  "routes/viewings.$id.respond.tsx": {
    action: {
      body: "form",
      role: "anonymous",
      sample: () => ({}),
      params: (fx) => ({ id: String(fx.viewingId) }),
      query: (fx) => ({ token: fx.viewingResponseToken }),
      writes: ["viewingRequest"],
      runs: 60,
    },
    loader: query("anonymous", (fx) => ({ token: fx.viewingResponseToken }), {
      params: (fx) => ({ id: String(fx.viewingId) }),
    }),
  },
  "routes/viewings.$id.feedback.tsx": {
    action: {
      body: "form",
      role: "anonymous",
      sample: () => ({ attended: "no", comment: "" }),
      params: (fx) => ({ id: String(fx.viewingId) }),
      query: (fx) => ({ token: fx.viewingFeedbackToken }),
      runs: 100,
    },
    loader: query("anonymous", (fx) => ({ token: fx.viewingFeedbackToken }), {
      params: (fx) => ({ id: String(fx.viewingId) }),
    }),
  },
  "routes/img.ts": {
    loader: query("anonymous", () => ({}), { params: () => ({ width: "640", "*": "images/missing.jpg" }), runs: 30 }),
  },
  "routes/sitemap.xml.ts": { loader: query("anonymous", () => ({}), { runs: 15 }) },
  "routes/robots.txt.ts": { loader: query("anonymous", () => ({}), { runs: 15 }) },

  // == Search and buyer tools ==
  "routes/property-search.tsx": { loader: query("anonymous", () => searchPage, { runs: 400 }) },
  "routes/calculators.tsx": {
    loader: query(
      "anonymous",
      () => ({ price: "350000", buyer: "first-time", mPrice: "350000", deposit: "35000", rate: "4.5", term: "25" }),
      { runs: 400 },
    ),
  },

  // == Accounts == (each valid-looking attempt hashes a password, so fewer cases)
  "routes/signup.tsx": {
    action: {
      body: "form",
      role: "anonymous",
      sample: () => ({
        fullName: "Nina New",
        email: "nina@example.com",
        phoneNumber: "07700 900123",
        password: VENDOR_PASSWORD,
        confirmPassword: VENDOR_PASSWORD,
        userType: "buyer",
        redirectTo: "/vendor-property-details",
      }),
      writes: ["user"],
      runs: 80,
    },
    loader: query("anonymous", () => ({ redirectTo: "/vendor-property-details" })),
  },
  "routes/login.tsx": {
    action: {
      body: "form",
      role: "anonymous",
      sample: (fx) => ({
        email: fx.vendor.email,
        password: VENDOR_PASSWORD,
        rememberMe: "on",
        redirectTo: "/vendor-propertylisting",
      }),
      writes: ["session"],
      runs: 80,
    },
    loader: query("anonymous", () => ({ redirectTo: "/vendor-propertylisting" })),
  },
  "routes/logout.tsx": {
    action: { body: "form", role: "vendor", sample: () => ({}), freshSession: true, runs: 60 },
    loader: query("vendor"),
  },
  "routes/verify-email.tsx": { loader: query("anonymous", () => ({ token: LINK_TOKEN }), { runs: 40 }) },
  "routes/forgot-password.tsx": {
    action: { body: "form", role: "anonymous", sample: (fx) => ({ email: fx.vendor.email }), runs: 60 },
    loader: query("anonymous"),
  },
  "routes/reset-password.tsx": {
    action: {
      body: "form",
      role: "anonymous",
      sample: () => ({ token: LINK_TOKEN, password: VENDOR_PASSWORD, confirmPassword: VENDOR_PASSWORD }),
      writes: ["user"],
      runs: 40,
    },
    loader: query("anonymous", () => ({ token: LINK_TOKEN })),
  },
  "routes/unlock-account.tsx": {
    action: { body: "form", role: "anonymous", sample: () => ({ token: LINK_TOKEN }), runs: 40 },
    loader: query("anonymous", () => ({ token: LINK_TOKEN })),
  },

  // == Vendor journey ==
  "routes/vendor-property-details.tsx": {
    action: { body: "form", role: "vendor", sample: () => projectForm, writes: ["project"], runs: 250 },
    loader: query("vendor"),
  },
  "routes/success.tsx": { loader: query("vendor") },
  "routes/sign-contract.tsx": {
    action: {
      body: "form",
      role: "vendor",
      sample: (fx) => ({
        signer_name: "Ann Seller",
        agree: "on",
        start_early: "no",
        contract_hash: fx.contractHash,
        signature: "",
      }),
      params: (fx) => ({ projectId: String(fx.toSignId) }),
      writes: ["project"],
    },
    loader: query("vendor", () => ({ view: "contract" }), { params: (fx) => ({ projectId: String(fx.toSignId) }) }),
  },
  "routes/sign-contract.pdf.ts": {
    loader: query("vendor", () => ({}), { params: (fx) => ({ projectId: String(fx.toSignId) }), runs: 15 }),
  },
  "routes/view-a-property.tsx": {
    loader: query("vendor", () => ({}), { params: (fx) => ({ projectId: String(fx.toSignId) }) }),
  },
  "routes/vendor-propertylisting.delete.tsx": {
    action: {
      body: "form",
      role: "vendor",
      sample: () => ({}),
      params: (fx) => ({ projectId: String(fx.toDeleteId) }),
      writes: ["project"],
      runs: 60,
    },
    loader: query("vendor", () => ({}), { params: (fx) => ({ projectId: String(fx.toDeleteId) }) }),
  },

  // == Payments ==
  "routes/payment.success.tsx": {
    loader: query("vendor", (fx) => ({ payment_intent: fx.paymentIntentId, session_id: "cs_test_1" })),
  },
  "routes/payment.failed.tsx": { loader: query("vendor", (fx) => ({ payment_intent: fx.paymentIntentId })) },
  "routes/payment.$projectId.tsx": {
    action: {
      body: "form",
      role: "vendor",
      sample: (fx) => ({
        intent: "pay",
        clientSecret: fx.clientSecret,
        cardNumber: "4000 0000 0000 0002",
        expiry: "12 / 34",
        cvc: "737",
        postcode: "LE2 6BF",
      }),
      params: (fx) => ({ projectId: String(fx.toPayId) }),
      writes: ["payment"],
    },
    loader: query("vendor", (fx) => ({ token: fx.paymentToken }), {
      params: (fx) => ({ projectId: String(fx.toPayId) }),
    }),
  },
  "routes/admin.payments.tsx": {
    action: { body: "form", role: "admin", sample: (fx) => ({ paymentId: String(fx.paymentId) }), writes: ["payment"] },
    loader: query("admin", () => pageQuery),
  },

  // == Admin back office ==
  "routes/admin-create-property.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({ ...projectForm, vendor_email: "ann@example.com" }),
      writes: ["project"],
      runs: 150,
    },
    loader: query("admin"),
  },
  "routes/admin-property-details.tsx": { loader: query("admin") },
  "routes/admin-property-details.$projectId.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({ intent: "details", ...adminDetails }),
      params: (fx) => ({ projectId: String(fx.toSignId) }),
      writes: ["project"],
      runs: 150,
    },
    loader: query("admin", () => ({ tab: "details" }), { params: (fx) => ({ projectId: String(fx.listingId) }) }),
  },
  "routes/admin-property-details.$projectId.media.tsx": {
    action: {
      body: "multipart",
      role: "admin",
      sample: (fx) => ({
        section: "images",
        documentType: "EPC",
        intent: "alt",
        imageId: String(fx.imageId),
        altText: "The front garden",
        direction: "up",
        fileId: String(fx.imageId),
      }),
      params: (fx) => ({ projectId: String(fx.listingId) }),
      query: () => ({ section: "images" }),
      writes: MEDIA_TABLES,
      runs: 150,
    },
    loader: query("admin", () => ({ section: "floorplans" }), {
      params: (fx) => ({ projectId: String(fx.listingId) }),
    }),
  },
  "routes/admin-propertylisting.delete.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({}),
      params: (fx) => ({ projectId: String(fx.toDeleteId) }),
      writes: ["project"],
      runs: 60,
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ projectId: String(fx.toDeleteId) }) }),
  },
  "routes/media.ts": { loader: query("anonymous", () => ({}), { params: (fx) => ({ "*": fx.imageKey }), runs: 40 }) },

  // == Dashboards ==
  "routes/admin-propertylisting.tsx": { loader: query("admin", () => ({ q: "Granby", status: "pending", page: "1" })) },
  "routes/vendor-propertylisting.tsx": { loader: query("vendor", () => ({ q: "Granby" })) },

  // == JSON API ==
  "routes/api.v1.auth.signup.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: () => ({
        fullName: "Nina New",
        email: "nina@example.com",
        phoneNumber: "07700 900123",
        password: VENDOR_PASSWORD,
        userType: "buyer",
      }),
      writes: ["user"],
      runs: 80,
    },
    loader: query("anonymous"),
  },
  "routes/api.v1.auth.signin.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: (fx) => ({ email: fx.vendor.email, password: VENDOR_PASSWORD, rememberMe: true }),
      writes: ["session"],
      runs: 80,
    },
    loader: query("anonymous"),
  },
  "routes/api.v1.auth.logout.ts": {
    action: { body: "json", role: "vendor", sample: () => ({}), freshSession: true, runs: 60 },
    loader: query("vendor"),
  },
  "routes/api.v1.auth.me.ts": { action: refused(), loader: query("vendor") },
  "routes/api.v1.auth.verify-email.ts": {
    action: { body: "json", role: "anonymous", sample: () => ({ token: LINK_TOKEN }), writes: ["user"], runs: 60 },
    loader: query("anonymous"),
  },
  "routes/api.v1.auth.resend-verification.ts": {
    action: { body: "json", role: "vendor", sample: () => ({}), runs: 30 },
    loader: query("vendor"),
  },
  "routes/api.v1.auth.forgot-password.ts": {
    action: { body: "json", role: "anonymous", sample: (fx) => ({ email: fx.vendor.email }), runs: 60 },
    loader: query("anonymous"),
  },
  "routes/api.v1.auth.reset-password.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: () => ({ token: LINK_TOKEN, password: VENDOR_PASSWORD }),
      writes: ["user"],
      runs: 40,
    },
    loader: query("anonymous"),
  },
  "routes/api.v1.auth.change-password.ts": {
    action: {
      body: "json",
      role: "vendor",
      sample: () => ({ currentPassword: VENDOR_PASSWORD, newPassword: VENDOR_PASSWORD }),
      writes: ["user", "session"],
      runs: 40,
    },
    loader: query("vendor"),
  },
  "routes/api.v1.contact-us.ts": {
    action: { body: "json", role: "anonymous", sample: () => contactMessage, writes: ["contactMessage"] },
    loader: query("anonymous"),
  },
  "routes/api.v1.valuation.request.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: () => ({ valuationType: "instant", purposeType: "sell", postcode: "LE1 6EJ", ...valuation }),
      writes: ["valuationRequest"],
    },
    loader: query("anonymous"),
  },
  "routes/api.v1.valuation.requests.ts": { action: refused(), loader: query("admin", () => pageQuery) },
  "routes/api.v1.valuation.request.$id.ts": {
    action: refused(),
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.valuationId) }) }),
  },
  "routes/api.v1.bookings.ts": {
    action: refused(),
    loader: query("anonymous", () => ({ q: "Leicester", sort: "price-desc" })),
  },
  "routes/api.v1.bookings.$id.ts": {
    action: refused(),
    loader: query("anonymous", () => ({}), { params: (fx) => ({ id: String(fx.listingId) }) }),
  },
  "routes/api.v1.viewings.request.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: (fx) => ({ propertyId: fx.listingId, ...viewing(fx) }),
      writes: ["viewingRequest"],
    },
    loader: query("anonymous"),
  },
  "routes/api.v1.address.search-postcode.ts": {
    action: refused(),
    loader: query("anonymous", () => ({ query: "LE1" }), { runs: 150 }),
  },
  "routes/api.v1.address.get-address.ts": {
    action: refused(),
    loader: query("anonymous", () => ({ id: "LE1 6EJ" }), { runs: 150 }),
  },
  "routes/api.v1.properties.search.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: () => ({
        postcode: "LE1",
        searchRadius: "5-miles",
        propertyTypes: ["houses"],
        priceMin: 100_000,
        priceMax: 500_000,
        bedroomsMin: 1,
        bedroomsMax: 4,
        addedToSite: "week",
        sort: "price-desc",
        page: 1,
        area: LEICESTER_AREA,
      }),
      runs: 400,
    },
    loader: query("anonymous"),
  },
  "routes/api.v1.properties.featured.ts": { action: refused(), loader: query("anonymous", () => ({}), { runs: 20 }) },
  "routes/api.v1.properties.viewing-request.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: (fx) => ({ bookingId: String(fx.listingId), ...viewing(fx), preferredTime: "10:30 AM" }),
      writes: ["viewingRequest"],
    },
    loader: query("anonymous"),
  },
  "routes/api.v1.properties.viewing-requests.ts": {
    action: refused(),
    loader: query("admin", (fx) => ({ propertyId: String(fx.listingId), page: "1" })),
  },
  "routes/api.v1.properties.$id.ts": {
    action: refused(),
    loader: query("anonymous", () => ({}), { params: (fx) => ({ id: String(fx.listingId) }) }),
  },
  "modules/saved-searches/api/saved-searches.ts": {
    action: { body: "json", role: "vendor", sample: () => savedSearchJson, writes: ["savedSearch"], runs: 150 },
    loader: query("vendor", () => ({}), { runs: 30 }),
  },
  "modules/saved-searches/api/saved-search.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "vendor",
      sample: () => savedSearchJson,
      params: (fx) => ({ id: String(fx.savedSearchId) }),
      writes: ["savedSearch"],
      runs: 150,
    },
    loader: query("vendor", () => ({}), { params: (fx) => ({ id: String(fx.savedSearchId) }), runs: 30 }),
  },
  "routes/api.v1.vendor.bookings.ts": {
    action: { body: "json", role: "vendor", sample: () => projectJson, writes: ["project"], runs: 250 },
    loader: query("vendor"),
  },
  "routes/api.v1.vendor.bookings.$id.ts": {
    action: {
      body: "json",
      method: "DELETE",
      role: "vendor",
      sample: () => ({}),
      params: (fx) => ({ id: String(fx.toDeleteId) }),
      writes: ["project"],
      runs: 60,
    },
    loader: query("vendor", () => ({}), { params: (fx) => ({ id: String(fx.toSignId) }) }),
  },
  "routes/api.v1.vendor.bookings.$id.viewings.ts": {
    action: refused(),
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.listingId) }) }),
  },
  "routes/api.v1.vendor.bookings.$id.viewings.$viewingId.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "admin",
      sample: (fx) => ({ action: "propose", date: fx.viewingDate, time: "11:00" }),
      params: (fx) => ({ id: String(fx.listingId), viewingId: String(fx.viewingId) }),
      writes: ["viewingRequest"],
    },
    loader: query("anonymous", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.admin.viewings.$id.feedback.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "admin",
      sample: () => ({ attended: true, interest: "interested", comment: "Keen.", position: "first-time-buyer" }),
      params: (fx) => ({ id: String(fx.viewingId) }),
      runs: 100,
    },
    loader: query("anonymous", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.vendor.bookings.$id.contract.ts": {
    action: {
      body: "json",
      role: "vendor",
      sample: (fx) => ({
        signer_name: "Ann Seller",
        agree: true,
        start_early: false,
        contract_hash: fx.contractHash,
        signature: TINY_PNG_DATA_URL,
      }),
      params: (fx) => ({ id: String(fx.toSignId) }),
      writes: ["project"],
      runs: 100,
    },
    loader: query("vendor", () => ({}), { params: (fx) => ({ id: String(fx.toSignId) }), runs: 30 }),
  },
  "routes/api.v1.stripe.create-payment-intent.ts": {
    action: {
      body: "json",
      role: "vendor",
      sample: (fx) => ({ bookingId: fx.toPayId, amount: 1, currency: "gbp", token: fx.paymentToken }),
      writes: ["payment"],
    },
    loader: query("anonymous"),
  },
  "routes/api.v1.stripe.confirm-payment.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: (fx) => ({ paymentIntentId: fx.paymentIntentId, stripeChargeId: "ch_1" }),
      writes: ["payment"],
    },
    loader: query("anonymous"),
  },
  "routes/api.v1.stripe.payment-history.ts": { action: refused(), loader: query("vendor") },
  "routes/api.v1.stripe.payment-history.$bookingId.ts": {
    action: refused(),
    loader: query("vendor", (fx) => ({ token: fx.paymentToken }), {
      params: (fx) => ({ bookingId: String(fx.toPayId) }),
    }),
  },
  "routes/api.v1.stripe.webhook.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: () => ({ id: "evt_1", type: "payment_intent.succeeded", data: { object: { id: "pi_1" } } }),
      writes: ["payment"],
      runs: 60,
    },
    loader: query("anonymous"),
  },

  // == API: admin back office ==
  "routes/api.v1.admin.projects.ts": {
    action: refused(),
    loader: query("admin", () => ({ q: "Granby", status: "pending", page: "1", pageSize: "25" })),
  },
  "routes/api.v1.admin.projects.create.ts": {
    action: {
      body: "json",
      role: "admin",
      sample: () => ({ ...projectJson, vendor_email: "ann@example.com" }),
      writes: ["project"],
      runs: 150,
    },
    loader: query("admin", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.admin.projects.$id.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "admin",
      sample: () => adminDetailsJson,
      params: (fx) => ({ id: String(fx.toSignId) }),
      writes: ["project"],
      runs: 150,
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.listingId) }) }),
  },
  // Both …/mark-completed and …/mark-sold (the last segment is the new status).
  // == Sales progression (issue 24) ==
  "routes/api.v1.admin.projects.$id.progression.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "admin",
      sample: () => ({
        solicitors: {
          seller: { firm: "Granby Law LLP", email: "sue@granbylaw.example" },
          buyer: { firm: "Clarendon" },
        },
        subjectTo: "Survey",
        milestones: [{ key: "searches-ordered", date: "2026-11-20", note: "Ordered" }],
      }),
      params: (fx) => ({ id: String(fx.saleProjectId) }),
      writes: ["project"],
      runs: 80,
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.saleProjectId) }), runs: 30 }),
  },
  "routes/view-a-property.$projectId.sale.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({ intent: "milestone", key: "id-checks", date: "2026-11-20", note: "Checked" }),
      params: (fx) => ({ projectId: String(fx.saleProjectId) }),
      writes: ["project"],
      runs: 80,
    },
    loader: query("vendor", () => ({}), { params: (fx) => ({ projectId: String(fx.saleProjectId) }), runs: 30 }),
  },
  "routes/my-offers.$offerId.progress.tsx": {
    loader: query("vendor", () => ({}), { params: (fx) => ({ offerId: String(fx.saleOfferId) }), runs: 20 }),
  },
  "routes/sales.$saleId.memorandum.pdf.ts": {
    loader: query("vendor", () => ({}), { params: (fx) => ({ saleId: String(fx.saleId) }), runs: 15 }),
  },
  "routes/api.v1.admin.projects.$id.mark.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "admin",
      sample: () => ({}),
      params: (fx) => ({ id: String(fx.toSignId) }),
      writes: ["project"],
      runs: 80,
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.toSignId) }), runs: 15 }),
  },
  "routes/api.v1.admin.projects.$id.payment-link.ts": {
    action: {
      body: "json",
      method: "DELETE",
      role: "admin",
      sample: () => ({}),
      params: (fx) => ({ id: String(fx.toSignId) }),
      writes: ["project"],
      runs: 60,
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.toSignId) }), runs: 30 }),
  },
  "routes/api.v1.admin.projects.$id.upload.ts": {
    action: {
      body: "multipart",
      method: "PUT",
      role: "admin",
      sample: () => ({ section: "documents", documentType: "EPC" }),
      params: (fx) => ({ id: String(fx.listingId) }),
      query: () => ({ section: "images" }),
      writes: MEDIA_TABLES,
      runs: 150,
    },
    loader: query("admin", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.admin.projects.$id.files.ts": {
    action: {
      body: "json",
      method: "DELETE",
      role: "admin",
      sample: () => ({}),
      params: (fx) => ({ id: String(fx.listingId) }),
      query: (fx) => ({ section: "images", fileId: String(fx.imageId) }),
      writes: MEDIA_TABLES,
      runs: 100,
    },
    loader: query("admin", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.admin.projects.$id.images.$imageId.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "admin",
      sample: () => ({ altText: "The front garden", direction: "up" }),
      params: (fx) => ({ id: String(fx.listingId), imageId: String(fx.imageId) }),
      writes: MEDIA_TABLES,
    },
    loader: query("admin", () => ({}), { runs: 15 }),
  },

  // == API: reference and tokens ==
  "routes/api.v1.openapi.ts": { action: refused(), loader: query("anonymous", () => ({}), { runs: 15 }) },
  "routes/api.v1.not-found.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: () => ({ a: 1 }),
      params: () => ({ "*": "no/such/thing" }),
      runs: 40,
    },
    loader: query("anonymous", () => ({}), { params: () => ({ "*": "no/such/thing" }), runs: 40 }),
  },
  "routes/api.docs.tsx": { loader: query("anonymous", () => ({}), { runs: 15 }) },
  "routes/admin.api-tokens.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: (fx) => ({ intent: "create", name: "Portal sync", tokenId: String(fx.apiTokenId) }),
      writes: ["apiToken"],
    },
    loader: query("admin"),
  },

  // == Hardening ==
  "routes/csp-report.ts": {
    action: {
      body: "json",
      role: "anonymous",
      sample: () => ({
        "csp-report": {
          "document-uri": "http://localhost/",
          "violated-directive": "script-src",
          "blocked-uri": "inline",
          "effective-directive": "script-src",
        },
      }),
      runs: 100,
    },
    loader: query("anonymous", () => ({}), { runs: 15 }),
  },
  // The forms of /account by intent; a right password closes the vendor's account: later cases of that target are then signed out.
  "routes/account.tsx": {
    action: {
      body: "form",
      role: "vendor",
      sample: () => ({
        intent: "close-account",
        password: VENDOR_PASSWORD,
        confirm: "on",
        currentPassword: VENDOR_PASSWORD,
        newPassword: VENDOR_PASSWORD,
        confirmPassword: VENDOR_PASSWORD,
      }),
      writes: ["user", "session"],
      runs: 60,
    },
    loader: query("vendor"),
  },
  "routes/account.data.ts": { loader: query("vendor", () => ({}), { runs: 40 }) },
  // == Saved homes ==
  "routes/my-home-search.tsx": { loader: query("vendor") },
  // Every save button posts here: save, remove, or remove an entry, then back to a page with save buttons.
  "modules/shortlist/pages/saved-homes.tsx": {
    action: {
      body: "form",
      role: "vendor",
      sample: (fx) => ({
        intent: "save",
        propertyId: String(fx.listingId),
        returnTo: `/view-properties/${fx.listingId}`,
      }),
      writes: ["savedHome"],
    },
    loader: query("vendor"),
  },
  "modules/shortlist/pages/save-home.tsx": {
    loader: query("vendor", (fx) => ({ propertyId: String(fx.listingId), returnTo: "/view-properties" })),
  },
  "modules/shortlist/api/shortlist.ts": { action: refused(), loader: query("vendor") },
  "modules/shortlist/api/saved-home.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "vendor",
      sample: () => ({}),
      params: (fx) => ({ propertyId: String(fx.listingId) }),
      writes: ["savedHome"],
    },
    loader: query("vendor", () => ({}), { params: (fx) => ({ propertyId: String(fx.listingId) }) }),
  },

  // == Saved searches and alerts ==
  // Offers (the buyer's offer on the vendor's listed home; once it has moved, further moves are 409s).
  "routes/view-properties.$projectId.offer.tsx": {
    action: {
      body: "multipart",
      role: "buyer",
      sample: () => ({ amount: "£310,000", position: "cash", mortgageInPrinciple: "yes" }),
      params: (fx) => ({ projectId: String(fx.listingId) }),
      writes: OFFER_TABLES,
      runs: 120,
    },
    loader: query("buyer", () => ({}), { params: (fx) => ({ projectId: String(fx.listingId) }), runs: 30 }),
  },
  "routes/my-offers.tsx": {
    action: {
      body: "form",
      role: "buyer",
      sample: (fx) => ({ offerId: String(fx.offerId), intent: "raise", amount: "320000" }),
      writes: OFFER_TABLES,
      runs: 100,
    },
    loader: query("buyer", () => ({}), { runs: 30 }),
  },
  "routes/view-a-property.$projectId.offers.tsx": {
    action: {
      body: "form",
      role: "vendor",
      sample: (fx) => ({ offerId: String(fx.offerId), intent: "counter", amount: "400000" }),
      params: (fx) => ({ projectId: String(fx.ownListingId) }),
      writes: [...OFFER_TABLES, "project"],
      runs: 100,
    },
    loader: query("vendor", () => ({}), { params: (fx) => ({ projectId: String(fx.ownListingId) }), runs: 30 }),
  },
  "routes/offers.$offerId.proof-of-funds.ts": {
    loader: query("vendor", () => ({}), { params: (fx) => ({ offerId: String(fx.offerId) }), runs: 30 }),
  },
  "routes/api.v1.properties.$id.offers.ts": {
    action: {
      body: "json",
      role: "buyer",
      sample: () => ({ amount: 310000, position: "first-time-buyer", mortgageInPrinciple: true }),
      params: (fx) => ({ id: String(fx.listingId) }),
      writes: OFFER_TABLES,
      runs: 120,
    },
    loader: query("buyer", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.offers.ts": {
    action: refused(),
    loader: query("buyer", () => ({}), { runs: 30 }),
  },
  "routes/api.v1.offers.$id.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "buyer",
      sample: () => ({ action: "raise", amount: 500000 }),
      params: (fx) => ({ id: String(fx.offerId) }),
      writes: OFFER_TABLES,
      runs: 100,
    },
    loader: query("buyer", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.offers.$id.proof-of-funds.ts": {
    action: {
      body: "multipart",
      method: "PUT",
      role: "buyer",
      sample: () => ({}),
      params: (fx) => ({ id: String(fx.offerId) }),
      writes: OFFER_TABLES,
      runs: 100,
    },
    loader: query("buyer", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.vendor.bookings.$id.offers.ts": {
    action: refused(),
    loader: query("vendor", () => ({}), { params: (fx) => ({ id: String(fx.ownListingId) }), runs: 30 }),
  },
  "routes/api.v1.vendor.bookings.$id.offers.$offerId.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "vendor",
      sample: () => ({ action: "counter", amount: 600000 }),
      params: (fx) => ({ id: String(fx.ownListingId), offerId: String(fx.offerId) }),
      writes: [...OFFER_TABLES, "project"],
      runs: 100,
    },
    loader: query("vendor", () => ({}), { runs: 15 }),
  },
  "modules/saved-searches/pages/saved-searches.tsx": {
    action: {
      body: "form",
      role: "vendor",
      sample: (fx) => ({
        intent: "update",
        id: String(fx.savedSearchId),
        name: "Near the station",
        frequency: "weekly",
      }),
      writes: ["savedSearch"],
      runs: 100,
    },
    loader: query("vendor", () => ({}), { runs: 30 }),
  },
  "modules/saved-searches/pages/save-search.tsx": {
    action: { body: "form", role: "vendor", sample: () => savedSearchForm, writes: ["savedSearch"], runs: 100 },
    loader: query("vendor", () => savedSearchForm),
  },
  // The emailed link: the token in the address is all it needs (a mail client's one-click POST sends this body).
  "routes/alerts.unsubscribe.tsx": {
    action: {
      body: "form",
      role: "anonymous",
      sample: () => ({ "List-Unsubscribe": "One-Click" }),
      query: (fx) => ({ token: fx.unsubscribeToken }),
      writes: ["savedSearch"],
      runs: 60,
    },
    loader: query("anonymous", (fx) => ({ token: fx.unsubscribeToken })),
  },
  // == The seller's approval of the listing, and the complaints log ==
  "routes/view-a-property.$projectId.approval.tsx": {
    action: {
      body: "form",
      role: "vendor",
      sample: (fx) => ({
        intent: "request-changes",
        fingerprint: fx.ownListingFingerprint,
        "comment-photos": "A brighter kitchen photo, please.",
      }),
      params: (fx) => ({ projectId: String(fx.ownListingId) }),
      writes: ["listingReview", "listingChangeRequest"],
      runs: 60,
    },
    loader: query("vendor", () => ({}), { params: (fx) => ({ projectId: String(fx.ownListingId) }), runs: 20 }),
  },
  "routes/api.v1.vendor.bookings.$id.approval.ts": {
    action: {
      body: "json",
      role: "vendor",
      sample: (fx) => ({
        decision: "request-changes",
        fingerprint: fx.ownListingFingerprint,
        changes: [{ section: "price", comment: "Ask £5,000 more." }],
      }),
      params: (fx) => ({ id: String(fx.ownListingId) }),
      writes: ["listingReview", "listingChangeRequest"],
      runs: 60,
    },
    loader: query("vendor", () => ({}), { params: (fx) => ({ id: String(fx.ownListingId) }), runs: 20 }),
  },
  "routes/api.v1.admin.projects.$id.approval-request.ts": {
    action: {
      body: "json",
      role: "admin",
      sample: () => ({}),
      params: (fx) => ({ id: String(fx.listingId) }),
      writes: ["project"],
      runs: 30,
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.listingId) }), runs: 10 }),
  },
  "routes/admin.complaints.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({
        intent: "record",
        name: "Cal Complainer",
        email: "cal@example.com",
        received_on: "2026-12-01",
        details: "Nobody called me back.",
      }),
      writes: ["complaint"],
      runs: 80,
    },
    loader: query("admin", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.admin.complaints.ts": {
    action: {
      body: "json",
      role: "admin",
      sample: () => ({ name: "Cal Complainer", email: "cal@example.com", details: "Nobody called me back." }),
      writes: ["complaint"],
      runs: 80,
    },
    loader: query("admin", () => ({}), { runs: 15 }),
  },
  "routes/api.v1.admin.complaints.$id.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "admin",
      sample: () => ({ final_response: "We are sorry; we have refunded the fee.", sent_on: "2026-12-05" }),
      params: (fx) => ({ id: String(fx.complaintId) }),
      writes: ["complaint"],
      runs: 40,
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.complaintId) }), runs: 10 }),
  },
  "routes/admin.audit.tsx": {
    loader: query("admin", () => ({ action: "project.mark_completed", entity: "Project", page: "1", pageSize: "25" })),
  },
  "routes/admin.jobs.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({ intent: "retry", jobId: "00000000-0000-4000-8000-000000000000" }),
      runs: 60,
    },
    loader: query("admin", () => ({ state: "failed", page: "1", pageSize: "25" })),
  },
  "routes/admin.backups.tsx": {
    action: { body: "form", role: "admin", sample: () => ({}), runs: 10 },
    loader: query("admin", () => ({})),
  },
  "routes/admin.backups.$fileName.ts": {
    loader: query("admin", () => ({}), { params: () => ({ fileName: "movewise-20260101T000000Z.tar" }), runs: 20 }),
  },
  "routes/api.v1.admin.jobs.ts": {
    action: refused(),
    loader: query("admin", () => ({ state: "retry", page: "1", pageSize: "25" })),
  },
  "routes/api.v1.admin.jobs.$id.action.ts": {
    action: {
      body: "json",
      role: "admin",
      sample: () => ({}),
      params: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
      runs: 60,
    },
    loader: query("admin", () => ({}), { params: () => ({ id: "00000000-0000-4000-8000-000000000000" }), runs: 20 }),
  },

  // == Portals (issue 25) ==
  // Builds the whole zip (every listed home's media) per case: a few cases are enough to show the query and
  // the caller's identity cannot break it.
  "routes/api.v1.admin.feeds.rightmove-zip.ts": {
    action: refused(),
    loader: query("admin", () => ({}), { runs: 12 }),
  },

  // == Portal listings (issue 25, lane admin) ==
  "routes/admin.portals.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: (fx) => ({ intent: "resend", projectId: String(fx.listingId) }),
      runs: 60,
    },
    loader: query("admin", () => ({ problems: "1", page: "1", pageSize: "50" })),
  },
  "routes/admin.portals.$projectId.tsx": {
    loader: query("admin", () => ({ page: "1" }), { params: listing }),
  },
  "routes/api.v1.admin.portals.ts": {
    action: refused(),
    loader: query("admin", () => ({ problems: "1", page: "1", pageSize: "50" })),
  },
  "routes/api.v1.admin.portals.$projectId.ts": {
    action: refused(),
    loader: query("admin", () => ({ page: "1", pageSize: "20" }), { params: listing }),
  },
  "routes/api.v1.admin.portals.$projectId.resend.ts": {
    action: { body: "json", role: "admin", sample: () => ({}), params: listing, runs: 60 },
    loader: query("admin", () => ({}), { params: listing, runs: 20 }),
  },

  // == Compliance checks ==
  "routes/admin.checks.tsx": { loader: query("admin", () => ({ status: "pending" })) },
  "routes/admin.checks.new.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({ full_name: "Jo Joint", email: "jo@example.com", capacity: "joint owner" }),
      query: listing,
      writes: ["dueDiligenceCheck"],
    },
    loader: query("admin", listing),
  },
  "routes/admin.checks.$checkId.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({
        intent: "record",
        identity_verified: "on",
        address_verified: "on",
        evidence: "Passport and a council tax bill seen in the office.",
        outcome: "pass",
      }),
      params: (fx) => ({ checkId: String(fx.checkId) }),
      writes: ["dueDiligenceCheck"],
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ checkId: String(fx.checkId) }) }),
  },
  "routes/admin.suspicious-activity.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({ subject: "A buyer", details: "Wants to pay the deposit in cash." }),
      writes: ["suspiciousActivityReport"],
    },
    loader: query("admin"),
  },
  "routes/admin.officer.tsx": {
    action: {
      body: "form",
      role: "admin",
      sample: () => ({
        intent: "assessment",
        summary: "Residential sales; cash buyers are the main risk.",
        review_due: "2027-12-01",
      }),
      writes: ["riskAssessment", "suspiciousActivityReport"],
    },
    loader: query("admin"),
  },
  "routes/my-checks.tsx": {
    action: { body: "form", role: "vendor", sample: (fx) => ({ check_id: String(fx.checkId) }) },
    loader: query("vendor", () => ({})),
  },
  "routes/api.v1.admin.projects.$id.checks.ts": {
    action: {
      body: "json",
      role: "admin",
      sample: () => ({ fullName: "Jo Joint", email: "", capacity: "joint owner" }),
      params: (fx) => ({ id: String(fx.listingId) }),
      writes: ["dueDiligenceCheck"],
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.listingId) }) }),
  },
  "routes/api.v1.admin.checks.$id.ts": {
    action: {
      body: "json",
      method: "PUT",
      role: "admin",
      sample: () => ({
        action: "record",
        identityVerified: true,
        addressVerified: true,
        evidence: "Passport and a council tax bill seen in the office.",
        outcome: "pass",
      }),
      params: (fx) => ({ id: String(fx.checkId) }),
      writes: ["dueDiligenceCheck"],
    },
    loader: query("admin", () => ({}), { params: (fx) => ({ id: String(fx.checkId) }) }),
  },
  "routes/api.v1.checks.ts": { action: refused(), loader: query("buyer") },

  // == Operations ==
  "routes/healthz.ts": { loader: query("anonymous", () => ({}), { runs: 15 }) },
  "routes/readyz.ts": { loader: query("anonymous", () => ({}), { runs: 5 }) },
  "routes/e2e-crash.tsx": { loader: query("anonymous", () => ({}), { runs: 15 }) },
  "routes/not-found.tsx": {
    action: { body: "form", role: "anonymous", sample: () => ({ a: "1" }), runs: 30 },
    loader: query("anonymous", () => ({}), { runs: 30 }),
  },
};

export const isSkip = (entry: Target | Skip | undefined): entry is Skip => Boolean(entry && "skip" in entry);
