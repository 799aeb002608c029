// Runs the fuzz table: each target gets `runs` generated requests, sent straight to the route's loader or
// action like the other integration tests do. A case fails when the route answers (or throws) a 5xx or
// anything that is not a response, or when a table it writes holds a row that breaks its rules afterwards.
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";

import { reloadEnv } from "../../../app/lib/env.server";
import { resetLimiters } from "../../../app/lib/rate-limits.server";
import { createUserSession } from "../../../app/modules/auth/session.server";
import { setupTestDatabase } from "../database";
import { routeFiles } from "../route-files";
import {
  bodyLike,
  brokenMultipart,
  type FuzzBody,
  junkParam,
  rawBody,
  toFormEntries,
  type UploadPart,
  uploadParts,
} from "./arbitraries";
import {
  currentEngine,
  DEFAULT_RUNS,
  type Engine,
  ENGINE_SHARE,
  FUZZ_SCALE,
  FUZZ_TABLE,
  isSkip,
  type Role,
  type Target,
} from "./endpoints";
import { createFixtures, type Fixtures } from "./fixtures";
import { invalidRows, lastIds, type Table, TABLES } from "./invariants";

type Handler = (args: { request: Request; params: Record<string, string>; context: { clientIp: string } }) => unknown;
type Kind = "action" | "loader";
export type FuzzTarget = { name: string; file: string; path: string; kind: Kind; target: Target; runs: number };

/** The table's targets for route files matching `include`, in route order (each file once). */
export function fuzzTargets(include: (file: string) => boolean, engine: Engine = currentEngine()): FuzzTarget[] {
  const seen = new Set<string>();
  const targets: FuzzTarget[] = [];
  for (const [file, path] of routeFiles()) {
    if (!include(file) || seen.has(file)) continue;
    seen.add(file);
    for (const kind of ["action", "loader"] as const) {
      const target = FUZZ_TABLE[file]?.[kind];
      if (!target || isSkip(target)) continue;
      if (process.env.FUZZ_ONLY && !process.env.FUZZ_ONLY.split(",").some((part) => `${kind} ${file}`.includes(part)))
        continue;
      targets.push({
        name: `${kind} ${file}`,
        file,
        path,
        kind,
        target,
        runs: Math.max(10, Math.round((target.runs ?? DEFAULT_RUNS[kind]) * FUZZ_SCALE * ENGINE_SHARE[engine])),
      });
    }
  }
  return targets;
}

type Case = {
  role: Role;
  params: Record<string, string>;
  query: FuzzBody;
  body:
    | { kind: "fields"; fields: FuzzBody; encoding: "urlencoded" | "multipart" | "json"; files?: UploadPart[] }
    | { kind: "raw"; text: string | Uint8Array; contentType: string }
    | { kind: "none" };
  clientIp: string;
};

function caseArbitrary(target: Target, fx: Fixtures): fc.Arbitrary<Case> {
  const others = (["anonymous", "vendor", "buyer", "admin"] as const).filter((r) => r !== target.role);
  const role = fc.oneof(
    { weight: 4, arbitrary: fc.constant(target.role) },
    { weight: 1, arbitrary: fc.constantFrom(...others) },
  );
  const validParams = target.params?.(fx) ?? {};
  const params = Object.keys(validParams).length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constant(validParams) },
        { weight: 1, arbitrary: fc.record(Object.fromEntries(Object.keys(validParams).map((k) => [k, junkParam]))) },
      )
    : fc.constant({});
  const sample = target.sample?.(fx) ?? {};
  const fields = bodyLike(sample);
  const body: fc.Arbitrary<Case["body"]> =
    target.body === "query"
      ? fc.constant({ kind: "none" as const })
      : target.body === "multipart"
        ? fc.oneof(
            {
              weight: 6,
              arbitrary: fc.record({
                kind: fc.constant("fields" as const),
                fields,
                encoding: fc.constant("multipart" as const),
                files: uploadParts,
              }),
            },
            {
              weight: 1,
              arbitrary: fields.map((f) => ({ kind: "fields" as const, fields: f, encoding: "urlencoded" as const })),
            },
            { weight: 2, arbitrary: brokenMultipart },
            {
              weight: 1,
              arbitrary: fc.record({
                kind: fc.constant("raw" as const),
                text: rawBody,
                contentType: fc.constantFrom("application/json", "text/plain", "multipart/form-data", ""),
              }),
            },
          )
        : fc.oneof(
            {
              weight: 6,
              arbitrary: fields.map((f) => ({
                kind: "fields" as const,
                fields: f,
                encoding: target.body === "json" ? ("json" as const) : ("urlencoded" as const),
              })),
            },
            {
              weight: 1,
              arbitrary: fields.map((f) => ({
                kind: "fields" as const,
                fields: f,
                encoding: target.body === "json" ? ("urlencoded" as const) : ("multipart" as const),
              })),
            },
            {
              weight: 1,
              arbitrary: fc.record({
                kind: fc.constant("raw" as const),
                text: rawBody,
                contentType: fc.constantFrom(
                  "application/json",
                  "application/x-www-form-urlencoded",
                  "text/plain",
                  "multipart/form-data; boundary=x",
                  "",
                ),
              }),
            },
          );
  const query = target.body === "query" ? fields : bodyLike(target.query?.(fx) ?? {});
  return fc.record({
    role,
    params,
    query,
    body,
    clientIp: fc.constantFrom("203.0.113.1", "198.51.100.7", "2001:db8::1", "unknown"),
  });
}

async function requestFor(t: FuzzTarget, fx: Fixtures, c: Case): Promise<Request> {
  const path = t.path
    .replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(c.params[name] ?? "1"))
    .replace("*", encodeURIComponent(c.params["*"] ?? ""));
  const url = new URL(`http://localhost${path}`);
  for (const [name, value] of toFormEntries(c.query)) url.searchParams.append(name, String(value));
  const headers = new Headers();
  const cookies: string[] = [];
  if (c.role !== "anonymous") {
    cookies.push(
      t.target.freshSession
        ? (await createUserSession(fx[c.role].id, { persistent: false })).split(";")[0]!
        : fx.sessions[c.role],
    );
  }
  if (t.target.cookie) cookies.push((await t.target.cookie(fx)).split(";")[0]!);
  if (cookies.length) headers.set("Cookie", cookies.join("; "));
  if (t.kind === "loader") return new Request(url, { headers });
  const method = t.target.method ?? "POST";
  let body: BodyInit | undefined;
  if (c.body.kind === "raw") {
    if (c.body.contentType) headers.set("Content-Type", c.body.contentType);
    body = typeof c.body.text === "string" ? c.body.text : new Uint8Array(c.body.text);
  } else if (c.body.kind === "fields") {
    if (c.body.encoding === "json") {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(c.body.fields);
    } else if (c.body.encoding === "multipart") {
      const form = new FormData();
      for (const [name, value] of toFormEntries(c.body.fields)) form.append(name, value);
      if (c.body.files)
        for (const part of c.body.files)
          form.append(part.field, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.name);
      else
        form.append(
          "signature_file",
          new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])], { type: "image/png" }),
          "sig.png",
        );
      body = form;
    } else {
      body = new URLSearchParams(toFormEntries(c.body.fields) as [string, string][]);
    }
  }
  return new Request(url, { method, headers, body });
}

const isDataWithInit = (value: unknown): value is { init?: { status?: number } | null } =>
  typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";

/** The status a client would get, or the exception that would have become a 500. */
async function outcome(run: () => unknown): Promise<{ status: number; error?: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) return { status: 500, error: thrown };
    value = thrown;
  }
  if (value instanceof Response) {
    // A body streamed after the headers can still fail: read it.
    try {
      await value.arrayBuffer();
    } catch (error) {
      return { status: 500, error };
    }
    return { status: value.status };
  }
  if (isDataWithInit(value)) return { status: value.init?.status ?? 200 };
  return { status: 200 };
}

const short = (value: unknown) => {
  const text = JSON.stringify(value, (_, v: unknown) =>
    typeof v === "string" && v.length > 80 ? `${v.slice(0, 60)}…(${v.length} chars)` : v,
  );
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
};

/** One vitest test per target, on a fresh database with the fixtures; prints the totals at the end. */
export function defineFuzzTests(label: string, targets: FuzzTarget[]) {
  setupTestDatabase();
  let cases = 0;
  beforeAll(() => {
    // Abuse limits would turn most cases into 429s: let them through, as other tests do.
    process.env.RATE_LIMIT_FACTOR = "1000000";
    reloadEnv();
    resetLimiters();
  });
  afterAll(() => {
    delete process.env.RATE_LIMIT_FACTOR;
    reloadEnv();
    resetLimiters();
    const engine = process.env.TEST_DB_ENGINE ?? "pglite";
    console.log(
      `Fuzz figures (${label}, ${engine}): ${cases} cases over ${targets.length} targets; any 5xx or invalid stored row fails the test.`,
    );
  });

  test.each(targets.map((t) => [t.name, t] as const))(
    "%s: never a 5xx, never an invalid row",
    { timeout: 900_000 },
    async (_, t) => {
      const module = (await import(/* @vite-ignore */ `../../../app/${t.file}`)) as Record<Kind, Handler>;
      const handler = module[t.kind];
      const fx = await createFixtures();
      const fixturesUpTo = await lastIds();
      const writes: Table[] = t.target.writes ?? [];
      const property = fc.asyncProperty(caseArbitrary(t.target, fx), async (c) => {
        const before = writes.length ? await lastIds(writes) : {};
        const request = await requestFor(t, fx, c);
        const result = await outcome(() => handler({ request, params: c.params, context: { clientIp: c.clientIp } }));
        if (result.status >= 500) {
          const error =
            result.error instanceof Error
              ? `${result.error.name}: ${result.error.message.slice(0, 500)}`
              : String(result.error ?? "");
          throw new Error(`${t.name} answered ${result.status} ${error}`);
        }
        for (const table of writes) {
          const problems = await invalidRows(table, {
            fixturesUpTo: fixturesUpTo[table] ?? 0,
            newerThan: before[table] ?? 0,
          });
          if (problems.length) throw new Error(`${t.name} stored invalid rows: ${problems.join("; ")}`);
        }
      });
      // A fixed seed in `npm test`, so a run fails only on a change; FUZZ_SEED=random explores new cases.
      const seed = process.env.FUZZ_SEED === "random" ? undefined : Number(process.env.FUZZ_SEED ?? 20_261_207);
      const details = await fc.check(property, { numRuns: t.runs, seed });
      cases += details.numRuns;
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(
          `${error}\nafter ${details.numRuns} cases and ${details.numShrinks} shrinks; reproduce with FUZZ_SEED=${details.seed}\ncase: ${short(details.counterexample?.[0])}`,
        );
      }
      expect(details.numRuns).toBe(t.runs);
      for (const table of TABLES) expect(await invalidRows(table)).toEqual([]);
    },
  );
}
