// The Express layer in front of the app: CORS preflights for /api/v1 and the cross-site refusal, which both
// answer before React Router sees the request.
import { mkdtempSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { reloadEnv } from "../../app/lib/env.server";
import { createApp } from "../../server/http";

let server: Server;
let base = "";

beforeAll(async () => {
  process.env.CORS_ORIGINS = "https://partner.example, https://app.partner.example";
  reloadEnv();
  server = createApp({
    clientDir: mkdtempSync(path.join(os.tmpdir(), "movewise-client-")),
    build: {} as ServerBuild,
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.CORS_ORIGINS;
  reloadEnv();
  await new Promise((resolve) => server.close(resolve));
});

const preflight = (origin: string, url = "/api/v1/properties/search") =>
  fetch(base + url, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, content-type",
    },
  });

describe("CORS on /api/v1", () => {
  test("a listed origin's preflight is answered 204 with the methods and headers, without credentials", async () => {
    const response = await preflight("https://app.partner.example");
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("https://app.partner.example");
    expect(response.headers.get("Access-Control-Allow-Methods")).toBe("GET, POST, PUT, DELETE");
    expect(response.headers.get("Access-Control-Allow-Headers")).toBe("Authorization, Content-Type");
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(response.headers.get("Vary")).toContain("Origin");
  });

  test("any other origin's preflight is refused with a JSON 403 and no CORS headers", async () => {
    const response = await preflight("https://evil.example");
    expect(response.status).toBe(403);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(((await response.json()) as { message: string }).message).toMatch(/CORS_ORIGINS/);
  });
});

describe("cross-site writes", () => {
  const crossSite = {
    "Sec-Fetch-Site": "cross-site",
    Origin: "https://evil.example",
    Cookie: "__session=abc",
    "Content-Type": "application/json",
  };

  test("a cookie-carrying API write from another site is refused", async () => {
    const response = await fetch(`${base}/api/v1/vendor/bookings`, { method: "POST", headers: crossSite, body: "{}" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/another site/);
  });

  test("a bearer token does not exempt a page's form post: pages authenticate by cookie", async () => {
    const response = await fetch(`${base}/admin/api-tokens`, {
      method: "POST",
      headers: { ...crossSite, Authorization: "Bearer mw_x" },
      body: "{}",
    });
    expect(response.status).toBe(403);
  });
});
