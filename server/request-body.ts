// Request bodies, before a request may take its turn (server/admission.ts). A turn held while the body
// trickles in is a turn nobody else gets: a handful of clients sending a byte every few seconds used to
// hold every turn, and the whole site answered 503. So every body except a file upload is refused when it
// is larger than the cap, then read whole here, within a deadline, and handed on to React Router as if
// nothing had read it; only then does the request queue for a turn. File uploads go to their own actions
// as they arrive (server/upload-endpoints.ts).
import type { IncomingMessage } from "node:http";

import type { NextFunction, Request, Response } from "express";

import { isUpload } from "./upload-endpoints";

export type BodyRules = {
  /** The largest body accepted, other than a file upload. */
  maxBytes: number;
  /** How long the whole body may take to arrive once the headers have. */
  timeoutMs: number;
};

export function readBodiesFirst({ maxBytes, timeoutMs }: BodyRules) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isUpload(req.method, req.path, req.headers["content-type"])) return next();
    // Connection: close, so that a refused body is never read, not even to reuse the connection.
    const refuse = (status: number, message: string) => res.set("Connection", "close").status(status).json({ message });
    // A chunked body has no length to check up front; browsers always send one for forms and fetch.
    if (req.headers["transfer-encoding"]) return refuse(411, "Send the request body with a Content-Length.");
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > maxBytes) return refuse(413, "The request body is too large.");
    if (!(length > 0)) return next();
    const timer = setTimeout(() => {
      stop();
      refuse(408, "The request body took too long to arrive.");
    }, timeoutMs);
    const stop = readBodyThenPutBack(req, length, () => {
      clearTimeout(timer);
      next();
    });
    // A client that leaves halfway has no answer to wait for.
    req.once("close", () => clearTimeout(timer));
  };
}

/**
 * Reads a body of known length and pushes it back onto the stream before its end is emitted, so the app
 * reads it again as if nothing had happened. Calls `done` with the body, or with null when the stream
 * ended short of `length` (the app then answers that); not at all when the client leaves first. The
 * returned function stops reading.
 */
export function readBodyThenPutBack(
  req: IncomingMessage,
  length: number,
  done: (body: Buffer | null) => void,
): () => void {
  const chunks: Buffer[] = [];
  let size = 0;
  const onReadable = () => {
    let chunk: Buffer | null;
    while (size < length && (chunk = req.read() as Buffer | null) !== null) {
      chunks.push(chunk);
      size += chunk.length;
    }
    if (size < length && !req.readableEnded) return;
    finish();
  };
  const stop = () => {
    req.off("readable", onReadable);
    req.off("end", finish);
  };
  const finish = () => {
    stop();
    const body = Buffer.concat(chunks);
    if (body.length > 0 && !req.readableEnded) req.unshift(body);
    done(body.length === length ? body : null);
  };
  req.on("readable", onReadable);
  req.on("end", finish);
  return stop;
}
