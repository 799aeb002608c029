// The production server bundle encodes React Router's hydration data only when a page reads it
// (scripts/react-router-production.js, docs/decisions/0019-lazy-hydration-data.md).
import { readFileSync } from "node:fs";

import { describe, expect, it, vi } from "vitest";

import { documentHandlerFile, makeHydrationDataLazy } from "../../scripts/react-router-production.js";

const eagerContext = `function renderHtml(state, request, build, serverMode, encodeViaTurboStream) {
    let entryContext = {
      criticalCss: undefined,
      serverHandoffStream: encodeViaTurboStream(
        state,
        request.signal,
        build.entry.module.streamTimeout,
        serverMode
      ),
      renderMeta: {},
    };
    return entryContext;
}`;

function contextFrom(code: string, encode: (...args: unknown[]) => unknown) {
  const renderHtml = new Function(`${code}; return renderHtml;`)() as (...args: unknown[]) => Record<string, unknown>;
  const request = { signal: "signal" };
  const build = { entry: { module: { streamTimeout: 5000 } } };
  return renderHtml({ loaderData: {} }, request, build, "production", encode);
}

describe("lazy hydration data", () => {
  it("applies to the installed React Router", () => {
    const code = readFileSync(documentHandlerFile(), "utf8");
    const patched = makeHydrationDataLazy(code);
    expect(patched).not.toBe(code);
    expect(patched.match(/get serverHandoffStream\(\)/g)).toHaveLength(1);
  });

  it("encodes only when the stream is read, once, with the same arguments", () => {
    const stream = { kind: "stream" };
    const encode = vi.fn(() => stream);
    const context = contextFrom(makeHydrationDataLazy(eagerContext), encode);
    expect(encode).not.toHaveBeenCalled();
    expect(Object.keys(context)).toEqual(["criticalCss", "serverHandoffStream", "renderMeta"]);
    expect(encode).not.toHaveBeenCalled();
    expect(context.serverHandoffStream).toBe(stream);
    expect(context.serverHandoffStream).toBe(stream);
    expect(encode).toHaveBeenCalledTimes(1);
    expect(encode).toHaveBeenCalledWith({ loaderData: {} }, "signal", 5000, "production");
    // Spreading the context (React Router's error path) copies the stream as a value.
    expect({ ...context }.serverHandoffStream).toBe(stream);
  });

  it("refuses code it was not written for, so a new React Router version fails the build", () => {
    expect(() => makeHydrationDataLazy("let entryContext = {};")).toThrow(/decision 0019/);
    expect(() => makeHydrationDataLazy(`${eagerContext}\n${eagerContext}`)).toThrow(/decision 0019/);
  });
});
