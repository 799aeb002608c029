// Builds the benchmark's TypeScript entries (the SSR ceiling and the search timer) with Vite, the way
// the app's server build compiles the same source files, into build/bench/ (next to the app build, ignored like it).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

import { build } from "vite";

import { productionReactRouter } from "../../scripts/react-router-production.js";

/**
 * The app's root route imports two things only its own Vite config provides: the address of the script of
 * pages without React (`virtual:browser-entry-url`) and the stylesheets' addresses (`app.css?url`). The page
 * ceiling renders them as the addresses the app build gave them (read from build/client), so its HTML is
 * the app's to the byte where it can be.
 */
function appOnlyModules(root) {
  const find = (dir, pattern, fallback) => {
    const folder = path.join(root, "build/client", dir);
    const name = existsSync(folder) ? readdirSync(folder).find((f) => pattern.test(f)) : undefined;
    return name ? `/${dir}/${name}` : fallback;
  };
  return {
    name: "bench-app-only-modules",
    enforce: "pre",
    resolveId(id) {
      if (id === "virtual:browser-entry-url" || id.endsWith(".css?url")) return `\0bench:${id}`;
    },
    load(id) {
      if (id === "\0bench:virtual:browser-entry-url")
        return `export default ${JSON.stringify(find("assets/browser", /^main-.*\.js$/, "/assets/browser/main.js"))};`;
      if (id.startsWith("\0bench:") && id.endsWith(".css?url")) {
        // app.css → /assets/app-<hash>.css, leaflet.css → /assets/leaflet-<hash>.css
        const name = path.basename(id.slice(0, -"?url".length), ".css");
        return `export default ${JSON.stringify(find("assets", new RegExp(`^${name}-[\\w-]+\\.css$`), `/assets/${name}.css`))};`;
      }
    },
  };
}

export async function buildEntries(root) {
  const outDir = path.join(root, "build/bench");
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    plugins: [appOnlyModules(root)],
    // The same react-router build as the app's server bundle.
    resolve: { alias: productionReactRouter.alias },
    ssr: { noExternal: productionReactRouter.noExternal },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: "node20",
      rollupOptions: {
        input: {
          "search-cards": path.join(root, "bench/entries/search-cards.tsx"),
          "search-timing": path.join(root, "bench/entries/search-timing.ts"),
          "page-ssr": path.join(root, "bench/entries/page-ssr.tsx"),
        },
        output: { format: "esm", entryFileNames: "[name].js" },
      },
    },
  });
  return {
    searchCards: path.join(outDir, "search-cards.js"),
    searchTiming: path.join(outDir, "search-timing.js"),
    pageSsr: path.join(outDir, "page-ssr.js"),
  };
}
