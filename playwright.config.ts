// End-to-end tests against the production build served by `npm start`, in Chromium (scripts/find-browser.js),
// with JavaScript on and off. Each project has a server of its own (tests/e2e/support/server.ts), on a test port
// with a fresh DATA_DIR (embedded PGlite, demo data): two projects run at once, each one test at a time.
import { defineConfig, devices } from "@playwright/test";

import { findBrowser } from "./scripts/find-browser.js";
import { fakePortalUrls } from "./tests/e2e/support/portals";
import { PROJECT_PORTS, serverFiles } from "./tests/e2e/support/server";
import { fakePortalEnv } from "./tests/support/fake-portals";

/** The spec files of the first project with JavaScript: those whose names start with a to r. */
const JS_FIRST_HALF = /\/[a-r][^/]*\.spec\.ts$/;

const baseURL = (port: number) => `http://127.0.0.1:${port}`;

/** The production server for one project, on its own port, data directory, log and fake portals. */
function server(port: number) {
  const { dataDir, log } = serverFiles(port);
  return {
    command: `rm -rf ${dataDir} && mkdir -p test-results && node server.js > ${log} 2>&1`,
    url: `${baseURL(port)}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      PUBLIC_URL: baseURL(port),
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
      ...fakePortalEnv(fakePortalUrls(port)),
      PORTAL_DELAY_SECONDS: "0",
    },
  };
}

/** A project: Desktop Chrome on its own server, one test at a time; "no-js" without JavaScript. */
function project(name: keyof typeof PROJECT_PORTS) {
  return {
    workers: 1,
    use: { ...devices["Desktop Chrome"], javaScriptEnabled: name !== "no-js", baseURL: baseURL(PROJECT_PORTS[name]) },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/artifacts",
  fullyParallel: false,
  // Two projects at a time, one per core; each project runs one test at a time, since its tests share its
  // server's data.
  workers: 2,
  forbidOnly: true,
  // A journey's test may run axe four times (2.7 s each on an idle machine) while the other project, both servers
  // and two Chromiums share the two cores: CI has seen such tests reach 30 s, so each test has 60 s.
  timeout: 60_000,
  // The fake Rightmove and Zoopla servers the app sends listings to (tests/e2e/support/portals.ts).
  globalSetup: "./tests/e2e/support/portals.ts",
  // Fails the run when the server logged a Content-Security-Policy violation from any page.
  globalTeardown: "./tests/e2e/support/csp.ts",
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    // Recording a trace of every test took a quarter of the run's time, and CI keeps only what the run prints;
    // `npx playwright test --trace retain-on-failure` records them when a failure needs one.
    trace: "off",
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
  // Two run at a time, in this order: the specs with JavaScript are split by name so that the first project
  // takes about as long as the other two together. The second takes every spec the first does not, so none
  // goes without JavaScript whatever its name.
  projects: [
    { name: "js-a-r", testMatch: JS_FIRST_HALF, ...project("js-a-r") },
    // *.api.spec.ts talk HTTP only, so the browser's JavaScript setting does not matter: they run once.
    { name: "no-js", testIgnore: /\.api\.spec\.ts$/, ...project("no-js") },
    { name: "js-s-z", testIgnore: JS_FIRST_HALF, ...project("js-s-z") },
  ],
  webServer: Object.values(PROJECT_PORTS).map(server),
});
