// An external client of the MoveWise API, using only what /api/v1/openapi.json documents and an API token:
//   API_URL=http://localhost:3000 API_TOKEN=mw_… node scripts/api-smoke.js [--customer vendor@example.com] [--image photo.jpg] [--read-only]
// It searches, reads a listing, then (with an admin token) creates a project for a customer, uploads an
// image, marks the project completed and finds it in the public /bookings list. Plain Node 20, no build step.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    customer: { type: "string", default: "vendor@demo.movewise.test" },
    image: { type: "string", default: path.join(import.meta.dirname, "../prisma/seed-assets/photos/exterior-01.jpg") },
    "read-only": { type: "boolean", default: false },
  },
});
const base = (process.env.API_URL ?? "http://localhost:3000").replace(/\/$/, "");
const token = process.env.API_TOKEN;
if (!token) {
  console.error("Set API_TOKEN to a token from /admin/api-tokens.");
  process.exit(1);
}

/** @type {{ paths: Record<string, Record<string, unknown>> }} */
let documentation;

/**
 * Calls a documented operation; fails when the operation is not in the OpenAPI document or answers an error.
 * @param {"get"|"post"|"put"|"delete"} method
 * @param {string} template e.g. "/bookings/{id}"
 * @param {{ params?: Record<string, string|number>, query?: Record<string, string>, json?: unknown, form?: FormData }} [options]
 */
async function call(method, template, { params = {}, query, json, form } = {}) {
  if (!documentation.paths[template]?.[method]) throw new Error(`${method.toUpperCase()} ${template} is not in the API's documentation (is this server up to date?)`);
  const url = `${base}/api/v1${template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(params[name])))}${query ? `?${new URLSearchParams(query)}` : ""}`;
  /** @type {Record<string, string>} */
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, { method: method.toUpperCase(), headers, body: json !== undefined ? JSON.stringify(json) : form });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${method.toUpperCase()} ${url}: the server returned an invalid response (HTTP ${response.status})`);
  }
  if (!response.ok) throw new Error(`${method.toUpperCase()} ${url}: HTTP ${response.status}: ${body.message ?? body.error}`);
  return body;
}

const step = (text) => console.log(`✓ ${text}`);

async function main() {
  documentation = await (await fetch(`${base}/api/v1/openapi.json`)).json();
  const me = await call("get", "/auth/me");
  step(`token belongs to ${me.email} (${me.userType})`);

  const search = await call("post", "/properties/search", { json: { postcode: "LE1", searchRadius: "40", sort: "price-asc" } });
  step(`search: ${search.message}`);
  const first = search.data[0];
  if (!first) throw new Error("The search found nothing to read.");
  const listing = await call("get", "/bookings/{id}", { params: { id: first.id } });
  step(`listing ${listing.id}: ${listing.address}, £${listing.price.toLocaleString("en-GB")}, ${listing.images.length} images`);

  if (values["read-only"]) return;
  if (me.userType !== "admin") throw new Error("Creating projects needs an admin's token (or pass --read-only).");

  // Admin project endpoints (spec §7). Needs the admin project API (issue 8) on the server.
  const created = await call("post", "/admin/projects/create", {
    json: {
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
  const id = created.id ?? created.data?.id ?? created.project?.id;
  step(`created project ${id} for ${values.customer}`);

  const form = new FormData();
  form.set("section", "images");
  form.append("files", new Blob([await readFile(values.image)], { type: "image/jpeg" }), path.basename(values.image));
  await call("put", "/admin/projects/{id}/upload", { params: { id }, form });
  step(`uploaded ${path.basename(values.image)}`);

  await call("put", "/admin/projects/{id}/mark-completed", { params: { id } });
  step("marked completed");

  const bookings = await call("get", "/bookings");
  const listed = bookings.find((b) => b.id === id);
  if (!listed) throw new Error(`Project ${id} is not in /bookings after it was marked completed.`);
  step(`project ${id} is listed in /bookings with ${listed.images.length} image(s)`);
}

main().catch((error) => {
  console.error(`✗ ${error.message}`);
  process.exit(1);
});
