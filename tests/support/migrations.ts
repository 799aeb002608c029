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
