// The fuzz table must cover every route: a new route (or a new loader/action) without an entry in
// tests/support/fuzz/endpoints.ts fails here, and the normal run must send at least 10,000 cases (on PGlite; PostgreSQL runs a quarter of them).
import { expect, test } from "vitest";

import { FUZZ_TABLE, isSkip } from "../support/fuzz/endpoints";
import { fuzzTargets } from "../support/fuzz/harness";
import { routeFiles } from "../support/route-files";

test("every loader and action of every route in app/routes.ts has a fuzz entry (or a stated reason to skip)", async () => {
  const missing: string[] = [];
  const stale: string[] = [];
  const files = new Set(routeFiles().map(([file]) => file));
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ `../../app/${file}`)) as Record<string, unknown>;
    const entry = FUZZ_TABLE[file];
    for (const kind of ["action", "loader"] as const) {
      const exported = typeof module[kind] === "function";
      const target = entry?.[kind];
      if (exported && !target) missing.push(`${file} ${kind}`);
      if (!exported && target) stale.push(`${file} ${kind}`);
      if (target && isSkip(target))
        expect(target.skip.length, `${file} ${kind}: say why it is skipped`).toBeGreaterThan(10);
    }
  }
  for (const file of Object.keys(FUZZ_TABLE)) if (!files.has(file)) stale.push(`${file} (not in app/routes.ts)`);
  expect(missing, "add these to FUZZ_TABLE in tests/support/fuzz/endpoints.ts").toEqual([]);
  expect(stale, "these FUZZ_TABLE entries name nothing that exists").toEqual([]);
});

test("the normal run sends at least 10,000 fuzz cases on PGlite, and every target on PostgreSQL too", () => {
  const total = (engine: "pglite" | "postgres") => fuzzTargets(() => true, engine).reduce((sum, t) => sum + t.runs, 0);
  const targets = fuzzTargets(() => true, "pglite").length;
  console.log(
    `Fuzz figures (planned): ${total("pglite")} cases on PGlite and ${total("postgres")} on PostgreSQL, over ${targets} targets`,
  );
  expect(total("pglite")).toBeGreaterThanOrEqual(10_000);
  expect(fuzzTargets(() => true, "postgres").length).toBe(targets);
});
