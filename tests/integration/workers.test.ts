// `npm run worker`: background jobs in processes of their own. On PostgreSQL a web process started with
// WORKERS=off and two worker processes share one queue: every message is sent exactly once, and SIGTERM stops a
// worker cleanly. On the embedded database (one process only) both commands refuse with a clear message.
import { describe, expect, test } from "vitest";

import { engine, sendContactMessage, serverStore, startProductionServer } from "../support/production-server";
import { setupSmtpServer } from "../support/smtp";

const port = 3410 + (engine === "postgres" ? 1 : 0);
const store = serverStore("workers");
const inbox = setupSmtpServer();

const start = (options: { script?: string; readyText?: string; env?: Record<string, string> } = {}) =>
  startProductionServer({
    port,
    store,
    ...options,
    env: {
      SEED_DEMO: "false",
      RATE_LIMIT_FACTOR: "100000",
      LOG_LEVEL: "info",
      SMTP_URL: process.env.SMTP_URL!,
      ...options.env,
    },
  });

describe.runIf(engine === "postgres")("on PostgreSQL", () => {
  test(
    "a web process with WORKERS=off and two workers: each message is sent exactly once; SIGTERM stops a worker cleanly",
    { timeout: 180_000 },
    async () => {
      const web = start({ env: { WORKERS: "off" } });
      await web.ready;
      expect(web.output()).toContain("Background jobs: left to npm run worker");
      const workers = [1, 2].map(() => start({ script: "scripts/worker.js", readyText: "worker started" }));
      await Promise.all(workers.map((w) => w.ready));

      const markers = Array.from({ length: 60 }, (_, i) => `w-${i}`);
      for (const marker of markers) expect((await sendContactMessage(web, marker)).status).toBe(201);
      const delivered = () => inbox.map((m) => /marker (\S+) end/.exec(m.raw)?.[1]).filter(Boolean);
      await expect
        .poll(() => delivered().length, { timeout: 60_000, interval: 200 })
        .toBeGreaterThanOrEqual(markers.length);
      expect(delivered().sort()).toEqual([...markers].sort());

      for (const worker of workers) worker.child.kill("SIGTERM");
      expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
      web.child.kill("SIGTERM");
      expect(await web.exited).toBe(0);
    },
  );
});

describe.runIf(engine !== "postgres")("on the embedded database", () => {
  test(
    "npm run worker refuses, saying why, and so does a web process with WORKERS=off",
    { timeout: 60_000 },
    async () => {
      const worker = start({ script: "scripts/worker.js", readyText: "worker started" });
      await expect(worker.ready).rejects.toThrow("npm run worker needs DATABASE_URL");
      expect(await worker.exited).toBe(1);
      const web = start({ env: { WORKERS: "off" } });
      await expect(web.ready).rejects.toThrow(/WORKERS.*the embedded database can only be opened by one process/);
      expect(await web.exited).toBe(1);
    },
  );
});
