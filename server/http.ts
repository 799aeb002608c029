// The HTTP app: Express around the React Router request handler, with what every request goes through
// first (forwarding headers, logging, odd requests, compression, HTTP caching, security headers, body
// limits, CORS, the cross-site guard, static files, admission control).
import "../app/lib/load-context";

import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";

import { documentedMethods } from "../app/edge/openapi.server";
import { corsDecision } from "../app/lib/cors.server";
import { isCrossSiteWrite } from "../app/lib/cross-site.server";
import { getEnv } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { networkOf } from "../app/lib/network";
import { commonSecurityHeaders } from "../app/lib/security-headers.server";
import { admissionControl } from "./admission";
import { compressAnswers } from "./compression";
import { httpCache } from "./http-cache";
import { readBodiesFirst } from "./request-body";
import { refuseOddRequests } from "./request-target";
import { awaitsAnswer, keepAnswer } from "./response-cache";
import { isUpload } from "./upload-endpoints";

const REQUEST_ID = /^[\w.-]{1,64}$/;
/** Forms and JSON are small; only file uploads may be larger (server/upload-endpoints.ts), with their own limits. */
const MAX_BODY_BYTES = 1024 * 1024;
/** A body other than an upload must arrive within this (1 MiB in 10 s is 100 KB/s). */
const BODY_TIMEOUT_MS = 10_000;
/** Requests that may wait for their turn (server/admission.ts). */
const MAX_QUEUE = 500;
const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"];

/**
 * In production static files come from the client build and the server build is loaded once; in development
 * Vite serves and rebuilds both.
 */
export type Assets =
  { clientDir: string; build: ServerBuild; vite?: undefined } | { vite: ViteDevServer; clientDir?: undefined };

export function createApp(assets: Assets) {
  const env = getEnv();
  const app = express();
  app.disable("x-powered-by");
  // Forwarding headers say who the client is and how it connected, so only the proxies named in
  // TRUST_PROXY may send them; from anyone else they are dropped, so that nothing can read them by mistake
  // (React Router's adapter reads X-Forwarded-Host whenever any proxy is trusted, whoever sent it).
  app.set("trust proxy", env.TRUST_PROXY ?? false);
  const trustedPeer = app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  app.use((req, _res, next) => {
    if (!trustedPeer(req.socket.remoteAddress, 0)) {
      for (const name of FORWARDING_HEADERS) delete req.headers[name];
    }
    next();
  });
  app.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, path: String(req.url).split("?")[0] }),
        res: (res) => ({ status: res.statusCode }),
      },
      customSuccessMessage: (req, res, ms) =>
        `${req.method} ${String(req.url).split("?")[0]} ${res.statusCode} ${Math.round(ms)}ms`,
      customAttributeKeys: { responseTime: "durationMs" },
      // Static assets would drown the log.
      autoLogging: { ignore: (req) => /^\/(assets|favicon)/.test(req.url ?? "") },
    }),
  );
  app.use(refuseOddRequests);
  app.use(compressAnswers());
  app.use(httpCache({ wants: awaitsAnswer, keep: keepAnswer }));
  const securityHeaders = commonSecurityHeaders(env.PUBLIC_URL);
  app.use((_req, res, next) => {
    res.set(securityHeaders);
    next();
  });
  app.use(readBodiesFirst({ maxBytes: MAX_BODY_BYTES, timeoutMs: BODY_TIMEOUT_MS }));
  app.use("/api/v1", (req, res, next) => {
    if (env.CORS_ORIGINS.length > 0) res.vary("Origin");
    const cors = corsDecision(
      { method: req.method, origin: req.get("origin"), preflightMethod: req.get("access-control-request-method") },
      env.CORS_ORIGINS,
    );
    // OPTIONS that is not a preflight asks what an endpoint takes (RFC 9110 §9.3.7); React Router would run
    // its loader, as for a GET.
    const allowed = req.method === "OPTIONS" && cors.kind !== "preflight" ? documentedMethods(req.path) : null;
    if (allowed)
      return res
        .set(cors.kind === "allow" ? cors.headers : {})
        .set("Allow", allowed.join(", "))
        .status(204)
        .end();
    if (cors.kind === "none") return next();
    res.set(cors.headers);
    if (cors.kind === "allow") return next();
    if (cors.status === 204) return res.status(204).end();
    res.status(403).json({ message: "This site may not call the API from a browser (see CORS_ORIGINS)." });
  });
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  app.use((req, res, next) => {
    const crossSite = isCrossSiteWrite({
      method: req.method,
      cookie: req.headers.cookie,
      secFetchSite: req.get("sec-fetch-site"),
      origin: req.get("origin"),
      // Only the API accepts tokens; a page authenticates by cookie whatever else is sent.
      authorization: req.path.startsWith("/api/v1/") ? req.get("authorization") : null,
      ownOrigins: [publicOrigin, `${req.protocol}://${req.host}`],
    });
    if (!crossSite) return next();
    req.log.warn(
      { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") },
      "refused a cross-site request",
    );
    res.status(403).json({ message: "This request came from another site and was refused." });
  });
  if (assets.vite) {
    app.use(assets.vite.middlewares);
  } else {
    app.use(
      "/assets",
      express.static(path.join(assets.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // The build's other files (favicon, robots.txt, photos…): looked up on disk only when the address starts
    // with one of its top-level names, not on every page request.
    const topLevel = new Set(existsSync(assets.clientDir) ? readdirSync(assets.clientDir) : []);
    const rootFiles = express.static(assets.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (topLevel.has(req.path.split("/")[1]!) ? rootFiles(req, res, next) : next()));
  }
  app.use(
    admissionControl({
      // PGlite answers one query at a time; PostgreSQL through a pool of 10 connections (pg's default).
      concurrency: env.DATABASE_URL ? 20 : 8,
      maxQueue: MAX_QUEUE,
      // Turns rotate between addresses (an IPv6 address's /64 counts as one), and one address may have a tenth
      // of the queue waiting (the whole queue where RATE_LIMIT_FACTOR lifts the limits, for a load test from one
      // address).
      clientOf: (req) => networkOf(req.ip ?? req.socket.remoteAddress ?? "unknown"),
      maxQueuePerClient: Math.min(MAX_QUEUE, (MAX_QUEUE / 10) * env.RATE_LIMIT_FACTOR),
      // Well inside the time a browser or client library waits (and PGlite's queries hold up timers for
      // a while under load), so a refused request still gets its answer in time.
      maxWaitMs: 2_000,
      retryAfterSeconds: 2,
      // The health check answers whatever the load (it is how a load balancer knows the process is alive);
      // an upload's duration is the sender's speed, which must not hold a turn.
      exempt: (req) => req.path === "/healthz" || isUpload(req.method, req.path, req.headers["content-type"]),
    }),
  );
  app.use(
    createRequestHandler({
      // The build object itself in production: given a function, React Router rebuilds its route tables
      // (flattening and ranking every route) on each request, which cost more than most pages' rendering.
      build: assets.vite ? () => assets.vite.ssrLoadModule("virtual:react-router/server-build") as never : assets.build,
      getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
    }),
  );
  return app;
}
