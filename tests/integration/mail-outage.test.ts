// A mail server outage loses nothing: the enquiry is saved and the visitor told it was sent; its mail waits in
// the queue and is delivered once, within a minute of the mail server answering again (real workers, real SMTP).
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, test, vi } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import { runDueJobs, startWorkers, stopWorkers } from "../../app/modules/jobs/workers.server";
import { resetMailTransport } from "../../app/modules/mail/mail.server";
import { action as contactApi } from "../../app/routes/api.v1.contact-us";
import { setupTestDatabase } from "../support/database";
import { freePort } from "../support/production-server";
import { jsonPost } from "../support/requests";

setupTestDatabase();

let port = 0;
let server: SMTPServer | undefined;
const inbox: string[] = [];

function startMailServer() {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push(raw);
        callback();
      });
    },
  });
  return new Promise<SMTPServer>((resolve) => smtp.listen(port, "127.0.0.1", () => resolve(smtp)));
}

beforeAll(async () => {
  // Nothing listens there yet: connections are refused, as by a mail server that is down.
  port = await freePort();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  reloadEnv();
  resetMailTransport();
});

afterAll(async () => {
  await stopWorkers({ timeoutMs: 1_000 });
  delete process.env.SMTP_URL;
  reloadEnv();
  resetMailTransport();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const mailJobs = () =>
  prisma.$queryRaw<
    { state: string; retries: number }[]
  >`SELECT state::text, retry_count AS retries FROM pgboss.job WHERE name = 'mail'`;

test(
  "SMTP down: the enquiry is saved and answered with success; SMTP back: its mail arrives exactly once within a minute",
  { timeout: 120_000 },
  async () => {
    await startWorkers({ pollingIntervalSeconds: 0.5, mailProbeIntervalMs: 1_000 });
    const body = {
      first_name: "Olive",
      last_name: "Outage",
      email: "olive@example.com",
      message: "Is the house on Granby Street still for sale?",
    };
    const response = (await contactApi({
      request: new Request("http://localhost/api/v1/contact-us", jsonPost(body)),
      params: {},
      context: { clientIp: "203.0.113.90" },
    } as never)) as Response;
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ success: true, message: "Message sent successfully!" });
    expect(await prisma.contactMessage.count()).toBe(1);

    // The first attempt is refused; the message waits for a retry.
    await vi.waitFor(async () => expect(await mailJobs()).toEqual([{ state: "retry", retries: expect.any(Number) }]), {
      timeout: 30_000,
      interval: 100,
    });
    expect(inbox).toHaveLength(0);

    server = await startMailServer();
    const back = Date.now();
    await vi.waitFor(() => expect(inbox).toHaveLength(1), { timeout: 60_000, interval: 100 });
    const delay = Date.now() - back;
    console.log(
      `Mail outage figures (${process.env.TEST_DB_ENGINE}): delivered ${Math.round(delay / 100) / 10} s after the mail server answered again.`,
    );
    expect(delay).toBeLessThan(60_000);
    expect(inbox[0]).toMatch(/^Subject: New message from Olive Outage/m);

    // Exactly once: the job is done, and nothing is left to send.
    await vi.waitFor(
      async () => expect(await mailJobs()).toEqual([{ state: "completed", retries: expect.any(Number) }]),
      { timeout: 10_000, interval: 100 },
    );
    expect(await runDueJobs("mail")).toEqual({ completed: 0, failed: 0 });
    expect(inbox).toHaveLength(1);
  },
);
