// An external client of the MoveWise API, using only what /api/v1/openapi.json documents and an API token:
//   node scripts/api-smoke.js --base http://localhost:3000 --token mw_… [--customer vendor@example.com] [--image photo.jpg] [--read-only]
//     [--vendor-email seller@example.com --vendor-password …]
// (or API_URL, API_TOKEN, API_VENDOR_EMAIL and API_VENDOR_PASSWORD in the environment). It searches, reads a
// listing, then (with an admin's token) creates a project for a customer, uploads a photo, marks the project
// completed and finds it in the public /bookings list, page by page. Given a vendor's sign-in, it then books
// as that vendor, reads and signs the contract and pays (with the payment sandbox's test card; with Stripe it
// stops at the payment intent). Exits 0 when every step worked, 1 otherwise. Plain Node 20, no build step.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: process.env.API_URL ?? "http://localhost:3000" },
    token: { type: "string", default: process.env.API_TOKEN },
    customer: { type: "string", default: "vendor@demo.movewise.test" },
    image: { type: "string", default: path.join(import.meta.dirname, "../prisma/seed-assets/photos/exterior-01.jpg") },
    "read-only": { type: "boolean", default: false },
    "vendor-email": { type: "string", default: process.env.API_VENDOR_EMAIL },
    "vendor-password": { type: "string", default: process.env.API_VENDOR_PASSWORD },
  },
});
const base = values.base.replace(/\/$/, "");
const token = values.token;
if (!token) {
  console.error("Pass --token (or set API_TOKEN) to a token from /admin/api-tokens.");
  process.exit(1);
}

/** @type {{ paths: Record<string, Record<string, unknown>> }} */
let documentation;

/**
 * Calls a documented operation; fails when the operation is not in the OpenAPI document or answers an error.
 * Authenticates with the API token, or with `cookie` (a vendor's session) when one is given.
 * @param {"get"|"post"|"put"|"delete"} method
 * @param {string} template e.g. "/bookings/{id}"
 * @param {{ params?: Record<string, string|number>, query?: Record<string, string>, json?: unknown, form?: FormData, cookie?: string }} [options]
 * @returns {Promise<{ body: any, headers: Headers }>}
 */
async function call(method, template, { params = {}, query, json, form, cookie } = {}) {
  if (!documentation.paths[template]?.[method])
    throw new Error(
      `${method.toUpperCase()} ${template} is not in the API's documentation (is this server up to date?)`,
    );
  const url = `${base}/api/v1${template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(params[name])))}${query ? `?${new URLSearchParams(query)}` : ""}`;
  /** @type {Record<string, string>} */
  const headers = {
    ...(cookie ? { Cookie: cookie } : { Authorization: `Bearer ${token}` }),
    Accept: "application/json",
  };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers,
    body: json !== undefined ? JSON.stringify(json) : form,
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(
      `${method.toUpperCase()} ${url}: the server returned an invalid response (HTTP ${response.status})`,
    );
  }
  if (!response.ok)
    throw new Error(`${method.toUpperCase()} ${url}: HTTP ${response.status}: ${body.message ?? body.error}`);
  return { body, headers: response.headers };
}

const step = (text) => console.log(`✓ ${text}`);

/** Pages through GET /bookings (following Link rel="next") until the home with this id turns up. */
async function findInBookings(id) {
  let query = { page: "1", pageSize: "100" };
  for (;;) {
    const { body, headers } = await call("get", "/bookings", { query });
    const found = body.find((booking) => booking.id === id);
    if (found) return { found, total: headers.get("X-Total-Count") };
    const next = /<([^>]+)>;\s*rel="next"/.exec(headers.get("Link") ?? "")?.[1];
    if (!next) return { found: undefined, total: headers.get("X-Total-Count") };
    query = Object.fromEntries(new URL(next, base).searchParams);
  }
}

/** A drawn signature, as the signing page's canvas sends it: a small PNG data URL. */
const SIGNATURE_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
/** The payment sandbox's card that always succeeds (Stripe's documented test card). */
const TEST_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123", postcode: "LE1 6EJ" };

/** Books the selling package as a vendor: a project, its contract read and signed, then the payment. */
async function signAndPay(email, password) {
  const signin = await fetch(`${base}/api/v1/auth/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  if (!signin.ok) throw new Error(`POST /auth/signin as ${email}: HTTP ${signin.status}`);
  const cookie = (signin.headers.get("Set-Cookie") ?? "").split(";")[0];
  step(`signed in as the vendor ${email}`);

  const { body: booking } = await call("post", "/vendor/bookings", {
    cookie,
    json: {
      address: `${Math.floor(Math.random() * 200) + 1} Smoke Test Road, Leicester`,
      postcode: "LE1 6EJ",
      price: 260000,
      property_type: "Terraced",
      bedrooms: 2,
    },
  });
  const id = booking.id;
  step(`booked project ${id} (${booking.status})`);

  const { body: contract } = await call("get", "/vendor/bookings/{id}/contract", { params: { id }, cookie });
  step(
    `contract ${contract.reference}: ${contract.package.name}, ${contract.package.total}; ${contract.cancellation.days} days to cancel; SHA-256 ${contract.contract_hash.slice(0, 12)}…`,
  );
  const { body: signed } = await call("post", "/vendor/bookings/{id}/contract", {
    params: { id },
    cookie,
    json: {
      signer_name: booking.vendor_name,
      agree: true,
      start_early: false,
      contract_hash: contract.contract_hash,
      signature: SIGNATURE_PNG,
    },
  });
  step(`contract signed by ${signed.signed_by} (${signed.signature}) at ${signed.signed_at}; PDF at ${signed.pdf_url}`);

  const { body: intent } = await call("post", "/stripe/create-payment-intent", {
    cookie,
    json: { bookingId: id, currency: "gbp" },
  });
  const { paymentIntentId, paymentLink, provider, amountPence } = intent.data;
  step(`payment intent ${paymentIntentId} for £${(amountPence / 100).toFixed(2)} (${provider})`);
  if (provider !== "sandbox") {
    step(`pay by card at ${paymentLink}`);
    return;
  }
  // The sandbox takes the card on its payment page (as Stripe's card field would): its form, at the link's address on this server.
  const link = new URL(paymentLink);
  const paid = await fetch(`${base}${link.pathname}${link.search}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "pay", clientSecret: intent.data.clientSecret, ...TEST_CARD }),
    redirect: "manual",
  });
  if (!paid.headers.get("Location")?.startsWith("/payment/success"))
    throw new Error(`The sandbox did not take the test card (HTTP ${paid.status}).`);
  const { body: confirmed } = await call("post", "/stripe/confirm-payment", {
    cookie,
    json: { paymentIntentId, token: link.searchParams.get("token") },
  });
  step(`paid: ${confirmed.message} Receipt ${confirmed.data.receiptNumber}`);
}

async function main() {
  const served = await fetch(`${base}/api/v1/openapi.json`);
  if (!served.ok) throw new Error(`${base}/api/v1/openapi.json: HTTP ${served.status} (is the server running?)`);
  documentation = await served.json();
  const { body: me } = await call("get", "/auth/me");
  step(`token belongs to ${me.email} (${me.userType})`);

  const { body: search } = await call("post", "/properties/search", {
    json: { postcode: "LE1", searchRadius: "40", sort: "price-asc" },
  });
  step(`search: ${search.message}`);
  const first = search.data[0];
  if (!first) throw new Error("The search found nothing to read.");
  const { body: listing } = await call("get", "/bookings/{id}", { params: { id: first.id } });
  step(
    `listing ${listing.id}: ${listing.address}, £${listing.price.toLocaleString("en-GB")}, ${listing.images.length} images`,
  );

  if (values["read-only"]) return;
  if (me.userType !== "admin") throw new Error("Creating projects needs an admin's token (or pass --read-only).");

  const { body: created } = await call("post", "/admin/projects/create", {
    json: {
      vendor_name: "Smoke Test Customer",
      vendor_email: values.customer,
      address: `${Math.floor(Math.random() * 200) + 1} Smoke Test Lane, Leicester`,
      postcode: "LE1 6EJ",
      price: 275000,
      property_type: "Semi-Detached",
      bedrooms: 3,
      bathrooms: 1,
      tenure: "Freehold",
      key_features: ["Garden", "Off-street parking"],
      description: "Created by scripts/api-smoke.js.",
    },
  });
  const id = created.id;
  step(`created project ${id} (${created.status}) for ${created.vendor_email}`);

  const form = new FormData();
  form.append("files", new Blob([await readFile(values.image)], { type: "image/jpeg" }), path.basename(values.image));
  const { body: uploaded } = await call("put", "/admin/projects/{id}/upload", {
    params: { id },
    query: { section: "images" },
    form,
  });
  step(`${uploaded.message} (${uploaded.count} ${path.basename(values.image)})`);

  const { body: completed } = await call("put", "/admin/projects/{id}/mark-completed", { params: { id } });
  step(`${completed.message} (status ${completed.status})`);

  const { found, total } = await findInBookings(id);
  if (!found) throw new Error(`Project ${id} is not in /bookings (${total} homes) after it was marked completed.`);
  if (found.images.length !== 1)
    throw new Error(`Project ${id} is listed with ${found.images.length} images, not the 1 uploaded.`);
  step(`project ${id} is listed in /bookings (${total} homes) with its photo: ${found.images[0].url}`);

  if (values["vendor-email"] && values["vendor-password"])
    await signAndPay(values["vendor-email"], values["vendor-password"]);
  else step("no --vendor-email and --vendor-password: booking, signing and paying as a vendor skipped");
}

main().catch((error) => {
  console.error(`✗ ${error.message}`);
  process.exit(1);
});
