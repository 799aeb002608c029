// Runs before every test file: a test environment with its own data directory and no logs.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.NODE_ENV = "test";
process.env.LOG_LEVEL = "silent";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "movewise-test-"));
process.env.SEED_DEMO = "false";
process.env.ALERT_DELAY_SECONDS = "0";
process.env.PORTAL_DELAY_SECONDS = "0";
