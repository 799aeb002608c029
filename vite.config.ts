import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, transformWithEsbuild } from "vite";

// react-router's package exports point every bundler at its development build (dev warnings and their
// messages included); its production build is the same code with them off. The client bundle of a
// production build uses it. Only there: the server and the dev server keep the one copy Node resolves.
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
];

/**
 * app/lib/form-enhancer.ts as a file of its own for pages sent without React (docs/decisions/0002), which load it with
 * `<script type="module" src>`: minified, named by its hash (so /assets serves it as immutable) and
 * started by a line added here, so the React bundle can import the same module without running it. Both
 * builds get its address from `virtual:form-enhancer-url`; the client build writes the file; the dev
 * server serves it at that address.
 */
function formEnhancer(command: "build" | "serve", isSsrBuild: boolean | undefined): Plugin {
  const source = path.resolve("app/lib/form-enhancer.ts");
  const virtual = "virtual:form-enhancer-url";
  const build = async () => {
    const text = `${readFileSync(source, "utf8")}\nenhanceDocument(document);\n`;
    const { code } = await transformWithEsbuild(text, source, {
      loader: "ts",
      format: "esm",
      minify: true,
      target: "es2022",
      legalComments: "none",
    });
    const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8).replace(/[-_]/g, "x");
    return { code, url: `/assets/form-enhancer-${hash}.js` };
  };
  let built: { code: string; url: string } | undefined;
  return {
    name: "movewise-form-enhancer",
    resolveId: (id) => (id === virtual ? `\0${virtual}` : undefined),
    async load(id) {
      if (id !== `\0${virtual}`) return undefined;
      this.addWatchFile(source);
      built = await build();
      return `export default ${JSON.stringify(command === "serve" ? "/@movewise/form-enhancer.js" : built.url)};`;
    },
    configureServer(server) {
      server.middlewares.use("/@movewise/form-enhancer.js", (_req, res) => {
        void build().then(({ code }) => res.setHeader("Content-Type", "text/javascript").end(code));
      });
    },
    generateBundle() {
      if (command === "build" && !isSsrBuild && built)
        this.emitFile({ type: "asset", fileName: built.url.slice(1), source: built.code });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The production server build starts from server/app.ts (Express app + start-up tasks),
  // which loads the React Router build lazily; see server.js.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: command === "build" && !isSsrBuild ? { alias: productionReactRouter } : undefined,
  plugins: [tailwindcss(), reactRouter(), formEnhancer(command, isSsrBuild)],
  // Keep the client dependency optimiser off server-only packages.
  optimizeDeps: {
    exclude: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "@prisma/client"],
  },
  server: { watch: { ignored: ["**/var/**", "**/test-results/**"] } },
}));
