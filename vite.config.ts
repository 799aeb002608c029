import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// react-router's package exports point every bundler at its development build (dev warnings and their
// messages included); its production build is the same code with them off. The client bundle of a
// production build uses it. Only there: the server and the dev server keep the one copy Node resolves.
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist/production");
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  // The production server build starts from server/app.ts (Express app + start-up tasks),
  // which loads the React Router build lazily; see server.js.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: command === "build" && !isSsrBuild ? { alias: productionReactRouter } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  // Keep the client dependency optimiser off server-only packages.
  optimizeDeps: {
    exclude: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "@prisma/client"],
  },
  server: { watch: { ignored: ["**/var/**", "**/test-results/**"] } },
}));
