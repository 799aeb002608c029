// `npm start`: builds the app when there is no production build yet, then hands over to
// build/server/index.js (server/app.ts), which validates settings, migrates, seeds and serves.
import path from "node:path";
import { loadEnvFile } from "./scripts/env-file.js";
import { loadServerBuild, root } from "./scripts/ensure-build.js";

process.chdir(root);
loadEnvFile();
process.env.NODE_ENV ??= "production";

const { start } = await loadServerBuild();
await start({ clientDir: path.join(root, "build/client") });
