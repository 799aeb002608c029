// `npm start`: builds the app when there is no production build yet, then hands over to
// build/server/index.js (server/app.ts → server/start.ts), which validates settings, migrates, seeds and serves.
// `npm run dev` (NODE_ENV=development): the same start-up, with Vite serving and hot-reloading the app.
import path from "node:path";

import { loadServerBuild, root } from "./scripts/ensure-build.js";
import { loadEnvFile } from "./scripts/env-file.js";
import { optimiseWasmFromStart } from "./scripts/wasm-compiler.js";

optimiseWasmFromStart();
process.chdir(root);
loadEnvFile();
process.env.NODE_ENV ??= "production";

if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const { start } = await vite.ssrLoadModule("./server/app.ts");
  await start({ vite });
} else {
  const { start } = await loadServerBuild();
  await start({ clientDir: path.join(root, "build/client") });
}
