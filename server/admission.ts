// Admission control for the app's own requests (pages, actions, the API; static files never come here).
// A request queues for its turn only once its body has arrived (server/request-body.ts), so a slow sender
// holds no turn.
// Only `concurrency` requests run at once; the others wait their turn in arrival order. Without it, under a
// burst every request is admitted and they all queue inside the database (PGlite runs one query at a time,
// PostgreSQL has a small connection pool): a request queues again for each of its queries, so those with
// several steps (a submission: abuse limit, listing, insert) fall behind every page and nothing finishes in
// time. A request that cannot start within `maxWaitMs`, or finds `maxQueue` already waiting, is answered at
// once with 503 and Retry-After, so clients learn to come back instead of timing out.
// Turns go to the waiting clients in rotation, one request each (a client's own requests keep their order),
// and a client may have only `maxQueuePerClient` waiting: one client sending a flood of requests waits for
// its own, and cannot fill the queue or push everyone else's requests back. Its requests beyond that are
// held, outside the queue, and refused when they would have stopped waiting (see hold).
import type { NextFunction, Request, Response } from "express";

export type AdmissionOptions = {
  concurrency: number;
  maxQueue: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
  /** Who sent a request (its address): turns rotate between clients. All requests are one client without it. */
  clientOf?: (req: Request) => string;
  /** How many of one client's requests may wait at once (`maxQueue` without it). */
  maxQueuePerClient?: number;
  /** Requests that never wait and are never refused, and take no turn. */
  exempt?: (req: Request) => boolean;
};

const BUSY_MESSAGE = "The site is busy right now. Please try again in a moment.";

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

export function admissionControl({
  concurrency,
  maxQueue,
  maxWaitMs,
  retryAfterSeconds,
  clientOf = () => "",
  maxQueuePerClient = maxQueue,
  exempt = () => false,
}: AdmissionOptions) {
  let running = 0;
  let waiting = 0;
  let held = 0;
  /** Each waiting client's requests in arrival order; the clients in the order their turns come. */
  const queues = new Map<string, Waiter[]>();

  function release() {
    running--;
    const [client, queue] = queues.entries().next().value ?? [];
    if (client === undefined || !queue) return;
    const next = queue.shift()!;
    waiting--;
    // The client's turn is taken: it goes to the back of the rotation, or leaves it.
    queues.delete(client);
    if (queue.length) queues.set(client, queue);
    clearTimeout(next.timer);
    next.admit();
  }

  function busy(req: Request, res: Response) {
    res.set({ "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" });
    if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
      res.status(503).json({ message: BUSY_MESSAGE });
    } else {
      res
        .status(503)
        .type("html")
        .send(
          `<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Busy – MoveWise</title><h1>${BUSY_MESSAGE}</h1></html>`,
        );
    }
  }

  /**
   * A request beyond its client's share is refused only when it would have stopped waiting (`maxWaitMs`), and
   * takes no place in the queue meanwhile. Refused at once, a flood's connections would each send their next
   * request at once: the server would spend itself refusing them, and (accepting one new connection per turn
   * of its event loop, as libuv does) let other visitors' new connections wait seconds to be accepted at all.
   */
  function hold(req: Request, res: Response) {
    held++;
    const timer = setTimeout(() => busy(req, res), maxWaitMs);
    res.once("close", () => {
      held--;
      clearTimeout(timer);
    });
  }

  function admission(req: Request, res: Response, next: NextFunction) {
    if (exempt(req)) return next();
    const start = () => {
      // The client has gone (it left while waiting elsewhere): its response will never close again, so
      // it must not take a turn it would never give back.
      if (res.destroyed) return;
      running++;
      res.once("close", release);
      next();
    };
    if (running < concurrency && waiting === 0) return start();
    const client = clientOf(req);
    const queue = queues.get(client) ?? [];
    if (waiting >= maxQueue) return busy(req, res);
    if (queue.length >= maxQueuePerClient) return hold(req, res);
    const waiter: Waiter = {
      admit: () => {
        res.off("close", leave);
        start();
      },
      timer: setTimeout(() => {
        remove();
        busy(req, res);
      }, maxWaitMs),
    };
    const remove = () => {
      const index = queue.indexOf(waiter);
      if (index < 0) return;
      queue.splice(index, 1);
      waiting--;
      if (!queue.length && queues.get(client) === queue) queues.delete(client);
    };
    // A client that gives up while waiting leaves the queue.
    const leave = () => {
      clearTimeout(waiter.timer);
      remove();
    };
    res.once("close", leave);
    queue.push(waiter);
    waiting++;
    if (!queues.has(client)) queues.set(client, queue);
  }
  // How many requests are waiting for their turn, and how many beyond their client's share are held until
  // refused (for tests and diagnostics).
  return Object.defineProperties(admission, {
    waiting: { get: () => waiting },
    held: { get: () => held },
  }) as typeof admission & { readonly waiting: number; readonly held: number };
}
