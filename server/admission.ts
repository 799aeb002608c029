// Admission control for the app's own requests (pages, actions, the API; static files never come here).
// A request queues for its turn only once its body has arrived (server/request-body.ts), so a slow sender
// holds no turn.
// Only `concurrency` requests run at once; the others wait their turn in arrival order. Without it, under a
// burst every request is admitted and they all queue inside the database (PGlite runs one query at a time,
// PostgreSQL has a small connection pool): a request queues again for each of its queries, so those with
// several steps (a submission: abuse limit, listing, insert) fall behind every page and nothing finishes in
// time. A request that cannot start within `maxWaitMs`, or finds `maxQueue` already waiting, is answered at
// once with 503 and Retry-After, so clients learn to come back instead of timing out.
import type { NextFunction, Request, Response } from "express";

export type AdmissionOptions = {
  concurrency: number;
  maxQueue: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
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
  exempt = () => false,
}: AdmissionOptions) {
  let running = 0;
  const queue: Waiter[] = [];

  function release() {
    running--;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    }
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
    if (running < concurrency && queue.length === 0) return start();
    if (queue.length >= maxQueue) return busy(req, res);
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
      if (index >= 0) queue.splice(index, 1);
    };
    // A client that gives up while waiting leaves the queue.
    const leave = () => {
      clearTimeout(waiter.timer);
      remove();
    };
    res.once("close", leave);
    queue.push(waiter);
  }
  /** How many requests are waiting for their turn (for tests and diagnostics). */
  return Object.defineProperty(admission, "waiting", { get: () => queue.length }) as typeof admission & {
    readonly waiting: number;
  };
}
