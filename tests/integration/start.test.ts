// `npm start` as a user runs it: a real process on the production build, on a fresh database
// (PGlite in a new DATA_DIR, or a new PostgreSQL database), stopped with SIGTERM and started again.
import type { ChildProcess } from "node:child_process";
import { expect, test } from "vitest";
import { engine, serverStore, startProductionServer } from "../support/production-server";

const port = 3400 + (engine === "postgres" ? 1 : 0);
const store = serverStore("start");

function startServer(extraEnv: Record<string, string> = {}) {
  return startProductionServer({ port, store, env: { SEED_DEMO: "true", LOG_LEVEL: "info", ...extraEnv } });
}

async function stop(server: { child: ChildProcess; exited: Promise<number | null> }) {
  server.child.kill("SIGTERM");
  return server.exited;
}

const url = (p: string) => `http://127.0.0.1:${port}${p}`;

test("npm start migrates, seeds, serves, stops cleanly and keeps the data", { timeout: 120_000 }, async () => {
  const first = startServer({ ADMIN_EMAIL: "Owner@Agency.test", ADMIN_PASSWORD: "first-password" });
  await first.ready;
  expect(first.output()).toContain(`running at`);
  expect(first.output()).toMatch(/Demo vendor: vendor@demo\.movewise\.test/);

  const health = await fetch(url("/healthz"));
  expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
  const home = await fetch(url("/"));
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("The Smarter Way To Sell Your Home");
  expect(first.output()).toMatch(/"msg":"demo data loaded/);

  expect(await stop(first)).toBe(0);
  expect(first.output()).toContain('"msg":"stopped"');

  // Second start: nothing is seeded twice, the admin is kept and its password reset.
  const second = startServer({ ADMIN_EMAIL: "owner@agency.test", ADMIN_PASSWORD: "second-password" });
  await second.ready;
  expect(second.output()).not.toMatch(/demo data loaded/);
  expect(second.output()).toMatch(/admin password set from ADMIN_PASSWORD/);
  expect((await fetch(url("/healthz"))).status).toBe(200);
  expect(await stop(second)).toBe(0);
});

test("a bad setting stops start-up with a message naming it", { timeout: 60_000 }, async () => {
  const server = startServer({ PORT: "abc" });
  await expect(server.ready).rejects.toThrow(/PORT: expected a whole number between 1 and 65535 \(got "abc"\)/);
  expect(await server.exited).toBe(1);
});
