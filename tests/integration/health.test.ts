import { describe, expect, test } from "vitest";
import { loader } from "../../app/routes/healthz";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

describe("GET /healthz", () => {
  test("reports the database as ok", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  test("answers 503 when the database is unavailable", async () => {
    const working = globalThis.__database;
    globalThis.__database = {
      prisma: { $queryRaw: () => Promise.reject(new Error("connection refused")) } as never,
      close: async () => {},
    };
    try {
      const response = await loader();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: "degraded", database: "unavailable" });
    } finally {
      globalThis.__database = working;
    }
  });
});
