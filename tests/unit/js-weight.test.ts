import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { javascriptInHtml } from "../../bench/lib/js-weight.js";

function clientDir(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "js-weight-"));
  mkdirSync(path.join(dir, "assets"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, "assets", name), text);
  return dir;
}
const gz = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

describe("javascriptInHtml", () => {
  const files = {
    "entry.js": 'import{a}from"./dep.js";import"./side.js";const m=()=>import("./lazy.js");a(m);',
    "dep.js": "export const a=(x)=>x;",
    "side.js": "console.log(1);",
    "lazy.js": "export default 1;",
    "route.js": 'import{a}from"./dep.js";a(2);',
  };

  it("counts preloaded and imported modules with their static imports, not dynamic ones", () => {
    const dir = clientDir(files);
    const html = `<html><head><link rel="modulepreload" href="/assets/route.js"/></head><body>
      <script>window.ctx = 1;</script><script type="module" async="">import "/assets/entry.js";</script></body></html>`;
    const result = javascriptInHtml(dir, html);
    expect(result.scripts.map((s: { url: string }) => s.url).sort()).toEqual([
      "/assets/dep.js",
      "/assets/entry.js",
      "/assets/route.js",
      "/assets/side.js",
    ]);
    expect(result.fileGzipBytes).toBe(
      gz(files["entry.js"]) + gz(files["dep.js"]) + gz(files["side.js"]) + gz(files["route.js"]),
    );
    expect(result.inlineGzipBytes).toBe(gz("window.ctx = 1;") + gz('import "/assets/entry.js";'));
    expect(result.gzipBytes).toBe(result.fileGzipBytes + result.inlineGzipBytes);
  });

  it("counts every behaviour chunk the browser entry can import, since the page's markup decides which load", () => {
    const dir = clientDir({});
    mkdirSync(path.join(dir, "assets", "browser"));
    const chunks = {
      "main.js": 'import{e}from"./chunk.js";e({m:()=>import("./map.js")});',
      "chunk.js": "export const e=(x)=>x;",
      "map.js": 'import("./leaflet.js").then(console.log);',
      "leaflet.js": "export default {};",
    };
    for (const [name, text] of Object.entries(chunks)) writeFileSync(path.join(dir, "assets", "browser", name), text);
    const result = javascriptInHtml(
      dir,
      '<html><body><script type="module" src="/assets/browser/main.js"></script></body></html>',
    );
    expect(result.scripts.map((s: { url: string }) => s.url).sort()).toEqual(
      ["chunk.js", "leaflet.js", "main.js", "map.js"].map((f) => `/assets/browser/${f}`),
    );
    expect(result.gzipBytes).toBe(Object.values(chunks).reduce((sum, text) => sum + gz(text), 0));
  });

  it("weighs a page without scripts at nothing", () => {
    const result = javascriptInHtml(
      clientDir(files),
      '<html><head><link rel="stylesheet" href="/assets/app.css"/></head><body><p>Hi</p></body></html>',
    );
    expect(result).toMatchObject({ gzipBytes: 0, scripts: [] });
  });
});
