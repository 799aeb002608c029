import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Builds the app when there is no production build yet, then loads the server build (server/app.ts). */
export async function loadServerBuild() {
  const serverBuild = path.join(root, "build/server/index.js");
  if (!existsSync(serverBuild)) {
    console.log("No production build yet: building (about 10 seconds)…");
    const bin = path.join(root, "node_modules/@react-router/dev/bin.js");
    const result = spawnSync(process.execPath, [bin, "build"], { stdio: "inherit", cwd: root });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  return import(pathToFileURL(serverBuild).href);
}
