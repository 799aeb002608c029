// react-router's package exports point every bundler and Node at its development build (dev warnings and
// their checks included); its production build is the same code with them off. Production builds (the
// app's client and server bundles, and the benchmark's SSR ceiling, which must render like the server)
// resolve it to that build. A server bundle takes react-router and the packages that import it in with it
// (`noExternal`), so they all share that one copy. The dev server keeps the copy Node resolves.
import { createRequire } from "node:module";
import path from "node:path";

const dist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);

export const productionReactRouter = {
  alias: [
    { find: /^react-router$/, replacement: path.join(dist, "index.mjs") },
    { find: /^react-router\/dom$/, replacement: path.join(dist, "dom-export.mjs") },
  ],
  noExternal: ["react-router", "@react-router/express", "@react-router/node", "remix-toast"],
};
