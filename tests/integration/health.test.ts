import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { queueMail } from "../../app/modules/mail/mail.server";
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

  test("reports the job queue, and a backlog of mail (a mail server that is down) does not fail the check", async () => {
    expect(await (await loader()).json()).toMatchObject({
      queue: { waiting: 0, oldestWaitingSeconds: null, running: 0, failed: 0, mailFailing: 0 },
    });
    await prisma.$transaction((tx) => queueMail(tx, [{ to: "a@example.com", subject: "Waiting", text: "x" }]));
    await prisma.$executeRaw`UPDATE pgboss.job SET created_on = now() - interval '2 hours', state = 'retry' WHERE name = 'mail'`;
    const response = await loader();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", queue: { waiting: 1, running: 0, failed: 0, mailFailing: 1 } });
    expect(body.queue.oldestWaitingSeconds).toBeGreaterThanOrEqual(7200);
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
