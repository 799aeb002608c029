import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, describe, expect, test } from "vitest";

import { admissionControl, type AdmissionOptions } from "../../server/admission";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** An app whose requests each wait for `release()`; `started` lists the paths the app began, in order. */
async function appWith(options: AdmissionOptions) {
  const started: string[] = [];
  const waiting: (() => void)[] = [];
  const app = express();
  const admission = admissionControl(options);
  // Requests to /gone reach admission only once their client has left (as one handed on late would).
  const gone: string[] = [];
  let arrived = 0;
  app.use((req, res, next) => {
    if (req.path !== "/gone") return next();
    arrived++;
    res.once("close", () => {
      gone.push(req.path);
      next();
    });
  });
  app.use(admission);
  app.use((req, res) => {
    started.push(req.path);
    waiting.push(() => res.json({ path: req.path }));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setImmediate(resolve));
  };
  /** A request from `client` (named by a header the tests' `clientOf` reads). */
  const from = (client: string, path: string, signal?: AbortSignal) =>
    fetch(`${base}${path}`, { headers: { "x-client": client }, signal });
  return { base, started, gone, arrived: () => arrived, until, admission, from, release: () => waiting.shift()!() };
}

/** One request at a time, clients told apart by a header, each allowed `maxQueuePerClient` waiting. */
const perClient = (maxQueuePerClient: number): AdmissionOptions => ({
  concurrency: 1,
  maxQueue: 10,
  maxWaitMs: 60_000,
  retryAfterSeconds: 2,
  clientOf: (req) => req.get("x-client") ?? "",
  maxQueuePerClient,
});

describe("admission control", () => {
  test("runs only `concurrency` requests at once, queues the next in order and refuses beyond the queue", async () => {
    const { base, started, until, admission, release } = await appWith({
      concurrency: 2,
      maxQueue: 2,
      maxWaitMs: 60_000,
      retryAfterSeconds: 3,
    });
    const first = fetch(`${base}/one`);
    const second = fetch(`${base}/two`);
    await until(() => started.length === 2);
    const third = fetch(`${base}/three`);
    const fourth = fetch(`${base}/four`);
    await until(() => admission.waiting === 2);
    const refused = await fetch(`${base}/api/v1/five`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("3");
    expect(await refused.json()).toEqual({ message: "The site is busy right now. Please try again in a moment." });
    expect(started).toEqual(["/one", "/two"]);

    release();
    expect((await first).status).toBe(200);
    await until(() => started.length === 3);
    expect(started[2]).toBe("/three");
    release();
    release();
    await until(() => started.length === 4);
    release();
    expect((await Promise.all([second, third, fourth])).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(started).toEqual(["/one", "/two", "/three", "/four"]);
  });

  test("turns rotate between clients, and one client cannot fill the queue", async () => {
    const { started, until, admission, from, release } = await appWith(perClient(2));
    const flood = [from("a", "/a1")];
    await until(() => started.length === 1);
    flood.push(from("a", "/a2"), from("a", "/a3"));
    await until(() => admission.waiting === 2);
    // A third request of a's waiting is held outside the queue; b's first queues.
    const giveUp = new AbortController();
    const beyond = from("a", "/a4", giveUp.signal).catch(() => "aborted");
    await until(() => admission.held === 1);
    const other = from("b", "/b1");
    await until(() => admission.waiting === 3);
    for (let turn = 2; turn <= 4; turn++) {
      release();
      await until(() => started.length === turn);
    }
    release();
    expect((await Promise.all([...flood, other])).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // b's request waited for one of a's, not for all of them; a's held request never started.
    expect(started).toEqual(["/a1", "/a2", "/b1", "/a3"]);
    expect(admission.waiting).toBe(0);
    expect(admission.held).toBe(1);
    giveUp.abort();
    expect(await beyond).toBe("aborted");
    await until(() => admission.held === 0);
  });

  test("a request beyond its client's share is held, then refused with 503 when its wait would end", async () => {
    const { started, until, admission, from, release } = await appWith({ ...perClient(1), maxWaitMs: 100 });
    const running = from("a", "/a1");
    await until(() => started.length === 1);
    const queued = from("a", "/a2");
    await until(() => admission.waiting === 1);
    const beyond = from("a", "/a3");
    // Held, not answered at once: a flood's connections then wait instead of sending their next request.
    await until(() => admission.held === 1);
    const refused = await beyond;
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    await until(() => admission.held === 0);
    expect((await queued).status).toBe(503);
    release();
    expect((await running).status).toBe(200);
    expect(started).toEqual(["/a1"]);
  });

  test("a client that gives up while waiting leaves the queue and the rotation", async () => {
    const { started, until, admission, from, release } = await appWith(perClient(1));
    const running = from("a", "/a1");
    await until(() => started.length === 1);
    const leaving = new AbortController();
    const left = from("a", "/a2", leaving.signal).catch(() => "aborted");
    await until(() => admission.waiting === 1);
    const other = from("b", "/b1");
    await until(() => admission.waiting === 2);
    leaving.abort();
    expect(await left).toBe("aborted");
    await until(() => admission.waiting === 1);
    // a has nothing waiting now, so it may queue again.
    const again = from("a", "/a3");
    await until(() => admission.waiting === 2);
    release();
    await until(() => started.length === 2);
    release();
    await until(() => started.length === 3);
    release();
    expect((await Promise.all([running, other, again])).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(started).toEqual(["/a1", "/b1", "/a3"]);
  });

  test("a request that cannot start within maxWaitMs gets 503 with Retry-After, as a page for browsers", async () => {
    const { base, started, until, release } = await appWith({
      concurrency: 1,
      maxQueue: 10,
      maxWaitMs: 100,
      retryAfterSeconds: 2,
    });
    const running = fetch(`${base}/slow`);
    await until(() => started.length === 1);
    const waited = await fetch(`${base}/view-properties`, { headers: { accept: "text/html" } });
    expect(waited.status).toBe(503);
    expect(waited.headers.get("retry-after")).toBe("2");
    expect(await waited.text()).toContain("<h1>The site is busy right now. Please try again in a moment.</h1>");
    release();
    expect((await running).status).toBe(200);
    // The refused request never ran, and the turn it did not take is free again.
    const next = fetch(`${base}/next`);
    await until(() => started.length === 2);
    release();
    expect((await next).status).toBe(200);
    expect(started).toEqual(["/slow", "/next"]);
  });

  test("a request whose client has already gone takes no turn", async () => {
    const { base, started, gone, arrived, until, release } = await appWith({
      concurrency: 1,
      maxQueue: 10,
      maxWaitMs: 60_000,
      retryAfterSeconds: 2,
    });
    const leaving = new AbortController();
    const left = fetch(`${base}/gone`, { signal: leaving.signal }).catch(() => "aborted");
    await until(() => arrived() === 1);
    leaving.abort();
    expect(await left).toBe("aborted");
    await until(() => gone.length === 1);
    // Its turn would never have been given back; the only turn is still free.
    const next = fetch(`${base}/next`);
    await until(() => started.length === 1);
    release();
    expect((await next).status).toBe(200);
    expect(started).toEqual(["/next"]);
  });

  test("an exempt request (the health check) neither waits nor is refused, and takes no turn", async () => {
    const { base, started, until, release } = await appWith({
      concurrency: 1,
      maxQueue: 0,
      maxWaitMs: 60_000,
      retryAfterSeconds: 2,
      exempt: (req) => req.path === "/healthz",
    });
    const busy = fetch(`${base}/busy`);
    await until(() => started.length === 1);
    expect((await fetch(`${base}/refused`)).status).toBe(503);
    const health = fetch(`${base}/healthz`);
    await until(() => started.length === 2);
    release();
    expect((await busy).status).toBe(200);
    // The health check is still running, and the only turn is free.
    const next = fetch(`${base}/next`);
    await until(() => started.length === 3);
    release();
    release();
    expect((await Promise.all([health, next])).map((r) => r.status)).toEqual([200, 200]);
    expect(started).toEqual(["/busy", "/healthz", "/next"]);
  });
});
