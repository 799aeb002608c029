// Requests this server can serve name a path on it (origin-form, RFC 9112 §3.2.1) and, in Host, a name or
// address with an optional port. Anything else (a full URL meant for a proxy, `*`, a CONNECT target, a Host
// that is not a host) is the client's mistake and gets a 400, never a 500 from building the page's URL;
// a method the Fetch API cannot carry to React Router (TRACE) gets a 405 with the Allow header every 405
// carries; a path with a broken %-escape, the 404 page.
import type { Server } from "node:http";

import type { NextFunction, Request, Response } from "express";

import { documentedMethods } from "../app/edge/openapi.server";

const API_PREFIX = "/api/v1";
/** What the site's pages take: reads, and their forms' posts. */
const PAGE_METHODS = "GET, HEAD, POST";

/** The methods a path takes, for an Allow header: an API path's from the OpenAPI document, a page's otherwise. */
export function allowedMethods(path: string) {
  const documented = path.startsWith(`${API_PREFIX}/`) ? documentedMethods(path.slice(API_PREFIX.length)) : null;
  return documented?.join(", ") ?? PAGE_METHODS;
}

const HOST = /^(?:\[[\da-f:.]+\]|[\w.~!$&'()*+,;=-]+)(?::\d{1,5})?$/i;

function isServable(target: string, host: string | undefined) {
  // HTTP/1.0 clients may leave Host out; the page's URL then uses localhost.
  return target.startsWith("/") && (host === undefined || (HOST.test(host) && URL.canParse(`http://${host}/`)));
}

export function refuseOddRequests(req: Request, res: Response, next: NextFunction) {
  const refusal: [number, string] | null = !isServable(req.originalUrl, req.headers.host)
    ? [400, "The request must name a path on this site and its host."]
    : req.method === "TRACE"
      ? [405, "TRACE is not supported."]
      : null;
  if (!refusal) {
    literalIfUndecodable(req);
    return next();
  }
  if (refusal[0] === 405) res.set("Allow", allowedMethods(req.path));
  res.set("Connection", "close").status(refusal[0]).json({ message: refusal[1] });
}

/**
 * A path with a broken %-escape (`/%`, `/homes/%E0%A4%A`) names no page, and gets the site's 404 page as any
 * unknown path does. React Router would print two warnings for each such request, which anyone could send to
 * flood the log; its every `%` is escaped instead, so the path reads as the text it was sent as.
 */
function literalIfUndecodable(req: Request) {
  const query = req.originalUrl.indexOf("?");
  const path = query === -1 ? req.originalUrl : req.originalUrl.slice(0, query);
  try {
    decodeURIComponent(path);
  } catch {
    const literal = path.replaceAll("%", "%25") + (query === -1 ? "" : req.originalUrl.slice(query));
    req.url = literal;
    req.originalUrl = literal;
  }
}

/** A CONNECT (a request to open a tunnel through a proxy) gets a 400, where Node would drop the connection unanswered. */
export function refuseConnect(server: Server) {
  server.on("connect", (_req, socket) => {
    socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  });
}
