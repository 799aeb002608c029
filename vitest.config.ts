// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
// Projects: unit tests, integration tests on in-memory PGlite, and the same integration tests on
// PostgreSQL when DATABASE_URL is set (each test file gets its own database cloned from a migrated template).
import { defineConfig } from "vitest/config";

const integration = (engine: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration-${engine}`,
    include: ["tests/integration/**/*.test.ts"],
    env: { TEST_DB_ENGINE: engine },
    globalSetup: ["tests/support/global-setup.ts"],
  },
});

export default defineConfig({
  test: {
    environment: "node",
    setupFiles: ["tests/support/setup.ts"],
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where most integration
    // files wait on a database, a spawned server or a socket as much as they compute. Three at a time took 603 s
    // where two took 689 (both engines, 2026-11-29): the crash test alone waits two minutes for a job to expire.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts"] } },
      integration("pglite"),
      ...(process.env.DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
