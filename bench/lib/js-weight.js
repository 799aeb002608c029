// JavaScript each public page loads, from the client build: React Router's manifest
// (build/client/assets/manifest-*.js) lists the entry's and every route module's static imports, which
// the page preloads; the manifest itself is one more script. Chunks behind dynamic import() (the map,
// Stripe, the signature pad) load only when a page needs them and are reported separately.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes } from "react-router";

export function readClientManifest(clientDir) {
  const file = readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No React Router manifest in ${clientDir}/assets: build first.`);
  const text = readFileSync(path.join(clientDir, "assets", file), "utf8");
  return { manifest: JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")), file: `/assets/${file}` };
}

/** The manifest's flat route list as a tree that react-router's matchRoutes understands. */
export function routeTree(routes) {
  const byParent = new Map();
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId) =>
    (byParent.get(parentId) ?? []).map((r) => ({ id: r.id, path: r.path, index: r.index, children: r.index ? undefined : build(r.id) }));
  return build(undefined);
}

export function gzipSize(clientDir, url, cache = new Map()) {
  if (!cache.has(url)) cache.set(url, gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length);
  return cache.get(url);
}

/** Gzip bytes of the scripts a first visit to `pathname` loads, with the chunks behind it. */
export function javascriptFor(clientDir, pathname, { manifest, file }, cache = new Map()) {
  const matches = matchRoutes(routeTree(manifest.routes), pathname) ?? [];
  const scripts = new Set([file, manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.route.id];
    scripts.add(route.module);
    for (const url of route.imports ?? []) scripts.add(url);
  }
  const list = [...scripts].map((url) => ({ url, gzip: gzipSize(clientDir, url, cache) }));
  return { pathname, routes: matches.map((m) => m.route.id), gzipBytes: list.reduce((sum, s) => sum + s.gzip, 0), scripts: list };
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
