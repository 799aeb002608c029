// The /api/v1 endpoints behind the real HTTP edge (server/http.ts: body limits, odd methods, CORS, the
// cross-site guard, admission) in the test's own process, on its test database, without a build: React
// Router's request handler gets a server build of just the /api/v1 routes of app/routes.ts. API routes are
// resource routes (no component), so neither the root route nor the document renderer ever runs for them.
import { mkdtempSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import type { ServerBuild } from "react-router";

import { createApp } from "../../../server/http";
import { routeEntries } from "../route-files";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

async function apiBuild(): Promise<ServerBuild> {
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: {} as RouteModule } };
  for (const entry of routeEntries().filter((e) => e.path.startsWith("/api/v1/"))) {
    routes[entry.id] = {
      id: entry.id,
      parentId: "root",
      path: entry.path.slice(1),
      module: (await import(/* @vite-ignore */ `../../../app/${entry.file}`)) as RouteModule,
    };
  }
  return {
    entry: {
      module: {
        default: () => new Response("This test server has no pages.", { status: 500 }),
      },
    },
    routes,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  };
}

/** Starts the API on 127.0.0.1 (a free port); `url(path)` addresses it, `close()` stops it. */
export async function startApiServer() {
  const app = createApp({
    clientDir: mkdtempSync(path.join(os.tmpdir(), "movewise-conformance-client-")),
    build: await apiBuild(),
  });
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (pathAndQuery: string) => base + pathAndQuery,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
