// react-router's package exports point every bundler and Node at its development build (dev warnings and
// their checks included); its production build is the same code with them off. Production builds (the
// app's client and server bundles, and the benchmark's SSR ceiling, which must render like the server)
// resolve it to that build. A server bundle takes react-router and the packages that import it in with it
// (`noExternal`), so they all share that one copy. The dev server keeps the copy Node resolves.
//
// The production server bundle also gets one change to React Router's code (`lazyHydrationData`, decision
// 0019): the loader data a page hands to the browser's router is encoded when the page reads it, not before.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const dist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);

/**
 * What React Router 7.18 builds for every document request, whether or not the page hydrates: the whole
 * loader data encoded with turbo-stream into a stream, with a timer and an abort listener. A page sent
 * without React never reads it (app/entry.server.tsx), and the encoding cost about 6% of such a page's
 * time on the server.
 */
const EAGER = `      serverHandoffStream: encodeViaTurboStream(
        state,
        request.signal,
        build.entry.module.streamTimeout,
        serverMode
      ),
`;
// The same, encoded on first read (ServerRouter reads it when the page hydrates) and kept as a plain value.
const LAZY = `      get serverHandoffStream() {
        const stream = encodeViaTurboStream(
          state,
          request.signal,
          build.entry.module.streamTimeout,
          serverMode
        );
        Object.defineProperty(this, "serverHandoffStream", { value: stream, writable: true, enumerable: true, configurable: true });
        return stream;
      },
`;

/** React Router's production code with the hydration data made lazy; throws when the code is not as expected. */
export function makeHydrationDataLazy(code) {
  const at = code.indexOf(EAGER);
  if (at === -1 || code.indexOf(EAGER, at + 1) !== -1)
    throw new Error(
      "react-router's document handler is not the one scripts/react-router-production.js was written for " +
        "(the entry context's serverHandoffStream); check decision 0019 against the new version",
    );
  return code.slice(0, at) + LAZY + code.slice(at + EAGER.length);
}

/** The production build's file that builds the entry context of a document request. */
export const documentHandlerFile = () => {
  const found = readdirSync(dist).filter(
    (name) =>
      name.endsWith(".mjs") && readFileSync(path.join(dist, name), "utf8").includes("function handleDocumentRequest("),
  );
  if (found.length !== 1)
    throw new Error(`expected one file defining handleDocumentRequest in ${dist}, found ${found.length}`);
  return path.join(dist, found[0]);
};

/** Vite plugin for the server bundle: see makeHydrationDataLazy. */
function lazyHydrationData() {
  const file = documentHandlerFile();
  let patched = false;
  return {
    name: "movewise-react-router-lazy-hydration-data",
    transform(code, id) {
      if (path.resolve(id.split("?")[0]) !== file) return undefined;
      patched = true;
      return { code: makeHydrationDataLazy(code), map: null };
    },
    buildEnd(error) {
      if (!error && !patched) this.error(`${file} was not bundled, so React Router's hydration data stays eager`);
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
  serverPlugins: () => [lazyHydrationData()],
};
