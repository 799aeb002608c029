// react-router's package exports point every bundler and Node at its development build (dev warnings and
// their checks included); its production build is the same code with them off. Production builds (the
// app's client and server bundles, and the benchmark's SSR ceiling, which must render like the server)
// resolve it to that build. A server bundle takes react-router and the packages that import it in with it
// (`noExternal`), so they all share that one copy. The dev server keeps the copy Node resolves.
//
// The production server bundle also gets two changes to React Router's own code, each the exact text of
// the pinned version replaced (decision 0019); the build stops when that text is not there, as after an
// upgrade, rather than leave the server without them.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const dist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);

/**
 * 1. The hydration data, encoded when read. React Router 7.18 encodes every page's whole loader data with
 * turbo-stream into a stream, with a timer and an abort listener, for the browser's router, whether or not
 * the page has one. A page sent without React never reads it (app/entry.server.tsx); ServerRouter reads it
 * when the page hydrates, and it is then kept as a plain value. It cost about 6% of such a page's time.
 */
const lazyHydrationData = {
  name: "hydration data encoded when read",
  definedIn: "function handleDocumentRequest(",
  from: `      serverHandoffStream: encodeViaTurboStream(
        state,
        request.signal,
        build.entry.module.streamTimeout,
        serverMode
      ),
`,
  to: `      get serverHandoffStream() {
        const stream = encodeViaTurboStream(
          state,
          request.signal,
          build.entry.module.streamTimeout,
          serverMode
        );
        Object.defineProperty(this, "serverHandoffStream", { value: stream, writable: true, enumerable: true, configurable: true });
        return stream;
      },
`,
};

/**
 * 2. Which route branch a path matches, remembered. The server tries each of its route branches (about 140
 * here, most specific first) against a request's path, twice a request (to choose the handler, then in the
 * static handler), allocating as it goes; a one-segment page such as /view-properties comes near the end.
 * That was 4–10% of a public page's time. The first branch a decoded path matches is a pure function of the
 * path and the branches, so the server's branch lists remember it for the last 256 paths and match only that
 * branch again (the same match objects, made anew). Paths that match nothing are remembered too.
 */
const rememberedBranches = {
  name: "remembered route branches",
  definedIn: "function matchRoutesImpl(",
  from: `function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let pathname = stripBasename(location.pathname || "/", basename);
  if (pathname == null) {
    return null;
  }
  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;
}
`,
  to: `const branchMemos = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let pathname = stripBasename(location.pathname || "/", basename);
  if (pathname == null) {
    return null;
  }
  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let decoded = decodePath(pathname);
  let memo = null;
  if (precomputedBranches) {
    memo = branchMemos.get(branches);
    if (!memo) branchMemos.set(branches, (memo = new Map()));
  }
  let key = (allowPartial ? "partial " : "whole ") + decoded;
  let known = memo?.get(key);
  if (known !== undefined) return known === -1 ? null : matchRouteBranch(branches[known], decoded, allowPartial);
  let matches = null;
  let matched = -1;
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
    if (matches != null) matched = i;
  }
  if (memo) {
    if (memo.size >= 256) memo.delete(memo.keys().next().value);
    memo.set(key, matched);
  }
  return matches;
}
`,
};

export const SERVER_CHANGES = [lazyHydrationData, rememberedBranches];

/** `code` with `change` made; throws when its text is not there exactly once. */
export function applyChange(code, change) {
  const at = code.indexOf(change.from);
  if (at === -1 || code.indexOf(change.from, at + 1) !== -1)
    throw new Error(
      `react-router is not the version scripts/react-router-production.js was written for ("${change.name}" ` +
        "does not apply): check decision 0019 against the new version",
    );
  return code.slice(0, at) + change.to + code.slice(at + change.from.length);
}

/** The production build's file that defines what `change` replaces (the React Server Components build aside). */
export function fileOf(change) {
  const found = readdirSync(dist).filter(
    (name) =>
      name.endsWith(".mjs") &&
      !name.startsWith("index-react-server") &&
      readFileSync(path.join(dist, name), "utf8").includes(change.definedIn),
  );
  if (found.length !== 1)
    throw new Error(`expected one file defining ${change.definedIn} in ${dist}, found ${found.length}`);
  return path.join(dist, found[0]);
}

/** Vite plugin for the server bundle: makes SERVER_CHANGES, and fails the build unless each was made. */
function serverChanges() {
  const byFile = new Map();
  for (const change of SERVER_CHANGES) byFile.set(fileOf(change), [...(byFile.get(fileOf(change)) ?? []), change]);
  const made = new Set();
  return {
    name: "movewise-react-router-server-changes",
    transform(code, id) {
      const changes = byFile.get(path.resolve(id.split("?")[0]));
      if (!changes) return undefined;
      for (const change of changes) made.add(change.name);
      return { code: changes.reduce(applyChange, code), map: null };
    },
    buildEnd(error) {
      const missing = SERVER_CHANGES.filter((change) => !made.has(change.name)).map((change) => change.name);
      if (!error && missing.length) this.error(`React Router was bundled without: ${missing.join(", ")}`);
    },
  };
}

export const productionReactRouter = {
  alias: [
    { find: /^react-router$/, replacement: path.join(dist, "index.mjs") },
    { find: /^react-router\/dom$/, replacement: path.join(dist, "dom-export.mjs") },
  ],
  noExternal: ["react-router", "@react-router/express", "@react-router/node", "remix-toast"],
  /** For the production server bundle only. */
  serverPlugins: () => [serverChanges()],
};
