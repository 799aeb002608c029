// The production server as a user starts it (`node server.js` on the build in build/), for tests that need
// a real process and real sockets. Each test file gets a data directory of its own and, on PostgreSQL
// (TEST_DB_ENGINE=postgres), an empty database of its own, dropped after its tests.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll } from "vitest";

import { withDatabase } from "./global-setup";

export const engine = process.env.TEST_DB_ENGINE;

export type ServerStore = { dataDir: string; databaseUrl: string };

/** A data directory now, and before the file's tests (on PostgreSQL) a new database; `name` tells them apart. */
export function serverStore(name: string): ServerStore {
  const store = { dataDir: mkdtempSync(path.join(os.tmpdir(), `movewise-${name}-`)), databaseUrl: "" };
  const dbName = `movewise_${name}_${process.pid}`;
  let admin: pg.Client | undefined;
  beforeAll(async () => {
    if (engine !== "postgres") return;
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${dbName}"`);
    store.databaseUrl = withDatabase(process.env.DATABASE_URL!, dbName);
  });
  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin?.end();
  });
  return store;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The body of a contact message carrying `marker` (`marker <marker> end`), for tests that count what is stored or mailed. */
export const contactMessage = (marker: string) =>
  JSON.stringify({
    first_name: "Marker",
    last_name: "Sender",
    email: "marker@example.com",
    message: `marker ${marker} end`,
  });

/** Sends `server` the contact message carrying `marker` through its API, with `headers` besides JSON's. */
export const sendContactMessage = (server: ProductionServer, marker: string, headers: Record<string, string> = {}) =>
  fetch(server.url("/api/v1/contact-us"), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: contactMessage(marker),
  });

export type ProductionServer = {
  child: ChildProcess;
  /** Resolves once the site is served; rejects with the output when the process exits first. */
  ready: Promise<void>;
  /** The exit code, or -1 when a signal ended it. */
  exited: Promise<number | null>;
  output: () => string;
  /** The server's own process id (at a terminal, `script` runs it). */
  pid: () => number;
  /** The first line of output that contains `text`, once it has been written. */
  lineWith: (text: string) => Promise<string>;
  url: (path: string) => string;
};

/**
 * Starts `node server.js` on 127.0.0.1:`port` with `store`; `env` adds to or overrides the settings. `script`
 * runs another entry point (e.g. scripts/worker.js), ready once it prints `readyText`. `terminal` puts its
 * output on a pseudo-terminal, as when someone runs it in a shell (util-linux `script`, which exits with
 * the server's exit code).
 */
export function startProductionServer({
  port,
  store,
  env = {},
  script = "server.js",
  readyText = "running at",
  terminal = false,
}: {
  port: number;
  store: ServerStore;
  env?: Record<string, string>;
  script?: string;
  readyText?: string;
  terminal?: boolean;
}): ProductionServer {
  let output = "";
  const [command, args] = terminal
    ? ["script", ["-qfec", `exec "${process.execPath}" ${script}`, "/dev/null"]]
    : [process.execPath, [script]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl,
      SESSION_SECRET: "s".repeat(40),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", () => output.includes(readyText) && resolve());
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  const lineWith = (text: string) =>
    new Promise<string>((resolve) => {
      const look = () => {
        // The last piece may be a line still being written.
        const line = output
          .split("\n")
          .slice(0, -1)
          .find((l) => l.includes(text));
        if (line === undefined) return false;
        child.stdout!.off("data", look);
        resolve(line);
        return true;
      };
      if (!look()) child.stdout!.on("data", look);
    });
  const pid = () =>
    terminal ? Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim()) : child.pid!;
  return { child, ready, exited, output: () => output, pid, lineWith, url: (p) => `http://127.0.0.1:${port}${p}` };
}
