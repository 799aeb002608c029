import path from "node:path";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";

import { productionReactRouter } from "./scripts/react-router-production.js";

/**
 * The script of pages sent without React: app/browser/main.ts and the behaviours it loads on demand,
 * bundled by esbuild into small chunks named by their hashes (so /assets serves them as immutable). The
 * server build gets the entry's address from `virtual:browser-entry-url`; the client build writes the
 * files; the dev server builds them on request.
 */
function browserBehaviours(command: "build" | "serve", isSsrBuild: boolean | undefined): Plugin {
  const virtual = "virtual:browser-entry-url";
  const ENTRY = "app/browser/main.ts";
  const bundle = async () => {
    const result = await esbuild({
      entryPoints: { main: ENTRY },
      bundle: true,
      splitting: true,
      format: "esm",
      minify: true,
      target: "es2022",
      legalComments: "none",
      outdir: "assets/browser",
      entryNames: "[name]-[hash]",
      chunkNames: "[name]-[hash]",
      metafile: true,
      write: false,
    });
    // Each behaviour loaded with import() is an entry point of its own too: find main.ts's.
    const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === ENTRY)![0];
    return { files: result.outputFiles, entry: `/${entry}`, inputs: Object.keys(result.metafile.inputs) };
  };
  let built: Awaited<ReturnType<typeof bundle>> | undefined;
  return {
    name: "movewise-browser-behaviours",
    resolveId: (id) => (id === virtual ? `\0${virtual}` : undefined),
    async load(id) {
      if (id !== `\0${virtual}`) return undefined;
      built = await bundle();
      for (const input of built.inputs) this.addWatchFile(path.resolve(input));
      return `export default ${JSON.stringify(built.entry)};`;
    },
    configureServer(server) {
      server.middlewares.use("/assets/browser", (req, res, next) => {
        void bundle().then(({ files }) => {
          const file = files.find((f) => f.path.endsWith(req.url ?? ""));
          if (!file) return next();
          res.setHeader("Content-Type", "text/javascript").end(file.text);
        });
      });
    },
    generateBundle() {
      if (command === "build" && !isSsrBuild && built)
        for (const file of built.files)
          this.emitFile({ type: "asset", fileName: path.relative(process.cwd(), file.path), source: file.contents });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The production server build starts from server/app.ts (Express app + start-up tasks),
  // which loads the React Router build lazily; see server.js.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  // See scripts/react-router-production.js.
  resolve: command === "build" ? { alias: productionReactRouter.alias } : undefined,
  ssr: command === "build" ? { noExternal: productionReactRouter.noExternal } : undefined,
  plugins: [
    tailwindcss(),
    reactRouter(),
    browserBehaviours(command, isSsrBuild),
    ...(command === "build" && isSsrBuild ? productionReactRouter.serverPlugins() : []),
  ],
  // Keep the client dependency optimiser off server-only packages.
  optimizeDeps: {
    exclude: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "@prisma/client"],
  },
  server: { watch: { ignored: ["**/var/**", "**/test-results/**"] } },
}));
