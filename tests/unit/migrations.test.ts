import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "vitest";

import { TYPE_OPTIONS } from "../../app/modules/search/options";
import { runPrisma } from "../../scripts/prisma-cli.js";

// A schema change without its migration would pass every test on a fresh database built from the
// schema and then fail in production: the checked-in migrations must produce exactly the schema.
test("the migrations match prisma/schema.prisma", { timeout: 60_000 }, async () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "movewise-drift-"));
  try {
    const output = await runPrisma(
      [
        "migrate",
        "diff",
        "--from-migrations",
        "prisma/migrations",
        "--to-schema-datamodel",
        "prisma/schema.prisma",
        "--script",
      ],
      { quiet: true, env: { ...process.env, DATABASE_URL: "", DATA_DIR: scratch } },
    );
    expect(String(output)).not.toMatch(/^\s*(CREATE|ALTER|DROP)\b/m);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

// The partial index for type searches (see its migration) names the property types in its predicate: a
// search for a type it leaves out could not use it, so each type a search can ask for must be there.
test("the type search index covers every property type a search can name", () => {
  const created = readdirSync("prisma/migrations", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((dir) => readFileSync(path.join("prisma/migrations", dir, "migration.sql"), "utf8"))
    .flatMap((sql) => sql.match(/CREATE INDEX "Project_type_search_idx"[^;]*/g) ?? []);
  const predicate = /"propertyType" IN \(([^)]*)\)/.exec(created.at(-1) ?? "")?.[1] ?? "";
  const indexed = [...predicate.matchAll(/'([^']*)'/g)].map((m) => m[1]);
  const searchable = TYPE_OPTIONS.flatMap((option) => option.propertyTypes ?? []);
  expect(searchable.length).toBeGreaterThan(0);
  expect(indexed).toEqual(expect.arrayContaining(searchable));
});
