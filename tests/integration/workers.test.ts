// `npm run worker`: background jobs in processes of their own. On PostgreSQL a web process started with
// WORKERS=off and two worker processes share one queue: every message is sent exactly once, and SIGTERM stops a
// worker cleanly. On the embedded database (one process only) both commands refuse with a clear message.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withDatabase } from "../support/global-setup";
import { setupSmtpServer } from "../support/smtp";

const engine = process.env.TEST_DB_ENGINE;
const port = 3410 + (engine === "postgres" ? 1 : 0);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "movewise-workers-"));
const dbName = `movewise_workers_${process.pid}`;
let databaseUrl = "";
let admin: pg.Client | undefined;
const inbox = setupSmtpServer();

beforeAll(async () => {
  if (engine !== "postgres") return;
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${dbName}"`);
  databaseUrl = withDatabase(process.env.DATABASE_URL!, dbName);
});

afterAll(async () => {
  await admin?.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin?.end();
});

type Proc = { child: ChildProcess; output: () => string; exited: Promise<number | null>; waitFor: (text: string) => Promise<void> };

function run(script: string, env: Record<string, string>): Proc {
  let output = "";
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "s".repeat(40),
      SEED_DEMO: "false",
      RATE_LIMIT_FACTOR: "100000",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const waitFor = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => output.includes(text) && resolve();
      child.stdout!.on("data", check);
      child.stderr!.on("data", check);
      check();
      void exited.then((code) => reject(new Error(`${script} exited with ${code} before "${text}":\n${output}`)));
    });
  return { child, output: () => output, exited, waitFor };
}

describe.runIf(engine === "postgres")("on PostgreSQL", () => {
  test("a web process with WORKERS=off and two workers: each message is sent exactly once; SIGTERM stops a worker cleanly", { timeout: 180_000 }, async () => {
    const web = run("server.js", { WORKERS: "off", SMTP_URL: process.env.SMTP_URL! });
    await web.waitFor("running at");
    expect(web.output()).toContain("Background jobs: left to npm run worker");
    const workers = [run("scripts/worker.js", { SMTP_URL: process.env.SMTP_URL! }), run("scripts/worker.js", { SMTP_URL: process.env.SMTP_URL! })];
    await Promise.all(workers.map((w) => w.waitFor("worker started")));

    const markers = Array.from({ length: 60 }, (_, i) => `w-${i}`);
    for (const marker of markers) {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/contact-us`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ first_name: "Wendy", last_name: "Worker", email: "wendy@example.com", message: `marker ${marker} end` }),
      });
      expect(response.status).toBe(201);
    }
    const delivered = () => inbox.map((m) => /marker (\S+) end/.exec(m.raw)?.[1]).filter(Boolean);
    await expect.poll(() => delivered().length, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(markers.length);
    expect(delivered().sort()).toEqual([...markers].sort());

    for (const worker of workers) worker.child.kill("SIGTERM");
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
    web.child.kill("SIGTERM");
    expect(await web.exited).toBe(0);
  });
});

describe.runIf(engine !== "postgres")("on the embedded database", () => {
  test("npm run worker refuses, saying why, and so does a web process with WORKERS=off", { timeout: 60_000 }, async () => {
    const worker = run("scripts/worker.js", { DATABASE_URL: "" });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain("npm run worker needs DATABASE_URL");
    const web = run("server.js", { DATABASE_URL: "", WORKERS: "off" });
    expect(await web.exited).toBe(1);
    expect(web.output()).toMatch(/WORKERS.*the embedded database can only be opened by one process/);
  });
});
