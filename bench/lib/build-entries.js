// Builds the benchmark's TypeScript entries (the SSR ceiling and the search timer) with Vite, the way
// the app's server build compiles the same source files, into build/bench/ (next to the app build, ignored like it).
import path from "node:path";

import { build } from "vite";

export async function buildEntries(root) {
  const outDir = path.join(root, "build/bench");
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: "node20",
      rollupOptions: {
        input: {
          "search-cards": path.join(root, "bench/entries/search-cards.tsx"),
          "search-timing": path.join(root, "bench/entries/search-timing.ts"),
        },
        output: { format: "esm", entryFileNames: "[name].js" },
      },
    },
  });
  return { searchCards: path.join(outDir, "search-cards.js"), searchTiming: path.join(outDir, "search-timing.js") };
}
