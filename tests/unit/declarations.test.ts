// The declared pages and endpoints (app/edge/areas.ts) against their route modules and the rest of the app:
// each module exports what its declaration promises, nothing is registered twice, no module in an area's pages/
// or api/ folder is left undeclared, and a signed-out caller is turned away as the declared access says.
import { readdirSync, readFileSync } from "node:fs";

import { describe, expect, test } from "vitest";

import { AREAS } from "../../app/edge/areas";
import { allowedMethods, apiRoutePath } from "../../app/edge/declare";
import { apiOperations } from "../../app/edge/openapi.server";
import { apiEndpoints, pageRoutes } from "../../app/edge/registry";
import { routeEntries } from "../support/route-files";

type Module = Record<string, unknown> & { loader?: (args: unknown) => Promise<unknown> };
const load = (file: string) => import(/* @vite-ignore */ `../../app/${file}`) as Promise<Module>;
const args = (url: string, method = "GET") => ({
  request: new Request(`http://localhost${url}`, { method }),
  params: {},
  context: { clientIp: "127.0.0.1" },
});

describe("each declared page", () => {
  test.each(pageRoutes.map((page) => [page.path, page] as const))("%s: its module matches", async (_, page) => {
    const source = readFileSync(`app/${page.file}`, "utf8");
    const module = await load(page.file);
    expect(typeof module.loader).toBe("function");
    expect(source).toMatch(/const page = pageRoute\(/);
    expect(typeof module.default === "function").toBe(page.render !== "none");
    const sentAsDocument =
      /export const handle = withoutReact;/.test(source) && /export const clientLoader = loadAsDocument;/.test(source);
    expect(sentAsDocument).toBe(page.render === "document");
  });

  test.each(pageRoutes.filter((page) => page.access !== "public").map((page) => [page.path, page] as const))(
    "%s sends a signed-out visitor to log in",
    async (_, page) => {
      const module = await load(page.file);
      const path = `/${page.path.replace(/:\w+/g, "1")}`;
      const answer = await module.loader!(args(path)).catch((thrown: unknown) => thrown);
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );
});

describe("each declared endpoint", () => {
  test.each(apiEndpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
    "%s: its module answers its methods and 405 with Allow to the others",
    async (_, endpoint) => {
      const source = readFileSync(`app/${endpoint.file}`, "utf8");
      expect(source).toMatch(/const route = apiRoute\(/);
      const module = await load(endpoint.file);
      const url = `/${apiRoutePath(endpoint.path).replace(/:\w+/g, "1")}`;
      const allowed = allowedMethods(endpoint);
      for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
        const handler = (method === "GET" ? module.loader : module.action) as (a: unknown) => Promise<Response>;
        const answer = await handler(args(url, method));
        if (allowed.includes(method)) {
          const access = endpoint.operations[method.toLowerCase() as "get"]!.access;
          if (access !== "public" && access !== "owner-or-link") expect(answer.status, method).toBe(401);
        } else {
          expect(answer.status, method).toBe(405);
          expect(answer.headers.get("Allow")).toBe(allowed.join(", "));
        }
      }
    },
  );
});

test("nothing is registered twice, by hand and by declaration", () => {
  const routes = routeEntries();
  const declared = new Set([...pageRoutes, ...apiEndpoints].map((r) => r.file));
  expect(routes.filter((r) => declared.has(r.file)).length).toBe(pageRoutes.length + apiEndpoints.length);
  const paths = routes.map((r) => r.path);
  expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  const ids = apiOperations.map((op) => op.operationId);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  const operations = apiOperations.map((op) => `${op.method} ${op.path}`);
  expect(operations.filter((op, i) => operations.indexOf(op) !== i)).toEqual([]);
});

test("every module in an area's pages/ and api/ folders is declared", () => {
  const declared = new Set([...pageRoutes, ...apiEndpoints].map((r) => r.file));
  const inFolders = AREAS.flatMap((area) =>
    ["pages", "api"].flatMap((folder) => {
      const dir = `modules/${area.name}/${folder}`;
      return readdirSync(`app/${dir}`)
        .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        .map((name) => `${dir}/${name}`);
    }),
  );
  expect(inFolders.filter((file) => !declared.has(file))).toEqual([]);
});
