// `readRows` (app/lib/db.server.ts): the public pages' reads on the driver itself. Its rows are compared with
// Prisma's where they are used (listings.test.ts); here, what it does with awkward parameters and connections.
import { describe, expect, test } from "vitest";

import { Prisma } from "../../app/generated/prisma/client";
import { prisma, readRows } from "../../app/lib/db.server";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

describe("readRows", () => {
  test("text PostgreSQL cannot store is made storable, as in Prisma's queries: a NUL is no 500", async () => {
    const [row] = await readRows<{ text: string }>(Prisma.sql`SELECT ${"a\u0000b\ud800"}::text AS "text"`);
    expect(row?.text).toBe("ab\ufffd");
  });

  test("a Date is compared as UTC, and timestamps come back as UTC Dates", async () => {
    const at = new Date("2026-03-02T23:30:00.250Z");
    const [row] = await readRows<{ same: boolean; back: Date }>(
      Prisma.sql`SELECT ${at}::timestamp(3) = '2026-03-02 23:30:00.25'::timestamp(3) AS "same", ${at}::timestamp(3) AS "back"`,
    );
    expect(row).toEqual({ same: true, back: at });
  });

  test.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "on PostgreSQL, idle connections that the server closes are replaced, and the process goes on",
    async () => {
      // Connections in the pool first, then every one of them but this statement's closed by the server.
      await Promise.all(Array.from({ length: 4 }, () => readRows(Prisma.sql`SELECT pg_sleep(0.05)`)));
      await prisma.$queryRaw`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ''`;
      await expect
        .poll(async () => (await readRows<{ one: number }>(Prisma.sql`SELECT 1 AS "one"`).catch(() => []))[0]?.one)
        .toBe(1);
    },
  );
});
