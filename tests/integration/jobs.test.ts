// The job queue as admins and the scheduler see it: the daily retention purge is scheduled and audited, failed
// jobs are listed with their last error and can be retried or cancelled (page and API), and the dashboard warns
// while mail is failing.
import { afterEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { upsertAdmin } from "../../app/modules/auth/admins.server";
import { enqueue, QUEUES, startQueue } from "../../app/modules/jobs/queue.server";
import { RETENTION_SCHEDULE, runDueJobs, startWorkers, stopWorkers } from "../../app/modules/jobs/workers.server";
import { queueMail } from "../../app/modules/mail/mail.server";
import { action as jobsPageAction, loader as jobsPageLoader } from "../../app/routes/admin.jobs";
import { loader as dashboardLoader } from "../../app/routes/admin-propertylisting";
import { loader as jobsApi } from "../../app/routes/api.v1.admin.jobs";
import { action as jobApiAction } from "../../app/routes/api.v1.admin.jobs.$id.action";
import { setupTestDatabase } from "../support/database";
import { formPost, signedInJar } from "../support/requests";
import { sendQueuedMail, setupSmtpServer } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();
afterEach(() => stopWorkers({ timeoutMs: 1_000 }));

const context = { clientIp: "203.0.113.77" };
const admin = () =>
  upsertAdmin({ email: "jobs.admin@example.com", password: "correct horse battery", fullName: "Jo Admin" });

/** A message to an address the test SMTP server refuses, attempted once: it waits to be retried. */
async function failingMail() {
  await prisma.$transaction((tx) =>
    queueMail(tx, [{ to: "reject@example.com", subject: "Your viewing", text: "See you soon." }]),
  );
  expect(await sendQueuedMail()).toEqual({ completed: 0, failed: 1 });
  const [job] = await prisma.$queryRaw<{ id: string }[]>`SELECT id::text FROM pgboss.job WHERE name = 'mail'`;
  return job!.id;
}

describe("schedules", () => {
  test("the retention purge is scheduled daily at 03:30 London time, and a run is recorded in the audit log", async () => {
    await startWorkers({ pollingIntervalSeconds: 0.5 });
    const schedules = await prisma.$queryRaw<
      { name: string; cron: string; timezone: string }[]
    >`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`;
    expect(schedules).toEqual([
      { name: "backup", cron: "0 2 * * *", timezone: "Europe/London" },
      { name: "daily-alerts", cron: "0 7 * * *", timezone: "Europe/London" },
      { name: "portal-catch-up", cron: "15 5 * * *", timezone: "Europe/London" },
      { name: "retention", cron: RETENTION_SCHEDULE.cron, timezone: "Europe/London" },
      { name: "rightmove-blm-export", cron: "0 5 * * *", timezone: "Europe/London" },
      { name: "viewing-feedback-requests", cron: "*/15 * * * *", timezone: "Europe/London" },
      { name: "weekly-alerts", cron: "0 7 * * 1", timezone: "Europe/London" },
    ]);
    expect(RETENTION_SCHEDULE.cron).toBe("30 3 * * *");
    await stopWorkers();

    // What the scheduler adds at 03:30.
    await (await startQueue({ work: false })).send("retention", {});
    expect(await runDueJobs("retention")).toEqual({ completed: 1, failed: 0 });
    expect(await prisma.auditEvent.findFirst({ where: { action: "retention.purge" } })).toMatchObject({
      actorId: null,
      entity: "Retention",
    });
  });
});

const jobStates = async (ids: string[]) =>
  (
    await prisma.$queryRaw<
      { state: string }[]
    >`SELECT state::text FROM pgboss.job WHERE id = ANY(${ids}::uuid[]) ORDER BY id`
  ).map((job) => job.state);

describe("workers", () => {
  // On PostgreSQL other processes add jobs too, so workers look every 2 s there and are not woken.
  test.runIf(process.env.TEST_DB_ENGINE !== "postgres")(
    "on the embedded database a job added here wakes its worker, at once or when it is due, though idle workers look once a minute",
    async () => {
      await startWorkers({ pollingIntervalSeconds: 60 });
      const add = (startAfter?: Date) => prisma.$transaction((tx) => enqueue(tx, "retention", {}, { startAfter }));
      const first = await add();
      await expect.poll(() => jobStates([first!]), { timeout: 10_000 }).toEqual(["completed"]);
      // The workers have looked by now: what follows runs only if they are woken.
      const now = await add();
      const due = new Date(Date.now() + 1_000);
      const later = await add(due);
      await expect.poll(() => jobStates([now!, later!]), { timeout: 10_000 }).toEqual(["completed", "completed"]);
      const [run] = await prisma.$queryRaw<
        { started_on: Date }[]
      >`SELECT started_on FROM pgboss.job WHERE id = ${later}::uuid`;
      expect(run!.started_on.getTime()).toBeGreaterThanOrEqual(due.getTime());
    },
  );

  test.runIf(process.env.TEST_DB_ENGINE !== "postgres")(
    "on the embedded database a failed job's worker is woken when its retry is due",
    async () => {
      // Retries a second apart instead of 15 s and more, for the test.
      const boss = await startWorkers({ pollingIntervalSeconds: 60 });
      await boss.updateQueue("mail", { name: "mail", ...QUEUES.mail, retryDelay: 1, retryBackoff: false });
      await prisma.$transaction((tx) =>
        queueMail(tx, [{ to: "reject@example.com", subject: "Your viewing", text: "See you soon." }]),
      );
      const retries = async () =>
        (await prisma.$queryRaw<{ retry_count: number }[]>`SELECT retry_count FROM pgboss.job WHERE name = 'mail'`)[0]
          ?.retry_count;
      // Each attempt fails (the test mail server refuses the address); each retry runs only if the worker is
      // woken for it.
      await expect.poll(retries, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    },
  );
});

describe("/admin/jobs and /api/v1/admin/jobs", () => {
  test("a failed message is listed with its last error; retrying it sends it; both are audited", async () => {
    const { id: adminId } = await admin();
    const jobId = await failingMail();
    const jar = await signedInJar(adminId);

    const page = await jobsPageLoader({
      request: jar.request("http://localhost/admin/jobs?state=retry"),
      params: {},
      context,
    } as never);
    expect(page.health).toMatchObject({ waiting: 1, mailFailing: 1 });
    expect(page.page.items).toEqual([
      expect.objectContaining({
        id: jobId,
        queue: "mail",
        state: "retry",
        summary: "Your viewing",
        recipient: "reject@example.com",
        attempts: 1,
        maxAttempts: 13,
        lastError: expect.stringMatching(/Mailbox unavailable/),
      }),
    ]);
    const dashboard = await dashboardLoader({
      request: jar.request("http://localhost/admin-propertylisting"),
      params: {},
      context,
    } as never);
    expect(dashboard.mailFailing).toBe(1);

    // The address is fixed at the mail server's end: "Retry now" sends it at once instead of at its backoff time.
    await prisma.$executeRaw`UPDATE pgboss.job SET data = jsonb_set(data, '{to}', '"buyer@example.com"') WHERE id = ${jobId}::uuid`;
    const response = (await jobsPageAction({
      request: jar.request("http://localhost/admin/jobs?state=retry", formPost({ intent: "retry", jobId })),
      params: {},
      context,
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(await sendQueuedMail()).toEqual({ completed: 1, failed: 0 });
    expect(inbox.map((m) => m.to)).toEqual([["buyer@example.com"]]);
    expect(await prisma.auditEvent.findFirst({ where: { action: "job.retry" } })).toMatchObject({
      actorId: adminId,
      entity: "Job",
      entityId: jobId,
    });
    expect(
      (
        await dashboardLoader({
          request: jar.request("http://localhost/admin-propertylisting"),
          params: {},
          context,
        } as never)
      ).mailFailing,
    ).toBe(0);
  });

  test("the API lists jobs for admins only, refuses a bad state, cancels a waiting job and refuses to cancel it twice", async () => {
    const { id: adminId } = await admin();
    // Made directly: signing up would queue a message of its own.
    const vendor = await prisma.user.create({
      data: { fullName: "Val Vendor", email: "val@example.com", passwordHash: "x" },
    });
    const jobId = await failingMail();
    const adminJar = await signedInJar(adminId);
    const api = (jar: Awaited<ReturnType<typeof signedInJar>> | null, query = "") =>
      jobsApi({
        request: (jar ?? { request: (u: string) => new Request(u) }).request(
          `http://localhost/api/v1/admin/jobs${query}`,
        ),
        params: {},
        context,
      } as never);

    expect((await api(null)).status).toBe(401);
    expect((await api(await signedInJar(vendor.id))).status).toBe(403);
    expect((await api(adminJar, "?state=stuck")).status).toBe(400);
    const listed = await (await api(adminJar, "?state=retry")).json();
    expect(listed).toMatchObject({ total: 1, data: [{ id: jobId, state: "retry" }], health: { mailFailing: 1 } });

    const act = (id: string, action: "retry" | "cancel") =>
      jobApiAction({
        request: adminJar.request(`http://localhost/api/v1/admin/jobs/${id}/${action}`, { method: "POST" }),
        params: { id },
        context,
      } as never) as Promise<Response>;
    expect((await act(jobId, "cancel")).status).toBe(200);
    expect((await (await api(adminJar, "?state=cancelled")).json()).data).toEqual([
      expect.objectContaining({ id: jobId, state: "cancelled" }),
    ]);
    const again = await act(jobId, "cancel");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: expect.stringMatching(/Only a waiting or running job can be cancelled/),
    });
    expect((await act("00000000-0000-4000-8000-000000000000", "retry")).status).toBe(404);
    expect((await act("not-a-uuid", "retry")).status).toBe(404);
    expect(await sendQueuedMail()).toEqual({ completed: 0, failed: 0 });
    expect(inbox).toHaveLength(0);
  });
});
