// Each Playwright project talks to a server of its own (playwright.config.ts), on E2E_PORT (3210 unless set)
// and the ports after it. Each server has its own data directory, log and fake portals, so projects run at the
// same time without seeing each other's data; within a project, tests run one at a time.
import { test } from "@playwright/test";

const FIRST_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The port of each project's server. */
export const PROJECT_PORTS = { "js-a-r": FIRST_PORT, "no-js": FIRST_PORT + 1, "js-s-z": FIRST_PORT + 2 } as const;

/** The server on `port`: its stdout (pino JSON lines) and its data directory (a fresh PGlite database, uploads, outbox). */
export const serverFiles = (port: number) => ({
  log: `test-results/e2e-server-${port}.log`,
  dataDir: `var/e2e-${port}`,
});

/** The port of the server the running test talks to (its project's baseURL). */
export const serverPort = () => Number(new URL(test.info().project.use.baseURL!).port);

/** The running test's server's log. */
export const serverLog = () => serverFiles(serverPort()).log;

/** The running test's server's data directory. */
export const serverDataDir = () => serverFiles(serverPort()).dataDir;
