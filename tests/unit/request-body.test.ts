// Bodies are refused or read whole before the request goes on (server/request-body.ts), as server/http.ts
// wires it in front of admission control; uploads to the upload endpoints pass unread.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";

import express from "express";
import { afterEach, expect, test } from "vitest";

import { readBodiesFirst } from "../../server/request-body";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** An app behind readBodiesFirst that reports, for each request it gets, when it got it and the body it then read. */
async function appBehindBodies(rules = { maxBytes: 1_000, timeoutMs: 300 }) {
  const reached: string[] = [];
  const app = express();
  app.use(readBodiesFirst(rules));
  app.use((req, res) => {
    reached.push(req.path);
    // Whether the body was all there before the app got the request: nothing more arrives meanwhile.
    const arrived = req.readableLength;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => res.json({ arrived, body: Buffer.concat(chunks).toString("utf8") }));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return { port: (server.address() as AddressInfo).port, reached };
}

/**
 * Sends a request's head and `body`, and reads the answer on close. With `onContinue`, the head asks for
 * "100 Continue", which the server sends just before it hands the request to Express (in this same
 * process, before this client sees it): `onContinue` then runs and may send the rest.
 */
function exchange(
  port: number,
  head: string,
  { body = "", onContinue }: { body?: string; onContinue?: (send: (text: string) => void) => void } = {},
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
      const interim = "HTTP/1.1 100 Continue\r\n\r\n";
      if (onContinue && received.startsWith(interim)) {
        received = received.slice(interim.length);
        onContinue((text) => socket.write(text));
        onContinue = undefined;
      }
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [status = "", answer = ""] = received.split("\r\n\r\n");
      resolve({ status: Number(status.split(" ")[1]), body: answer });
    });
    socket.write(`${head}${onContinue ? "\r\nExpect: 100-continue" : ""}\r\n\r\n${body}`);
  });
}

const post = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}`;

test("a body is read whole before the app gets the request, and the app reads it again unchanged", async () => {
  const { port, reached } = await appBehindBodies();
  const body = JSON.stringify({ message: "héllo" });
  let reachedBeforeBody: string[] = [];
  const { status, body: answered } = await exchange(
    port,
    post("/contact-us", `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}`),
    {
      onContinue(send) {
        reachedBeforeBody = [...reached];
        send(body.slice(0, 5));
        send(body.slice(5));
      },
    },
  );
  expect(reachedBeforeBody).toEqual([]);
  expect(status).toBe(200);
  expect(JSON.parse(answered)).toEqual({ arrived: Buffer.byteLength(body), body });
});

test("a body that does not arrive within the deadline is answered 408 and never reaches the app", async () => {
  const { port, reached } = await appBehindBodies();
  const { status, body } = await exchange(
    port,
    post("/contact-us", "Content-Type: application/json\r\nContent-Length: 100"),
    { body: "{" },
  );
  expect(status).toBe(408);
  expect(JSON.parse(body)).toEqual({ message: "The request body took too long to arrive." });
  expect(reached).toEqual([]);
});

test("a body over the cap, multipart included, is refused with 413 from its headers alone; a chunked one with 411", async () => {
  const { port, reached } = await appBehindBodies();
  expect(
    (
      await exchange(
        port,
        post("/login", "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 500000000"),
        { body: "--x" },
      )
    ).status,
  ).toBe(413);
  expect(
    (
      await exchange(port, post("/api/v1/contact-us", "Content-Type: application/json\r\nContent-Length: 1001"), {
        body: "{",
      })
    ).status,
  ).toBe(413);
  expect(
    (
      await exchange(port, post("/contact-us", "Content-Type: application/json\r\nTransfer-Encoding: chunked"), {
        body: "1\r\n{\r\n",
      })
    ).status,
  ).toBe(411);
  expect(reached).toEqual([]);
});

test("an upload to an upload endpoint reaches its action before its body, unread, whatever its size", async () => {
  const { port, reached } = await appBehindBodies();
  const big = "a".repeat(5_000);
  let reachedBeforeBody: string[] = [];
  const { body } = await exchange(
    port,
    post("/sign-contract/7.data", `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${big.length}`),
    {
      onContinue(send) {
        reachedBeforeBody = [...reached];
        send(big);
      },
    },
  );
  expect(reachedBeforeBody).toEqual(["/sign-contract/7.data"]);
  expect(JSON.parse(body)).toEqual({ arrived: 0, body: big });
});
