// The response cache in front of Express (server/response-cache.ts), wired as server/start.ts wires it:
// compression, then httpCache handing bodies to the cache. The "app" here counts how often it is asked, so
// each test can tell an answer from memory from one the app made.
import { createServer, type IncomingMessage, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { publicDataChanged } from "../../app/lib/public-read-cache.server";
import { BROTLI_WINDOW_BITS, compressAnswers } from "../../server/compression";
import { httpCache } from "../../server/http-cache";
import {
  answerFromCache,
  awaitsAnswer,
  forgetAnswers,
  keepAnswer,
  keptEncodings,
  waitingFor,
} from "../../server/response-cache";

let server: Server;
let base = "";
let made = 0;
let onRender: () => void = () => {};
let gate: Promise<void> = Promise.resolve();

function page(nonce: string) {
  return `<!doctype html><html><body><h1>Homes for sale</h1><script nonce="${nonce}">start()</script><script nonce="${nonce}" src="/a.js"></script>${"<p>listing</p>".repeat(200)}</body></html>`;
}

beforeAll(async () => {
  const app = express();
  app.use(compressAnswers());
  app.use(httpCache({ wants: awaitsAnswer, keep: keepAnswer }));
  app.get(["/view-properties/:id", "/contact-us"], async (req, res) => {
    made++;
    onRender();
    await gate;
    const nonce = `n${made}abc+/=`;
    res.set("Content-Security-Policy", `script-src 'nonce-${nonce}' 'self'`);
    if (req.query.toast) res.cookie("toast", "x");
    res.type("html").send(page(nonce));
  });
  // A page without React: no inline script, no nonce, the same bytes for everyone.
  app.get("/about", (_req, res) => {
    made++;
    res.set("Content-Security-Policy", "script-src 'self'");
    res
      .type("html")
      .send(`<!doctype html><html><body><h1>About us</h1>${"<p>since 2009</p>".repeat(200)}</body></html>`);
  });
  app.get("/api/v1/bookings", (_req, res) => {
    made++;
    res.set("Cache-Control", "public, max-age=60").json([{ id: 1, made }]);
  });
  app.get("/sitemap.xml", (req, res) => {
    made++;
    res.set("Cache-Control", "public, max-age=3600").type("application/xml").send(`<urlset part="${req.query.part}"/>`);
  });
  app.get("/account", (_req, res) => {
    made++;
    res.type("html").send("<p>yours</p>");
  });
  app.post("/api/v1/properties/search", express.json(), (req, res) => {
    made++;
    if (typeof req.body?.postcode !== "string") return void res.status(400).json({ message: "Enter a postcode." });
    res.json({ success: true, postcode: req.body.postcode, made });
  });
  server = createServer((req, res) => answerFromCache(req, res, app)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  forgetAnswers();
  made = 0;
  onRender = () => {};
  gate = Promise.resolve();
});

/** Holds every render until the returned function is called. */
function holdRenders() {
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  return open;
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { "accept-encoding": "identity", ...headers } });
/** A GET sent as a browser sends it, asking for `encoding`, and its body as received (still compressed). */
async function compressed(path: string, encoding: string) {
  const response = await new Promise<IncomingMessage>((resolve) =>
    request(base + path, { headers: { "accept-encoding": encoding } }, resolve).end(),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { headers: response.headers, body: Buffer.concat(chunks) };
}

/** The window a brotli stream was made with, in bits, from its first bits (RFC 7932, section 9.1). */
function brotliWindowBits(stream: Buffer) {
  const first = stream[0]!;
  if ((first & 1) === 0) return 16;
  const large = (first >> 1) & 7;
  if (large !== 0) return 17 + large;
  const small = (first >> 4) & 7;
  return small === 0 ? 17 : 8 + small;
}

const search = (body: string, headers: Record<string, string> = {}) =>
  fetch(base + "/api/v1/properties/search", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });

describe("anonymous public pages", () => {
  test("the second visit is answered from memory, with a new nonce in the body and the policy", async () => {
    const first = await get("/view-properties/7");
    const firstBody = await first.text();
    const second = await get("/view-properties/7");
    const secondBody = await second.text();
    expect(made).toBe(1);
    expect(second.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe("n1abc+/=");
    expect(secondBody.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
    expect(secondBody.replaceAll(nonce!, "N")).toBe(firstBody.replaceAll("n1abc+/=", "N"));
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe("public, no-cache");
    expect(second.headers.get("content-length")).toBe(String(Buffer.byteLength(secondBody)));
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  test("each address is kept on its own, query included", async () => {
    await get("/view-properties/7");
    await get("/view-properties/7?back=%2Fproperty-search");
    await get("/view-properties/8");
    expect(made).toBe(3);
  });

  test("a change to listing data drops every kept answer", async () => {
    await get("/view-properties/7");
    publicDataChanged();
    await get("/view-properties/7");
    expect(made).toBe(2);
    await get("/view-properties/7");
    expect(made).toBe(2);
  });

  test("an answer made while listing data changed is not kept", async () => {
    onRender = () => publicDataChanged();
    await get("/view-properties/7");
    onRender = () => {};
    await get("/view-properties/7");
    expect(made).toBe(2);
  });

  test("visitors asking for the same page at once wait for one answer", async () => {
    const open = holdRenders();
    const first = get("/view-properties/7");
    await expect.poll(() => made).toBe(1);
    const others = [get("/view-properties/7"), get("/view-properties/7"), get("/view-properties/7")];
    await expect.poll(() => waitingFor("/view-properties/7")).toBe(3);
    open();
    const answers = await Promise.all([first, ...others]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(made).toBe(1);
  });

  test("when the answer is not kept, those who waited ask the app themselves", async () => {
    const open = holdRenders();
    const first = get("/view-properties/7?toast=1");
    await expect.poll(() => made).toBe(1);
    const other = get("/view-properties/7?toast=1");
    await expect.poll(() => waitingFor("/view-properties/7?toast=1")).toBe(1);
    open();
    expect((await Promise.all([first, other])).map((a) => a.status)).toEqual([200, 200]);
    expect(made).toBe(2);
  });

  test("a visitor who leaves while waiting stops waiting, and the app is never asked for them", async () => {
    const open = holdRenders();
    const first = get("/view-properties/7?toast=1");
    await expect.poll(() => made).toBe(1);
    const leaving = new AbortController();
    const left = fetch(base + "/view-properties/7?toast=1", { signal: leaving.signal }).catch(() => "aborted");
    await expect.poll(() => waitingFor("/view-properties/7?toast=1")).toBe(1);
    leaving.abort();
    expect(await left).toBe("aborted");
    await expect.poll(() => waitingFor("/view-properties/7?toast=1")).toBe(0);
    open();
    expect((await first).status).toBe(200);
    // The first answer was not kept (it sets a cookie): a waiter would have asked the app again.
    expect((await get("/view-properties/7")).status).toBe(200);
    expect(made).toBe(2);
  });

  test("an If-None-Match for the kept version gets a 304 without a policy", async () => {
    const etag = (await get("/contact-us")).headers.get("etag")!;
    const revalidated = await get("/contact-us", { "if-none-match": etag });
    expect(made).toBe(1);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect(await revalidated.text()).toBe("");
  });

  test("a browser that accepts gzip gets the kept page compressed", async () => {
    await get("/view-properties/7");
    const { headers, body } = await compressed("/view-properties/7", "gzip");
    expect(made).toBe(1);
    expect(headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(body).toString()).toContain("<h1>Homes for sale</h1>");
  });

  test("a page that is the same for everyone is compressed once for each encoding, and those bytes sent again", async () => {
    const plain = await (await get("/about")).text();
    expect(keptEncodings("/about")).toEqual([]);
    const first = await compressed("/about", "gzip, deflate, br, zstd");
    const again = await compressed("/about", "br;q=1.0, gzip;q=0.5");
    expect(keptEncodings("/about")).toEqual(["br"]);
    const gzipped = await compressed("/about", "gzip");
    expect(keptEncodings("/about")).toEqual(["br", "gzip"]);
    expect(made).toBe(1);
    for (const answer of [first, again]) {
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers["content-length"]).toBe(String(answer.body.length));
      expect(answer.headers["vary"]).toMatch(/Accept-Encoding/);
      expect(brotliWindowBits(answer.body)).toBe(BROTLI_WINDOW_BITS);
      expect(brotliDecompressSync(answer.body).toString()).toBe(plain);
    }
    expect(again.body.equals(first.body)).toBe(true);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(plain);
    // Asked for nothing it can send, it gets the page as it is.
    const identity = await compressed("/about", "zstd");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toBe(plain);
  });

  test("a page with a nonce is kept uncompressed: each answer has its own nonce, so its own bytes", async () => {
    await get("/view-properties/7");
    await compressed("/view-properties/7", "br");
    expect(keptEncodings("/view-properties/7")).toEqual([]);
  });

  test("brotli is sent with a 256 KB window, by the app and from memory alike", async () => {
    // A 4 MB window (the library's default) gives a page the same bytes, but its memory outside V8's heap
    // sent the server into a major garbage collection every few dozen answers (server/compression.ts).
    for (const from of ["the app", "memory"]) {
      const { headers, body } = await compressed("/view-properties/7", "gzip, deflate, br, zstd");
      expect(headers["content-encoding"], from).toBe("br");
      expect(brotliWindowBits(body), from).toBe(BROTLI_WINDOW_BITS);
      expect(brotliDecompressSync(body).toString(), from).toContain("<h1>Homes for sale</h1>");
    }
    expect(made).toBe(1);
  });
});

describe("what is never shared", () => {
  test("a visitor with any cookie (a session, a toast, a valuation draft) gets a page made for them, and it is not kept", async () => {
    await get("/view-properties/7", { cookie: "__session=abc" });
    await get("/view-properties/7", { cookie: "valuation-draft=abc" });
    await get("/view-properties/7");
    expect(made).toBe(3);
    await get("/view-properties/7", { cookie: "toast=abc" });
    expect(made).toBe(4);
  });

  test("an answer that sets a cookie is not kept", async () => {
    await get("/view-properties/7?toast=1");
    await get("/view-properties/7?toast=1");
    expect(made).toBe(2);
  });

  test("requests with Authorization or Origin go to the app", async () => {
    await get("/view-properties/7");
    await get("/view-properties/7", { authorization: "Bearer mw_x" });
    await get("/view-properties/7", { origin: "https://partner.example" });
    expect(made).toBe(3);
  });

  test("pages that are not public are never kept", async () => {
    await get("/account");
    await get("/account");
    expect(made).toBe(2);
  });
});

describe("API reads", () => {
  test("a JSON read is kept with its own headers", async () => {
    const first = await get("/api/v1/bookings");
    const second = await get("/api/v1/bookings");
    expect(made).toBe(1);
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get("cache-control")).toBe("public, max-age=60");
    expect(second.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  test("the sitemap's parts are kept, each on its own, with an ETag", async () => {
    for (const part of ["1", "2", "1", "2"]) {
      const answer = await get(`/sitemap.xml?part=${part}`);
      expect(await answer.text()).toBe(`<urlset part="${part}"/>`);
      expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      expect(answer.headers.get("etag")).toMatch(/^W\//);
    }
    expect(made).toBe(2);
  });

  test("the search API's POST is kept by its body, and the app still reads the body on a miss", async () => {
    const leicester = await search('{"postcode":"LE1 1AA"}');
    expect(await leicester.json()).toEqual({ success: true, postcode: "LE1 1AA", made: 1 });
    expect(await (await search('{"postcode":"LE1 1AA"}')).json()).toEqual({
      success: true,
      postcode: "LE1 1AA",
      made: 1,
    });
    expect(await (await search('{"postcode":"M1 1AA"}')).json()).toEqual({
      success: true,
      postcode: "M1 1AA",
      made: 2,
    });
    expect(made).toBe(2);
  });

  test("a refused search is not kept, and a body sent in pieces is read whole", async () => {
    expect((await search("{}")).status).toBe(400);
    expect((await search("{}")).status).toBe(400);
    expect(made).toBe(2);
    // Sent as two writes: the cache must wait for the whole body before it looks up.
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        base + "/api/v1/properties/search",
        { method: "POST", headers: { "content-type": "application/json", "content-length": "21" } },
        (res) => {
          let body = "";
          res
            .setEncoding("utf8")
            .on("data", (chunk) => (body += chunk))
            .on("end", () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on("error", reject);
      req.write('{"postco');
      setImmediate(() => req.end('de":"B1 1AA"}'));
    });
    expect(JSON.parse(response.body)).toEqual({ success: true, postcode: "B1 1AA", made: 3 });
  });

  test("a search sent with a cookie or an Origin goes to the app each time", async () => {
    await search('{"postcode":"LE1 1AA"}', { cookie: "theme=dark" });
    await search('{"postcode":"LE1 1AA"}', { cookie: "theme=dark" });
    await search('{"postcode":"LE1 1AA"}', { origin: "https://partner.example" });
    expect(made).toBe(3);
  });
});
