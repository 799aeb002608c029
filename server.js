// `npm start`: builds the app when there is no production build yet, then hands over to
// build/server/index.js (server/app.ts), which validates settings, migrates, seeds and serves.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadEnvFile } from "./scripts/env-file.js";

const root = path.dirname(fileURLToPath(import.meta.url));
process.chdir(root);
loadEnvFile();
process.env.NODE_ENV ??= "production";

const serverBuild = path.join(root, "build/server/index.js");
if (!existsSync(serverBuild)) {
  console.log("No production build yet: building (about 10 seconds)…");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { start } = await import(pathToFileURL(serverBuild).href);
await start({ clientDir: path.join(root, "build/client") });
