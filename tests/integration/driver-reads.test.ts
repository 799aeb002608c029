// `readRows` (app/lib/db.server.ts): the public pages' reads on the driver itself. Its rows are compared with
// Prisma's where they are used (listings.test.ts); here, what it does with awkward parameters and connections.
import { describe, expect, test } from "vitest";

import { Prisma } from "../../app/generated/prisma/client";
import { prisma, readRows } from "../../app/lib/db.server";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";

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

  test("a prepared read gives the plain read's rows, the first time and every time after", async () => {
    const at = new Date("2026-03-02T23:30:00.250Z");
    const read = (n: number, text: string, ids: number[], prepared: boolean) =>
      readRows(
        Prisma.sql`SELECT ${n}::int + 1 AS "next", ${text}::text AS "text", ${ids}::int[] AS "ids",
          ${at}::timestamp(3) AS "at", ${true}::boolean AS "yes", '{"a":[1]}'::json AS "json"`,
        { prepared },
      );
    for (const [n, text, ids] of [
      [1, "plain", [1, 2, 3]],
      [-7, 'a\u0000b "quoted" \' {comma,brace}', []],
      [41, "", [5]],
    ] as const) {
      const plain = await read(n, text, [...ids], false);
      expect(await read(n, text, [...ids], true)).toEqual(plain);
      expect(plain).toEqual([{ next: n + 1, text: text.replace("\u0000", ""), ids, at, yes: true, json: { a: [1] } }]);
    }
  });

  test("a value its type refuses fails that prepared read alone: the same statement works next time", async () => {
    const read = (value: string) =>
      readRows<{ n: number }>(Prisma.sql`SELECT ${value}::int AS "n"`, { prepared: true });
    await expect(read("not a number")).rejects.toThrow(/invalid input syntax for type integer/);
    expect(await read("12")).toEqual([{ n: 12 }]);
    expect(await read("13")).toEqual([{ n: 13 }]);
    // On PGlite's one session, statements it no longer has (after DEALLOCATE ALL): one read fails, the next
    // works. (On PostgreSQL each pooled connection's statements are node-postgres's own.)
    if (process.env.TEST_DB_ENGINE !== "postgres") {
      await prisma.$executeRawUnsafe("DEALLOCATE ALL");
      await read("14").catch(() => undefined);
      expect(await read("15")).toEqual([{ n: 15 }]);
    }
  });

  test("a prepared read waits for a transaction in progress, and never sees what it rolls back", async () => {
    const { id } = await createListing({ price: 300_000 });
    const price = () =>
      readRows<{ price: number }>(Prisma.sql`SELECT "price" FROM "Project" WHERE "id" = ${id}`, { prepared: true });
    expect(await price()).toEqual([{ price: 300_000 }]);
    let during: Promise<{ price: number }[]> | undefined;
    let settledDuring = false;
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.project.update({ where: { id }, data: { price: 1 } });
        during = price();
        void during.then(() => (settledDuring = true));
        // Another statement of the transaction: on PGlite's one connection, a read that did not wait for the
        // transaction would have run before it (and seen price 1).
        await tx.project.findUnique({ where: { id } });
        if (process.env.TEST_DB_ENGINE !== "postgres") expect(settledDuring).toBe(false);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await during).toEqual([{ price: 300_000 }]);
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
