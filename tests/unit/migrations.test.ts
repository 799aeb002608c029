import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { runPrisma } from "../../scripts/prisma-cli.js";

// A schema change without its migration would pass every test on a fresh database built from the
// schema and then fail in production: the checked-in migrations must produce exactly the schema.
test("the migrations match prisma/schema.prisma", { timeout: 60_000 }, async () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "movewise-drift-"));
  try {
    const output = await runPrisma(
      ["migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
      { quiet: true, env: { ...process.env, DATABASE_URL: "", DATA_DIR: scratch } },
    );
    expect(String(output)).not.toMatch(/^\s*(CREATE|ALTER|DROP)\b/m);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
