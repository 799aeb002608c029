// The production server's HTTP edge, over real sockets (127.0.0.1 only): slow bodies hold no turn, bodies
// over the cap are refused before they are read (multipart included, except by the upload endpoints),
// forwarding headers are believed only from the proxies TRUST_PROXY names, odd request targets get a
// 400, never a 500, and no endpoint matches a list of paths against every route.
import http from "node:http";
import net from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { freePort, type ProductionServer, serverStore, startProductionServer } from "../support/production-server";

const store = serverStore("http");
const trustingStore = serverStore("http_trust");
let server: ProductionServer;

beforeAll(async () => {
  server = startProductionServer({
    port: await freePort(),
    store,
    env: { SEED_DEMO: "false", RATE_LIMIT_FACTOR: "100000", LOG_LEVEL: "warn" },
  });
  await server.ready;
}, 120_000);

afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
});

const port = () => Number(new URL(server.url("/")).port);

/**
 * A POST that sends its headers, then its body one byte a second: "in place" once the server has read the
 * headers (it answers "100 Continue" then). It stops by itself after `maxMs`, or when stopped.
 */
function trickle(path: string, { maxMs = 30_000 } = {}) {
  const length = 1_000;
  const request = http.request(server.url(path), {
    method: "POST",
    agent: false,
    headers: { "Content-Type": "application/json", "Content-Length": length, Expect: "100-continue" },
  });
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearInterval(timer);
    request.destroy();
  };
  const deadline = setTimeout(stop, maxMs);
  const inPlace = new Promise<void>((resolve) =>
    request.once("continue", () => {
      let sent = 0;
      timer = setInterval(() => (++sent < length ? request.write("{") : stop()), 1_000);
      request.write("{", () => resolve());
    }),
  );
  const answer = new Promise<number | "gone">((resolve) => {
    request.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on("close", () => {
      clearTimeout(deadline);
      clearInterval(timer);
      resolve("gone");
    });
  });
  request.on("error", () => {});
  request.flushHeaders();
  return { inPlace, answer, stop };
}

async function timed(path: string) {
  const started = performance.now();
  const response = await fetch(server.url(path));
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

test(
  "with 50 connections trickling their bodies, /healthz and a page still answer 200 within 1 s",
  { timeout: 60_000 },
  async () => {
    expect((await timed("/login")).status).toBe(200); // rendered once before, as a visitor would find it
    const slow = Array.from({ length: 50 }, (_, i) => trickle(i % 2 ? "/api/v1/contact-us" : "/login"));
    try {
      await Promise.all(slow.map((s) => s.inPlace));
      const [health, page] = await Promise.all([timed("/healthz"), timed("/login")]);
      expect(health.status).toBe(200);
      expect(page.status).toBe(200);
      expect(health.ms).toBeLessThan(1_000);
      expect(page.ms).toBeLessThan(1_000);
      // A body that arrives at once still gets its turn.
      const sent = await fetch(server.url("/api/v1/contact-us"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          first_name: "Quick",
          last_name: "Sender",
          email: "quick@example.com",
          message: "Hello",
        }),
      });
      expect(sent.status).toBe(201);
    } finally {
      for (const s of slow) s.stop();
    }
    // None of them was answered while it was still sending.
    expect(new Set(await Promise.all(slow.map((s) => s.answer)))).toEqual(new Set(["gone"]));
  },
);

/**
 * Sends a request's head and the first bytes of its body, and reads the status line of the answer; or
 * "no answer" when the server is still waiting for the rest after `maxMs`.
 */
function rawExchange(head: string, { body = "", maxMs = 10_000 } = {}) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port(), "127.0.0.1");
    let received = "";
    const done = (result: string) => {
      clearTimeout(deadline);
      socket.destroy();
      resolve(result);
    };
    const deadline = setTimeout(() => done(received ? received.split("\r\n")[0]! : "no answer"), maxMs);
    socket.on("data", (chunk) => {
      received += chunk;
      if (received.includes("\r\n")) done(received.split("\r\n")[0]!);
    });
    socket.on("error", () => done(received ? received.split("\r\n")[0]! : "connection error"));
    socket.on("close", () => done(received ? received.split("\r\n")[0]! : "closed unanswered"));
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

const host = () => `Host: 127.0.0.1:${port()}`;
const MULTIPART = "Content-Type: multipart/form-data; boundary=x";
const HUGE = 500 * 1024 * 1024;

describe("request bodies", () => {
  test.each(["/login", "/signup", "/contact-us", "/valuation", "/api/v1/contact-us", "/admin-create-property"])(
    "a 500 MiB multipart post to %s is refused with 413 before it is read",
    async (path) => {
      const status = await rawExchange(
        `POST ${path} HTTP/1.1\r\n${host()}\r\n${MULTIPART}\r\nContent-Length: ${HUGE}`,
        { body: "--x\r\n" },
      );
      expect(status).toBe("HTTP/1.1 413 Payload Too Large");
    },
  );

  test.each([
    ["/login", "application/x-www-form-urlencoded", "email="],
    ["/api/v1/auth/signin", "application/json", '{"email":"'],
    ["/api/v1/valuation/request", "application/json", '{"message":"'],
  ])(
    "a body over 1 MiB to %s (%s) is refused with 413 from its length, before it is read",
    async (path, type, body) => {
      const status = await rawExchange(
        `POST ${path} HTTP/1.1\r\n${host()}\r\nContent-Type: ${type}\r\nContent-Length: ${2 * 1024 * 1024}`,
        { body },
      );
      expect(status).toBe("HTTP/1.1 413 Payload Too Large");
    },
  );

  test.each([
    ["PUT", "/api/v1/admin/projects/1/upload", "HTTP/1.1 401 Unauthorized"],
    ["POST", "/sign-contract/1", "HTTP/1.1 302 Found"],
    ["POST", "/admin-property-details/1/media", "HTTP/1.1 302 Found"],
  ])(
    "a large multipart %s to the upload endpoint %s is left to the endpoint (which refuses a stranger)",
    async (method, path, answer) => {
      expect(
        await rawExchange(`${method} ${path} HTTP/1.1\r\n${host()}\r\n${MULTIPART}\r\nContent-Length: ${HUGE}`, {
          body: "--x\r\n",
        }),
      ).toBe(answer);
    },
  );

  test("a small form sent as multipart still works on a page that takes no files", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      first_name: "Maya",
      last_name: "Multipart",
      email: "maya@example.com",
      message: "Sent by a browser as multipart.",
    }))
      form.set(name, value);
    const response = await fetch(server.url("/contact-us"), { method: "POST", body: form, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(/toast=/);
  });
});

describe("odd requests", () => {
  test.each(
    [
      { target: "GET http://evil.example/healthz", status: 400 },
      { target: "GET http://127.0.0.1/healthz", status: 400 },
      { target: "GET *", status: 400 },
      { target: "OPTIONS *", status: 400 },
      { target: "CONNECT evil.example:443", status: 400 },
      { target: "GET evil.example:443", status: 400 },
      { target: "TRACE /login", status: 405 },
      { target: "GET //evil.example/healthz", status: 404 },
      { target: "GET /%", status: 404 },
      { target: "GET /view-properties/%E0%A4%A", status: 404 },
      { target: "GET /login?q=%zz", status: 200 },
      { target: `GET /${"a".repeat(8_000)}`, status: 404 },
    ].map((c) => ({
      ...c,
      name: c.target.length > 80 ? `${c.target.slice(0, 12)}… (${c.target.length} characters)` : c.target,
    })),
  )("$name is answered $status", async ({ target, status }) => {
    expect(await rawExchange(`${target} HTTP/1.1\r\n${host()}\r\nConnection: close`)).toMatch(
      new RegExp(`^HTTP/1\\.1 ${status} `),
    );
  });

  test.each([
    ["TRACE", "/api/v1/bookings", "GET"],
    ["TRACE", "/api/v1/vendor/bookings/1", "GET, DELETE"],
    ["TRACE", "/login", "GET, HEAD, POST"],
    // A form sent to a page that has none: React Router's own 405.
    ["POST", "/about", "GET, HEAD"],
  ])("%s %s is answered 405 with Allow: %s", async (method, path, allow) => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .request(server.url(path), { method, headers: { "Content-Length": 0 } }, (response) => {
          response.resume();
          resolve(response);
        })
        .on("error", reject)
        .end(),
    );
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe(allow);
  });

  test("a path with a broken %-escape gets the site's 404 page, and nothing in the log", async () => {
    for (const path of ["/%", "/view-properties/%E0%A4%A", "/view-properties/%E0%A4?page=2"]) {
      const response = await fetch(server.url(path));
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain("</html>");
    }
    expect(server.output()).not.toContain("could not be decoded");
  });

  test.each(["", "a b", "evil.example/x", "evil.example:99999", "user@evil.example", "[::1", "%", "é"])(
    "Host: %j is answered 400",
    async (value) => {
      expect(await rawExchange(`GET /login HTTP/1.1\r\nHost: ${value}\r\nConnection: close`)).toMatch(
        /^HTTP\/1\.1 400 /,
      );
    },
  );
});

describe("the route manifest", () => {
  test("is one static file a React page imports; no endpoint matches paths for it", async () => {
    const page = await (await fetch(server.url("/api/docs"))).text();
    const file = /import "(\/assets\/manifest-[\w-]+\.js)"/.exec(page)?.[1];
    expect(file).toBeDefined();
    const manifest = await fetch(server.url(file!));
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("cache-control")).toContain("immutable");
    expect(await manifest.text()).toContain('"routes/view-properties.$projectId"');
    // React Router's /__manifest matched each of the paths asked for against every route: one request of
    // 7.6 KB cost the server 150-250 ms. It is an ordinary unknown address now.
    const paths = Array.from({ length: 800 }, (_, i) => `/${i.toString(36)}/x`).join(",");
    const version = /manifest-([\w-]+)\.js/.exec(file!)![1];
    expect((await fetch(server.url(`/__manifest?version=${version}&paths=${paths}`))).status).toBe(404);
  });
});

describe("forwarding headers", () => {
  const cspReport = JSON.stringify({
    "csp-report": {
      "document-uri": "http://x/",
      "violated-directive": "img-src",
      "blocked-uri": "https://t.example/1.png",
    },
  });

  /** The address the server took the client's to be, read from its log of a CSP report. */
  async function clientIpSeenBy(target: ProductionServer, forwardedFor: string) {
    const marker = `https://t.example/${Math.random().toString(36).slice(2)}.png`;
    const body = cspReport.replace("https://t.example/1.png", marker);
    const response = await fetch(target.url("/csp-report"), {
      method: "POST",
      headers: { "Content-Type": "application/csp-report", "X-Forwarded-For": forwardedFor },
      body,
    });
    expect(response.status).toBe(204);
    return (JSON.parse(await target.lineWith(marker)) as { clientIp: string }).clientIp;
  }

  /** A signed-in-looking post from a page at `origin`: 204 when the server takes it for its own origin. */
  async function postFrom(target: ProductionServer, origin: string, headers: Record<string, string>) {
    const response = await fetch(target.url("/csp-report"), {
      method: "POST",
      headers: { "Content-Type": "application/csp-report", Cookie: "__session=x", Origin: origin, ...headers },
      body: cspReport,
    });
    return response.status;
  }

  test("are ignored by default, even from this machine: the client cannot choose its address, scheme or host", async () => {
    expect(await clientIpSeenBy(server, "203.0.113.9")).toBe("127.0.0.1");
    expect(await postFrom(server, `https://127.0.0.1:${port()}`, { "X-Forwarded-Proto": "https" })).toBe(403);
    expect(await postFrom(server, "http://homes.example", { "X-Forwarded-Host": "homes.example" })).toBe(403);
  });

  test("are believed from the proxies TRUST_PROXY names", { timeout: 120_000 }, async () => {
    const trusting = startProductionServer({
      port: await freePort(),
      store: trustingStore,
      env: { SEED_DEMO: "false", LOG_LEVEL: "warn", TRUST_PROXY: "loopback" },
    });
    try {
      await trusting.ready;
      expect(await clientIpSeenBy(trusting, "203.0.113.9")).toBe("203.0.113.9");
      const trustingPort = new URL(trusting.url("/")).port;
      expect(await postFrom(trusting, `https://127.0.0.1:${trustingPort}`, { "X-Forwarded-Proto": "https" })).toBe(204);
      expect(await postFrom(trusting, "http://homes.example", { "X-Forwarded-Host": "homes.example" })).toBe(204);
    } finally {
      trusting.child.kill("SIGTERM");
      await trusting.exited;
    }
  });
});
