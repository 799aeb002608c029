// A real SMTP server on a free local port that keeps what it receives, for tests that assert delivery.
import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import { runDueJobs } from "../../app/modules/jobs/workers.server";
import { resetMailTransport } from "../../app/modules/mail/mail.server";

export type Received = { from: string; to: string[]; raw: string };

/**
 * Starts the server for this file and points SMTP_URL at it; `inbox` holds what arrived, emptied before each test.
 * `beforeAccepting` is awaited after a message is in the inbox and before the server says it took it (so a test
 * can hold a sender in the middle of a delivery).
 */
export function setupSmtpServer({ beforeAccepting }: { beforeAccepting?: () => Promise<void> | void } = {}) {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Lets tests see a delivery failure: the server refuses any recipient named reject@….
    onRcptTo(address, _session, callback) {
      callback(address.address.startsWith("reject@") ? new Error("Mailbox unavailable") : undefined);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        void Promise.resolve(beforeAccepting?.()).then(() => callback());
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    reloadEnv();
    resetMailTransport();
  });
  beforeEach(() => {
    inbox.length = 0;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    reloadEnv();
    resetMailTransport();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return inbox;
}

/** The decoded plain-text body of a received message (quoted-printable soft breaks undone, UTF-8 such as £ decoded). */
export function textOf(message: Received) {
  const body = message.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * Sends the mail queued so far, here and now, as a worker would (after the account-mail jobs that decide
 * whether an account message goes); returns how many messages were sent and failed.
 */
export async function sendQueuedMail() {
  // The account-mail jobs wait a random few seconds (ACCOUNT_MAIL_DELAY_MS): here that time has passed.
  await prisma.$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = 'account-mail' AND state = 'created'`;
  await runDueJobs("account-mail");
  return runDueJobs("mail");
}
