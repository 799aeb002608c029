import { readFileSync } from "node:fs";

import { expect, test } from "@playwright/test";

import { serverLog } from "./support/server";

test("GET /healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
});

test("every response carries a request id, and a valid incoming one is kept", async ({ request }) => {
  const fresh = await request.get("/healthz");
  expect(fresh.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const kept = await request.get("/healthz", { headers: { "X-Request-Id": "lb-1234.abc" } });
  expect(kept.headers()["x-request-id"]).toBe("lb-1234.abc");
  const replaced = await request.get("/healthz", { headers: { "X-Request-Id": "bad id with spaces" } });
  expect(replaced.headers()["x-request-id"]).not.toBe("bad id with spaces");
});

test("requests and errors are logged as structured JSON", async ({ request }) => {
  await request.get("/healthz", { headers: { "X-Request-Id": "log-check-1" } });
  await request.get("/__e2e/crash", { headers: { "X-Request-Id": "log-check-2" } });
  await expect
    .poll(() => {
      const lines = readFileSync(serverLog(), "utf8")
        .split("\n")
        .filter((l) => l.startsWith("{"));
      return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    })
    .toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          req: { id: "log-check-1", method: "GET", path: "/healthz" },
          res: { status: 200 },
          durationMs: expect.any(Number),
        }),
        expect.objectContaining({
          msg: "unhandled error",
          path: "/__e2e/crash",
          err: expect.objectContaining({ message: "Deliberate failure for the error page test" }),
        }),
        expect.objectContaining({
          req: { id: "log-check-2", method: "GET", path: "/__e2e/crash" },
          res: { status: 500 },
        }),
      ]),
    );
});
