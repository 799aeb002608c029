// `npm run db:new-migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that takes the checked-in migrations to prisma/schema.prisma. Offline: the diff runs
// against a throwaway in-memory shadow database, so `prisma migrate dev` (which needs one on disk) is not needed.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { runPrisma } from "./prisma-cli.js";

const name = (process.argv[2] ?? "")
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "_")
  .replace(/^_|_$/g, "");
if (!name) {
  console.error("Usage: npm run db:new-migration -- <name>   e.g. add_project_epc_expiry");
  process.exit(1);
}
const migrationsDir = "prisma/migrations";
const first = !existsSync(path.join(migrationsDir, "migration_lock.toml"));
if (first) writeFileSync(path.join(migrationsDir, "migration_lock.toml"), 'provider = "postgresql"\n');

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(migrationsDir, `${stamp}_${name}`);
const file = path.join(dir, "migration.sql");
const scratch = mkdtempSync(path.join(os.tmpdir(), "migration-"));
try {
  const from = first ? ["--from-empty"] : ["--from-migrations", migrationsDir];
  await runPrisma(
    ["migrate", "diff", ...from, "--to-schema-datamodel", "prisma/schema.prisma", "--script", "-o", file],
    {
      quiet: true,
      // A scratch PGlite directory: the CLI opens the adapter even for a schema-only diff.
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: scratch },
    },
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
const sql = readFileSync(file, "utf8");
if (!/^\s*(CREATE|ALTER|DROP)\b/im.test(sql)) {
  rmSync(dir, { recursive: true, force: true });
  console.log("The schema matches the migrations: nothing to write.");
} else {
  console.log(`Wrote ${file}. Review it, then run npm run db:migrate.`);
}
