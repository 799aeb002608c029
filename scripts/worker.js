// `npm run worker`: runs the background jobs (mail, the daily retention purge) in a process of its own, beside
// web processes started with WORKERS=off. PostgreSQL only: the embedded database belongs to the web process.
// Stop it with SIGTERM or Ctrl+C: running jobs get ten seconds to finish, the rest go back to the queue.
import { loadServerBuild, root } from "./ensure-build.js";
import { loadEnvFile } from "./env-file.js";

process.chdir(root);
loadEnvFile();
process.env.NODE_ENV ??= "production";

const { runWorker } = await loadServerBuild();
await runWorker();
