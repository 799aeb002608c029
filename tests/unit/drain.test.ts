// Stopping the server (server/drain.ts): every connection stops taking requests at once, whatever it is doing,
// and every request in flight is answered before the server closes.
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import { Agent } from "node:http";
import { type AddressInfo, connect } from "node:net";

import { expect, test } from "vitest";

import { drainable } from "../../server/drain";

type Answer = { status: number; connection: string | undefined; body: string };

test("drain closes idle connections and answers each request in flight, or arriving, with Connection: close", async () => {
  const held: (() => void)[] = [];
  const { handler, drain } = drainable((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/hold") return held.push(() => res.end("held"));
    if (req.url === "/stream") {
      // Its headers (keep-alive) are sent before the drain; the rest after.
      res.writeHead(200).write("half ");
      return held.push(() => res.end("streamed"));
    }
    res.end("at once");
  });
  const server = createServer(handler).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const closedConnections: string[] = [];
  server.on("connection", (socket) => socket.once("close", () => closedConnections.push(String(socket.remotePort))));

  const agent = new Agent({ keepAlive: true });
  const idleAgent = new Agent({ keepAlive: true });
  const get = (path: string, through = agent) =>
    new Promise<Answer>((resolve, reject) =>
      request({ port, path, agent: through }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      })
        .on("error", reject)
        .end(),
    );
  expect((await get("/", idleAgent)).connection).toBe("keep-alive"); // leaves an idle connection
  const inFlight = get("/hold");
  const streaming = get("/stream");
  // A request on a connection of its own, whose headers are cut off until after the drain.
  const raw = connect(port, "127.0.0.1");
  let rawAnswer = "";
  raw.on("data", (chunk: Buffer) => (rawAnswer += chunk.toString()));
  const rawEnded = new Promise((resolve) => raw.once("end", resolve));
  raw.write("GET /late HTTP/1.1\r\nHost: example.test\r\n");
  await expect.poll(() => held.length).toBe(2);

  let closed = false;
  server.close(() => (closed = true));
  drain(server);
  await expect.poll(() => closedConnections.length).toBe(1); // the idle one, at once
  raw.write("\r\n");
  await rawEnded;
  expect(rawAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(rawAnswer).toMatch(/\r\nConnection: close\r\n/);

  for (const release of held.splice(0)) release();
  expect(await inFlight).toEqual({ status: 200, connection: "close", body: "held" });
  expect(await streaming).toEqual({ status: 200, connection: "keep-alive", body: "half streamed" });
  await expect.poll(() => closed).toBe(true);
  expect(closedConnections).toHaveLength(4);
  agent.destroy();
  idleAgent.destroy();
});
