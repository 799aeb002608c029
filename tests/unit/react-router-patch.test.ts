// React Router's code in the production server bundle gets two changes (scripts/react-router-production.js,
// docs/decisions/0019-react-router-server-changes.md): its hydration data is encoded when a page reads it, and
// its route matching remembers which branch a path matched. Both must apply to the installed version and leave
// React Router's results as they were.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createStaticHandler as originalStaticHandler, type RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";

import routeConfig from "../../app/routes";
import { applyChange, fileOf, SERVER_CHANGES } from "../../scripts/react-router-production.js";

const change = (name: string) => SERVER_CHANGES.find((c) => c.name === name)!;
const lazyHydrationData = change("hydration data encoded when read");
const rememberedBranches = change("remembered route branches");

describe("the changes", () => {
  it.each(SERVER_CHANGES.map((c) => [c.name, c]))("%s applies to the installed React Router", (_name, c) => {
    const code = readFileSync(fileOf(c), "utf8");
    expect(applyChange(code, c)).toContain(c.to);
  });

  it("refuse code they were not written for, so a new React Router version fails the build", () => {
    expect(() => applyChange("let entryContext = {};", lazyHydrationData)).toThrow(/decision 0019/);
    const twice = `${lazyHydrationData.from}\n${lazyHydrationData.from}`;
    expect(() => applyChange(twice, lazyHydrationData)).toThrow(/decision 0019/);
  });
});

describe("hydration data encoded when read", () => {
  const eagerContext = `function renderHtml(state, request, build, serverMode, encodeViaTurboStream) {
    let entryContext = {
      criticalCss: undefined,
${lazyHydrationData.from}      renderMeta: {},
    };
    return entryContext;
}`;

  it("encodes only when the stream is read, once, with the same arguments", () => {
    const renderHtml = new Function(`${applyChange(eagerContext, lazyHydrationData)}; return renderHtml;`)() as (
      ...args: unknown[]
    ) => Record<string, unknown>;
    const stream = { kind: "stream" };
    const encode = vi.fn(() => stream);
    const build = { entry: { module: { streamTimeout: 5000 } } };
    const context = renderHtml({ loaderData: {} }, { signal: "signal" }, build, "production", encode);
    expect(Object.keys(context)).toEqual(["criticalCss", "serverHandoffStream", "renderMeta"]);
    expect(encode).not.toHaveBeenCalled();
    expect(context.serverHandoffStream).toBe(stream);
    expect(context.serverHandoffStream).toBe(stream);
    expect(encode).toHaveBeenCalledTimes(1);
    expect(encode).toHaveBeenCalledWith({ loaderData: {} }, "signal", 5000, "production");
    // Spreading the context (React Router's error path does) copies the stream as a value.
    expect({ ...context }.serverHandoffStream).toBe(stream);
  });
});

describe("remembered route branches", () => {
  type ConfigEntry = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: ConfigEntry[] };
  type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
  const toRoutes = (entries: ConfigEntry[], parent: string): Route[] =>
    entries.map((e, i) => ({
      id: `${parent}/${e.id ?? i}`,
      path: e.path,
      index: e.index,
      caseSensitive: e.caseSensitive,
      ...(e.children?.length ? { children: toRoutes(e.children, `${parent}/${i}`) } : {}),
    }));
  // The app's own route tree under its root layout.
  const tree: Route[] = [{ id: "root", path: "", children: toRoutes(routeConfig as ConfigEntry[], "root") }];
  const routes = tree as RouteObject[];

  const fullPaths = (list: Route[], parent = ""): string[] =>
    list.flatMap((r) => {
      const here = [parent, r.path ?? ""].filter(Boolean).join("/");
      return [...(r.path !== undefined || r.index ? [`/${here}`] : []), ...fullPaths(r.children ?? [], here)];
    });
  const concrete = fullPaths(tree).flatMap((p) =>
    ["12", "abc", "%20x", "0"].map((value) => p.replace(/:\w+/g, value).replace(/\*$/, "a/b.jpg")),
  );
  const odd = [
    "/",
    "//",
    "/VIEW-PROPERTIES",
    "/view-properties/",
    "/view-properties//12",
    "/no/such/page",
    "/%E2%82%AC",
  ];
  const paths = [...new Set([...concrete, ...odd])];

  async function patchedStaticHandler() {
    // The changed module beside the project's own packages, so its `react` import resolves as the bundle's does.
    const dir = path.resolve("node_modules/.cache/movewise-tests");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, "react-router-remembered-branches.mjs");
    writeFileSync(file, applyChange(readFileSync(fileOf(rememberedBranches), "utf8"), rememberedBranches));
    const patched = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      createStaticHandler: typeof originalStaticHandler;
    };
    return patched.createStaticHandler;
  }

  const matchesOf = async (handler: ReturnType<typeof originalStaticHandler>, pathname: string) => {
    const context = await handler.query(new Request(`http://localhost${pathname}`));
    if (context instanceof Response) return { redirect: context.status };
    return {
      status: context.statusCode,
      matches: context.matches.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname })),
    };
  };

  it("matches every route of the app, and odd paths, as React Router does, the first time and again", async () => {
    expect(paths.length).toBeGreaterThan(150);
    const original = originalStaticHandler(routes);
    const patched = (await patchedStaticHandler())(routes);
    // Three passes in different orders: the first finds each branch, the others are answered from memory.
    for (const order of [paths, [...paths].reverse(), paths]) {
      for (const pathname of order)
        expect(await matchesOf(patched, pathname), pathname).toEqual(await matchesOf(original, pathname));
    }
  });

  it("remembers a bounded number of paths: a visitor's many made-up paths change no answer", async () => {
    const original = originalStaticHandler(routes);
    const patched = (await patchedStaticHandler())(routes);
    const madeUp = Array.from({ length: 600 }, (_, i) => `/view-properties/${i}/x${i % 7}`);
    for (const pathname of [...madeUp, ...paths.slice(0, 40), ...madeUp.slice(0, 50), ...paths.slice(0, 40)])
      expect(await matchesOf(patched, pathname), pathname).toEqual(await matchesOf(original, pathname));
  });
});
