// JavaScript each public page loads. `javascriptInHtml` reads what a browser really gets from the
// server-rendered page: the scripts and modulepreload links in the HTML, the modules its inline module
// script imports, and every module those import statically, each gzipped (level 9) from build/client;
// inline scripts count too (gzipped one by one). A page sent without scripts (`handle = { hydrate: false }`)
// weighs only its inline scripts; a React page also imports React Router's whole route manifest
// (react-router.config.ts). Chunks behind dynamic import() (the map, Stripe, the signature pad) load only when
// a page needs them and are reported separately, except behind app/browser/main.ts (/assets/browser): which
// behaviours a page without React loads depends on its markup, so every one it could load counts, Leaflet
// included (a ceiling; `node scripts/measure-js.js` measures what each page really fetches).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export function readClientManifest(clientDir) {
  const file = readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No React Router manifest in ${clientDir}/assets: build first.`);
  const text = readFileSync(path.join(clientDir, "assets", file), "utf8");
  return {
    manifest: JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")),
    file: `/assets/${file}`,
  };
}

export function gzipSize(clientDir, url, cache = new Map()) {
  if (!cache.has(url)) cache.set(url, gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length);
  return cache.get(url);
}

/** Client chunks no route imports statically (loaded on demand by import()). */
export function lazyChunks(clientDir, { manifest }) {
  const eager = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of Object.values(manifest.routes)) {
    eager.add(route.module);
    for (const url of route.imports ?? []) eager.add(url);
  }
  return readdirSync(path.join(clientDir, "assets"))
    .filter((f) => f.endsWith(".js") && !f.startsWith("manifest-"))
    .map((f) => `/assets/${f}`)
    .filter((url) => !eager.has(url))
    .map((url) => ({ url, gzip: gzipSize(clientDir, url) }));
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i"))?.[1];

/** Static imports of a built module ("./x.js" relative to it, or "/assets/x.js"); not import(), except in a behaviour chunk. */
function staticImports(clientDir, url) {
  const text = readFileSync(path.join(clientDir, url), "utf8");
  const found = new Set();
  if (url.startsWith("/assets/browser/"))
    for (const m of text.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)) found.add(m[1]);
  for (const m of text.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g))
    found.add(m[1]);
  for (const m of text.matchAll(/\bfrom\s*["']([^"']+\.js)["']/g)) found.add(m[1]);
  return [...found].map((spec) => (spec.startsWith("/") ? spec : path.posix.join(path.posix.dirname(url), spec)));
}

/** Gzip bytes of the JavaScript a first visit loads, from the page's HTML as the server sent it. */
export function javascriptInHtml(clientDir, html, cache = new Map()) {
  const urls = new Set();
  const inline = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(m[1], "src");
    if (src) urls.add(src);
    else if (m[2].trim()) {
      inline.push(gzipSync(Buffer.from(m[2]), { level: 9 }).length);
      for (const i of m[2].matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) urls.add(i[1]);
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\srel\s*=\s*["']?modulepreload/i.test(m[0])) urls.add(attr(m[0], "href"));
  }
  const queue = [...urls].filter((u) => u?.startsWith("/"));
  const files = new Set();
  while (queue.length) {
    const url = queue.shift().split(/[?#]/)[0];
    if (files.has(url)) continue;
    files.add(url);
    queue.push(...staticImports(clientDir, url));
  }
  const scripts = [...files].map((url) => ({ url, gzip: gzipSize(clientDir, url, cache) }));
  const fileBytes = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const inlineBytes = inline.reduce((sum, n) => sum + n, 0);
  return { gzipBytes: fileBytes + inlineBytes, fileGzipBytes: fileBytes, inlineGzipBytes: inlineBytes, scripts };
}

/** `javascriptInHtml` for each path, fetched from a running server. */
export async function javascriptOfPages(clientDir, base, pathnames) {
  const cache = new Map();
  const pages = [];
  for (const pathname of pathnames) {
    const response = await fetch(base + pathname);
    if (!response.ok) throw new Error(`GET ${pathname}: ${response.status}`);
    const { gzipBytes, fileGzipBytes, inlineGzipBytes, scripts } = javascriptInHtml(
      clientDir,
      await response.text(),
      cache,
    );
    pages.push({ pathname, gzipBytes, fileGzipBytes, inlineGzipBytes, files: scripts.length });
  }
  return pages;
}
