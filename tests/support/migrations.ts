import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

const dir = new URL("../../prisma/migrations/", import.meta.url);

/** The checked-in migrations' SQL, oldest first. */
export function migrationScripts() {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => readFileSync(new URL(`${name}/migration.sql`, dir), "utf8"));
}

/**
 * The template runs the migrations' SQL without Prisma, so it has no `_prisma_migrations`: backup tests record
 * them as `prisma migrate deploy` does (its table, and each migration's SHA-256 as its checksum).
 */
export async function recordMigrations(execute: (sql: string, ...values: unknown[]) => Promise<unknown>) {
  const { MIGRATIONS_TABLE } = await import("../../app/modules/backups/restore.server");
  await execute(MIGRATIONS_TABLE);
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const name of names)
    await execute(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)`,
      randomUUID(),
      createHash("sha256")
        .update(readFileSync(new URL(`${name}/migration.sql`, dir)))
        .digest("hex"),
      name,
    );
}
