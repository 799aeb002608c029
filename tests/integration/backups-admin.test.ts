// What an admin and a monitor see of backups: /readyz part by part, /admin/backups (the list, "Back up now",
// downloads, admins only) and the last good backup on /admin/jobs.
import { readFileSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { backupDir, runBackup } from "../../app/modules/backups/backups.server";
import { forgetReadiness } from "../../app/modules/bootstrap/readiness.server";
import * as adminBackups from "../../app/routes/admin.backups";
import * as download from "../../app/routes/admin.backups.$fileName";
import * as adminJobs from "../../app/routes/admin.jobs";
import { loader as readyz } from "../../app/routes/readyz";
import { setupTestDatabase } from "../support/database";
import { recordMigrations } from "../support/migrations";
import { account, request, routeArgs, settle } from "../support/payments";

setupTestDatabase({ emptyBeforeEach: false });

let admin: Awaited<ReturnType<typeof account>>;
let vendor: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  await recordMigrations((sql, ...values) => prisma.$executeRawUnsafe(sql, ...values));
  admin = await account("admin");
  vendor = await account("vendor");
});

async function readiness() {
  forgetReadiness();
  const response = await readyz();
  return { status: response.status, body: (await response.json()) as Record<string, Record<string, unknown>> };
}

describe("/readyz and the admin pages", () => {
  test("before any backup: ready, with no backup reported; the admin page offers one", async () => {
    const { status, body } = await readiness();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "ok",
      database: "ok",
      storage: { status: "ok", kind: "local" },
      mail: { status: "ok" },
      backup: { status: "none", lastSuccessAgeSeconds: null, lastFailureAt: null },
    });
    expect(body.queue).toMatchObject({ failed: 0 });
    const page = await settle(() =>
      adminBackups.loader(routeArgs(request("/admin/backups", { cookie: admin.cookie }))),
    );
    expect(page.data).toMatchObject({ overview: { files: [], lastSuccess: null, encrypted: false, running: false } });
  });

  test("'Back up now' queues a backup job for the workers, admins only", async () => {
    const refused = await settle(() =>
      adminBackups.action(routeArgs(request("/admin/backups", { cookie: vendor.cookie, form: {} }))),
    );
    expect(refused.status).toBe(403);
    const done = await settle(() =>
      adminBackups.action(routeArgs(request("/admin/backups", { cookie: admin.cookie, form: {} }))),
    );
    expect(done).toMatchObject({ status: 302, location: "/admin/backups" });
    const jobs = await prisma.$queryRaw<{ trigger: string }[]>`
      SELECT data->>'trigger' AS trigger FROM pgboss.job WHERE name = 'backup' AND state = 'created'`;
    expect(jobs).toEqual([{ trigger: "admin" }]);
    const page = await settle(() =>
      adminBackups.loader(routeArgs(request("/admin/backups", { cookie: admin.cookie }))),
    );
    expect(page.data).toMatchObject({ overview: { running: true } });
  });

  test("after a backup: listed with its size, downloadable by admins only, and its age on /readyz and /admin/jobs", async () => {
    const made = await runBackup({ trigger: "cli" });
    const { body } = await readiness();
    expect(body.backup).toMatchObject({ status: "ok" });
    expect(body.backup!.lastSuccessAgeSeconds).toBeLessThan(60);

    const page = await settle(() =>
      adminBackups.loader(routeArgs(request("/admin/backups", { cookie: admin.cookie }))),
    );
    expect(page.data).toMatchObject({
      overview: { files: [{ fileName: made.fileName, byteSize: made.byteSize, encrypted: false }] },
    });

    const file = await download.loader(
      routeArgs(request(`/admin/backups/${made.fileName}`, { cookie: admin.cookie }), { fileName: made.fileName }),
    );
    expect(file.headers.get("Content-Disposition")).toContain(made.fileName);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(readFileSync(path.join(backupDir(), made.fileName)));
    for (const [cookie, fileName, status] of [
      [vendor.cookie, made.fileName, 403],
      [admin.cookie, "../package.json", 404],
      [admin.cookie, "movewise-20200101T000000Z.tar", 404],
    ] as const) {
      const answer = await settle(() =>
        download.loader(routeArgs(request(`/admin/backups/x`, { cookie }), { fileName })),
      );
      expect(answer.status).toBe(status);
    }

    const jobs = await settle(() => adminJobs.loader(routeArgs(request("/admin/jobs", { cookie: admin.cookie }))));
    expect(jobs.data).toMatchObject({ lastBackup: { fileName: made.fileName }, backupFailure: null });
  }, 240_000);
});
