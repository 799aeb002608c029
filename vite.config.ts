import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The production server build starts from server/app.ts (Express app + start-up tasks),
  // which loads the React Router build lazily; see server.js.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  // Keep the client dependency optimiser off server-only packages.
  optimizeDeps: {
    exclude: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "@prisma/client"],
  },
  server: { watch: { ignored: ["**/var/**", "**/test-results/**"] } },
}));
