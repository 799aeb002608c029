/** Where the end-to-end server's stdout (pino JSON lines) goes; see playwright.config.ts. */
export const SERVER_LOG = `test-results/e2e-server-${process.env.E2E_PORT ?? 3210}.log`;

/** The end-to-end server's data directory (a fresh PGlite database, uploads, outbox); see playwright.config.ts. */
export const SERVER_DATA_DIR = `var/e2e-${process.env.E2E_PORT ?? 3210}`;
