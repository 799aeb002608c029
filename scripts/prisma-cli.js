// Runs the Prisma CLI (offline WASM engine, see prisma.config.ts) as a child process.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const prismaBin = createRequire(import.meta.url).resolve("prisma/build/index.js");

/** @param {string[]} args @param {{ quiet?: boolean, env?: NodeJS.ProcessEnv }} [options] */
export function runPrisma(args, { quiet = false, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [prismaBin, ...args], {
      env: { ...env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`prisma ${args.join(" ")} failed (exit ${code})\n${output}`)),
    );
  });
}

/** Applies pending migrations to DATABASE_URL, or to the PGlite database in DATA_DIR. */
export async function migrateDatabase({ quiet = true } = {}) {
  await runPrisma(["migrate", "deploy"], { quiet });
}
