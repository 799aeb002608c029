// The server build's entry (vite.config.ts builds it into build/server/index.js): server.js calls start(),
// scripts/*.js the command-line tools, and tests createApp(). Each job has a file of its own.
export { backupNow, createAdmin, restoreFrom, runRetention, runSanctionsImport, runWorker } from "./cli";
export { createApp } from "./http";
export { start } from "./start";
