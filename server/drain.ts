// Stopping the server without cutting anyone off. `server.close()` only stops new connections: a client on an
// open keep-alive connection (a browser, a load balancer's pool) goes on being served on it, so a process told
// to stop would serve until it is killed, cutting whatever is then in flight, written to the database or not.
import type { IncomingMessage, Server, ServerResponse } from "node:http";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `handler` wrapped so that `drain(server)` can stop taking requests on every connection at once: idle
 * connections are closed, each request in flight is answered with `Connection: close` (which ends its
 * connection once sent), and so is any request that still arrives on an open connection. `server.close()`'s
 * callback then runs once the last answer is sent.
 */
export function drainable(handler: Handler) {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const closeAfter = (server: Server, res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
    // An answer already under way said keep-alive: its connection is closed once it is idle (once sent; a
    // finished answer's connection is idle already).
    else if (!res.writableFinished) res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
  };
  return {
    handler(req: IncomingMessage, res: ServerResponse) {
      if (draining) {
        res.setHeader("Connection", "close");
      } else {
        inFlight.add(res);
        res.once("close", () => inFlight.delete(res));
      }
      handler(req, res);
    },
    drain(server: Server) {
      draining = true;
      for (const res of inFlight) closeAfter(server, res);
      server.closeIdleConnections();
    },
  };
}
