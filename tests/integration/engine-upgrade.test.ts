// The way from PGlite 0.5 (PostgreSQL 18) to 0.6 (PostgreSQL 19), which cannot open 0.5's data directory: a
// backup made on 0.5 restores into 0.6 (installed beside it as the dev dependency pglite-next), every table's
// count and checksum checked by dumping it again on 0.6. PGlite only: the test is about the embedded engine.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { PGlite as NextPGlite } from "pglite-next";
import { pg_trgm as nextTrgm } from "pglite-next/contrib/pg_trgm";
import { beforeAll, expect, test } from "vitest";

import { embeddedDatabase, prisma } from "../../app/lib/db.server";
import { backupDir, pgliteSession, runBackup } from "../../app/modules/backups/backups.server";
import { restoreBackup } from "../../app/modules/backups/restore.server";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";
import { recordMigrations } from "../support/migrations";
import { account } from "../support/payments";

setupTestDatabase({ emptyBeforeEach: false });

beforeAll(async () => {
  await recordMigrations((sql, ...values) => prisma.$executeRawUnsafe(sql, ...values));
  await account("admin");
  await createListing({ photos: 1, epc: true });
});

test.runIf(process.env.TEST_DB_ENGINE !== "postgres")(
  "a backup made on PGlite 0.5 restores into PGlite 0.6 with every row and file checked",
  async () => {
    const versionOf = async (db: { query<T>(sql: string): Promise<{ rows: T[] }> }) =>
      (await db.query<{ v: number }>("SELECT current_setting('server_version_num')::int AS v")).rows[0]!.v;
    const from = await versionOf(embeddedDatabase()!);
    const made = await runBackup({ trigger: "cli" });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "movewise-upgrade-"));
    const next = new NextPGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm: nextTrgm } });
    try {
      const restored = await restoreBackup({
        archive: path.join(backupDir(), made.fileName),
        identities: [],
        target: {
          engine: "pglite",
          dataDir,
          open: async () => ({
            ...pgliteSession(next as never),
            pglite: next as never,
            close: async () => {},
          }),
        },
        // The archive is at this code's last migration: nothing to apply (with the new PGlite installed for good,
        // `npm run restore` runs prisma migrate deploy on it as usual).
        migrate: async () => {},
      });
      expect(restored.skipped).toEqual([]);
      // PostgreSQL 18 to 19.
      expect(Math.floor((await versionOf(next)) / 10_000)).toBeGreaterThan(Math.floor(from / 10_000));
      const users = await next.query<{ email: string }>(`SELECT email FROM "User" ORDER BY id`);
      expect(users.rows.map((u) => u.email)).toEqual(
        (await prisma.user.findMany({ orderBy: { id: "asc" } })).map((u) => u.email),
      );
    } finally {
      await next.close();
    }
  },
  240_000,
);
