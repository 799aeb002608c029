import { existsSync } from "node:fs";

/** Loads ./.env when present; variables already set in the environment win. */
export function loadEnvFile(file = ".env") {
  if (existsSync(file)) process.loadEnvFile(file);
}
