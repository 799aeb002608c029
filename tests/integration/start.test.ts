// `npm start` as a user runs it: a real process on the production build, on a fresh database
// (PGlite in a new DATA_DIR, or a new PostgreSQL database), stopped with SIGTERM and started again.
import { existsSync, statSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";

import { expect, onTestFinished, test } from "vitest";

import { demoLoginsFile, readDemoPasswords } from "../../app/modules/bootstrap/demo-logins.server";
import { engine, type ProductionServer, serverStore, startProductionServer } from "../support/production-server";

const port = 3400 + (engine === "postgres" ? 1 : 0);
const store = serverStore("start");
// An installation of its own for the https start, empty.
const httpsStore = serverStore("starthttps");

function startServer(extraEnv: Record<string, string> = {}, { terminal = false } = {}) {
  const server = startProductionServer({
    port,
    store,
    env: { SEED_DEMO: "true", LOG_LEVEL: "info", ...extraEnv },
    terminal,
  });
  // A failed test must not leave its server on the port for the next run.
  onTestFinished(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) process.kill(server.pid(), "SIGKILL");
  });
  return server;
}

async function stop(server: ProductionServer) {
  process.kill(server.pid(), "SIGTERM");
  return server.exited;
}

/** What the log lines say once a terminal's colours are taken out. */
const plain = (text: string) => stripVTControlCharacters(text).replace(/\r/g, "");

/** The log lines of the output, without the start-up banner (indented or blank lines). */
const logLines = (output: string) =>
  plain(output)
    .split("\n")
    .filter((line) => line && !line.startsWith("  "));

/** The password the banner shows for a demo account. */
const bannerPassword = (banner: string, email: string) =>
  new RegExp(`: ${email.replace(/\./g, "\\.")} / (\\S+)$`, "m").exec(banner)?.[1];

const url = (p: string) => `http://127.0.0.1:${port}${p}`;

test("npm start migrates, seeds, serves, stops cleanly and keeps the data", { timeout: 120_000 }, async () => {
  const first = startServer({ ADMIN_EMAIL: "Owner@Agency.test", ADMIN_PASSWORD: "first-password" });
  await first.ready;
  expect(first.output()).toContain(`running at`);
  // The demo logins: passwords made for this installation, kept in DATA_DIR (owner only), and working.
  const banner = plain(first.output());
  const shown = bannerPassword(banner, "admin@demo.movewise.test");
  expect(shown).toMatch(/^[\w-]{16}$/);
  expect(banner).toMatch(/Demo vendor: vendor@demo\.movewise\.test \/ [\w-]{16}$/m);
  expect(readDemoPasswords(store.dataDir)["admin@demo.movewise.test"]).toBe(shown);
  expect(statSync(demoLoginsFile(store.dataDir)).mode & 0o777).toBe(0o600);
  const signin = await fetch(url("/api/v1/auth/signin"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@demo.movewise.test", password: shown }),
  });
  expect(signin.status).toBe(200);

  const health = await fetch(url("/healthz"));
  expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
  const home = await fetch(url("/"));
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("The Smarter Way To Sell Your Home");
  expect(first.output()).toMatch(/"msg":"demo data loaded/);
  // Not at a terminal: every log line is one JSON object (log collectors, and the e2e run, read them so).
  const lines = logLines(first.output());
  expect(lines.length).toBeGreaterThan(2);
  for (const line of lines)
    expect(JSON.parse(line), line).toMatchObject({
      level: expect.any(Number),
      time: expect.any(Number),
      msg: expect.any(String),
    });

  expect(await stop(first)).toBe(0);
  expect(first.output()).toContain('"msg":"stopped"');

  // Second start: nothing is seeded twice, the admin is kept and its password reset.
  const second = startServer({ ADMIN_EMAIL: "owner@agency.test", ADMIN_PASSWORD: "second-password" });
  await second.ready;
  expect(second.output()).not.toMatch(/demo data loaded/);
  expect(second.output()).toMatch(/admin password set from ADMIN_PASSWORD/);
  // The next start's banner shows the same demo password again.
  expect(bannerPassword(plain(second.output()), "admin@demo.movewise.test")).toBe(shown);
  expect((await fetch(url("/healthz"))).status).toBe(200);
  expect(await stop(second)).toBe(0);
});

test(
  "at a terminal the log is readable lines, not JSON; LOG_FORMAT=json keeps JSON there",
  { timeout: 120_000 },
  async () => {
    const server = startServer({}, { terminal: true });
    await server.ready;
    expect((await fetch(url("/about"))).status).toBe(200);
    await expect
      .poll(() => plain(server.output()))
      .toMatch(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/about 200 \d+ms \{"req":\{"id":"[\w-]+","method":"GET","path":"\/about"\}\}$/m,
      );
    expect(server.output()).toContain("\x1b[32mINFO\x1b[39m");
    expect(await stop(server)).toBe(0);
    const lines = logLines(server.output());
    expect(lines.at(-1)).toMatch(/\] INFO: stopped$/);
    for (const line of lines) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] (INFO|WARN|ERROR): /);

    const json = startServer({ LOG_FORMAT: "json" }, { terminal: true });
    await json.ready;
    expect(await stop(json)).toBe(0);
    for (const line of logLines(json.output())) expect(JSON.parse(line)).toHaveProperty("msg");
  },
);

test("a bad setting stops start-up with a message naming it", { timeout: 60_000 }, async () => {
  const server = startServer({ PORT: "abc" });
  await expect(server.ready).rejects.toThrow(/PORT: expected a whole number between 1 and 65535 \(got "abc"\)/);
  expect(await server.exited).toBe(1);
});

test("a site served over https starts empty, saying why there is no demo data", { timeout: 120_000 }, async () => {
  const server = startProductionServer({
    port,
    store: httpsStore,
    env: { SEED_DEMO: "true", LOG_LEVEL: "info", PUBLIC_URL: "https://homes.example.test" },
  });
  onTestFinished(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) process.kill(server.pid(), "SIGKILL");
  });
  await server.ready;
  expect(server.output()).toMatch(/"msg":"demo data not loaded: PUBLIC_URL is https .*SEED_DEMO=force/);
  expect(server.output()).not.toMatch(/demo data loaded/);
  expect(server.output()).not.toMatch(/@demo\.movewise\.test/);
  expect(existsSync(demoLoginsFile(httpsStore.dataDir))).toBe(false);
  expect(await stop(server)).toBe(0);
});
