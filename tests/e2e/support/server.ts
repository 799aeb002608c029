/** Where the end-to-end server's stdout (pino JSON lines) goes; see playwright.config.ts. */
export const SERVER_LOG = `test-results/e2e-server-${process.env.E2E_PORT ?? 3210}.log`;
