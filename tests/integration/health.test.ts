import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { queueMail } from "../../app/modules/mail/mail.server";
import { loader } from "../../app/routes/healthz";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

/** The body of /healthz once a check has seen `state` (a check answers for up to a second, so wait for it). */
async function healthOnce(seen: (body: Record<string, unknown>) => boolean) {
  let body: Record<string, unknown> = {};
  await expect.poll(async () => seen((body = await (await loader()).json())), { timeout: 10_000 }).toBe(true);
  return body;
}

/** Stands in a database whose every read fails, counting the reads; restores the real one afterwards. */
async function withFailingDatabase(run: (reads: () => number) => Promise<void>) {
  const working = globalThis.__database;
  let reads = 0;
  globalThis.__database = {
    prisma: {
      $queryRaw: () => {
        reads++;
        return Promise.reject(new Error("connection refused"));
      },
    } as never,
    close: async () => {},
  };
  try {
    await run(() => reads);
  } finally {
    globalThis.__database = working;
    await healthOnce((body) => body.database === "ok");
  }
}

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
    const body = await healthOnce((b) => (b.queue as { waiting: number }).waiting === 1);
    expect(body).toMatchObject({ status: "ok", queue: { waiting: 1, running: 0, failed: 0, mailFailing: 1 } });
    expect((body.queue as { oldestWaitingSeconds: number }).oldestWaitingSeconds).toBeGreaterThanOrEqual(7200);
    expect((await loader()).status).toBe(200);
  });

  test("answers 503 when the database is unavailable", async () => {
    await withFailingDatabase(async () => {
      await healthOnce((body) => body.database === "unavailable");
      const response = await loader();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: "degraded", database: "unavailable" });
    });
  });

  test("requests within a second of a check share it, so a flood of /healthz reads the database no more", async () => {
    await withFailingDatabase(async (reads) => {
      await healthOnce((body) => body.database === "unavailable");
      const before = reads();
      const responses = await Promise.all(Array.from({ length: 50 }, () => loader()));
      expect(responses.map((r) => r.status)).toEqual(Array(50).fill(503));
      expect(reads()).toBe(before);
    });
  });
});
