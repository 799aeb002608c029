// End-to-end tests against the production build served by `npm start`, on a test port with a fresh
// DATA_DIR (embedded PGlite, demo data), in Chromium (scripts/find-browser.js), with JavaScript on and off.
import { defineConfig, devices } from "@playwright/test";

import { findBrowser } from "./scripts/find-browser.js";
import { FAKE_PORTAL_URLS } from "./tests/e2e/support/portals";
import { SERVER_DATA_DIR as DATA_DIR, SERVER_LOG } from "./tests/e2e/support/server";
import { fakePortalEnv } from "./tests/support/fake-portals";

const PORT = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/artifacts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  // The fake Rightmove and Zoopla servers the app sends listings to (tests/e2e/support/portals.ts).
  globalSetup: "./tests/e2e/support/portals.ts",
  // Fails the run when the server logged a Content-Security-Policy violation from any page.
  globalTeardown: "./tests/e2e/support/csp.ts",
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // `npm run test:e2e` has found (or installed) it already; run directly, this says what to run when there is none.
      executablePath: findBrowser({ install: false }).path,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    // *.api.spec.ts talk HTTP only, so the browser's JavaScript setting does not matter: they run once.
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false }, testIgnore: /\.api\.spec\.ts$/ },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && mkdir -p test-results && node server.js > ${SERVER_LOG} 2>&1`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      RATE_LIMIT_FACTOR: "1000",
      E2E_TEST_ROUTES: "true",
      // Short, but long enough that a test's listing and price cut, made a moment apart, go in one alert email.
      ALERT_DELAY_SECONDS: "3",
      // Tiles would come from the internet: tests draw maps without them.
      MAP_TILE_URL: "none",
      // The API contract test checks CORS for this origin.
      CORS_ORIGINS: "https://partner.example",
      LOG_LEVEL: "info",
      // Listings go to the fake portals at once (tests/e2e/support/portals.ts).
      ...fakePortalEnv(FAKE_PORTAL_URLS),
      PORTAL_DELAY_SECONDS: "0",
    },
  },
});
