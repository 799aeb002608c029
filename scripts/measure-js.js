#!/usr/bin/env node
// The JavaScript a browser really fetches on each public page, measured in headless Chromium against a running
// server: every script response (and inline script) when the page has loaded, and again once the page's
// behaviours have run and the network is quiet (Leaflet on a results page with a map, for instance). Sizes are
// the bytes of each file and its gzip (level 9), so runs against different servers compare like for like.
//
//   node scripts/measure-js.js http://127.0.0.1:3000 [/path …]   → a Markdown table on stdout
import { gzipSync } from "node:zlib";

import { chromium } from "@playwright/test";

import { findBrowser } from "./find-browser.js";

const PAGES = [
  "/",
  "/why-choose-us",
  "/about",
  "/privacy-policy",
  "/contact-us",
  "/valuation",
  "/view-properties",
  "/view-properties/1",
  "/view-properties/1/request-viewing",
  "/property-search",
  "/property-search?postcode=LE1&radius=40",
  "/calculators",
  "/login",
  "/signup",
];

const [origin, ...only] = process.argv.slice(2);
if (!origin) throw new Error("usage: node scripts/measure-js.js <origin> [/path …]");
const gzip = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const browser = await chromium.launch({ executablePath: findBrowser({ install: false }).path });
const rows = [];
for (const pathname of only.length ? only : PAGES) {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const url = new URL(response.url()).pathname;
    scripts.set(
      url,
      response.body().catch(() => Buffer.alloc(0)),
    );
  });
  const weigh = async () => {
    const bodies = await Promise.all(scripts.values());
    const inline = await page.$$eval("script:not([src])", (list) => list.map((s) => s.textContent ?? ""));
    const buffers = [...bodies, ...inline.filter(Boolean).map((text) => Buffer.from(text))];
    return {
      files: bodies.length,
      bytes: buffers.reduce((sum, b) => sum + b.length, 0),
      gzip: buffers.reduce((sum, b) => sum + (b.length ? gzip(b) : 0), 0),
    };
  };
  await page.goto(origin + pathname, { waitUntil: "load" });
  const atLoad = await weigh();
  await page.waitForLoadState("networkidle");
  const settled = await weigh();
  rows.push({ pathname, atLoad, settled, urls: [...scripts.keys()] });
  await page.close();
}
await browser.close();

console.log("| page | at load: files, KB (gzip) | after behaviours ran: files, KB (gzip) |");
console.log("|---|---|---|");
for (const { pathname, atLoad, settled } of rows)
  console.log(
    `| \`${pathname}\` | ${atLoad.files}, ${kb(atLoad.bytes)} (${kb(atLoad.gzip)}) | ${settled.files}, ${kb(settled.bytes)} (${kb(settled.gzip)}) |`,
  );
if (process.env.VERBOSE) for (const { pathname, urls } of rows) console.error(pathname, urls.join(" "));
