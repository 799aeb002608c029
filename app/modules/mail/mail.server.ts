// Outgoing mail (nodemailer): SMTP when SMTP_URL is set; otherwise each message is written as an .eml
// file to DATA_DIR/mail/outbox, which any mail client opens — the embedded default needs no server.
// Every message goes through the job queue: `queueMail(tx, …)` in the transaction that saves what it reports,
// then a worker delivers it (`deliverMail`) and retries while the mail server is down.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import nodemailer, { type Transporter } from "nodemailer";

import type { Prisma } from "../../generated/prisma/client";
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { oneLine } from "../../lib/one-line";
import { enqueue } from "../jobs/queue.server";

/** A file a message carries: made when it is sent (the queue holds a reference), or, when small, carried whole. */
export type AttachmentRef =
  | { kind: "signed-contract"; projectId: number }
  // The viewing's calendar file (.ics), decided when the viewing was confirmed or cancelled: it travels whole.
  | { kind: "viewing-invite"; viewingId: number; method: "REQUEST" | "CANCEL"; ics: string }
  | { kind: "memorandum-of-sale"; saleId: number }; // the memorandum (PDF)
export type Attachment = { filename: string; content: Buffer; contentType: string };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: AttachmentRef[];
  /** Extra header fields, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};

/** A message as queued: its Message-ID and Date are fixed when it is queued, so every delivery attempt sends the same message. */
export type QueuedMail = Mail & { messageId: string; date: string };

let transport: Transporter | undefined;

function transporter() {
  const env = getEnv();
  // Short network timeouts: a job attempt must end well inside the queue's expiry (see jobs/queue.server.ts).
  return (transport ??= env.SMTP_URL
    ? nodemailer.createTransport({
        url: env.SMTP_URL,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
}

export function outboxDir() {
  return path.join(getEnv().DATA_DIR, "mail", "outbox");
}

/** Queues messages in the caller's transaction: they are sent exactly when what they report is saved. */
export async function queueMail(tx: Prisma.TransactionClient, mails: Mail[]) {
  const domain = new URL(getEnv().PUBLIC_URL).hostname;
  const date = new Date().toISOString();
  for (const mail of mails) {
    const message: QueuedMail = { ...mail, messageId: `<${randomUUID()}@${domain}>`, date };
    await enqueue(tx, "mail", message);
  }
}

/**
 * Sends one queued message; throws when delivery fails, so the queue retries it. A retry after a crash between
 * the server's acceptance and the job's completion sends the same message again (same Message-ID, date and
 * body), which mail stores treat as one; the file outbox overwrites the same file.
 */
export async function deliverMail(mail: QueuedMail, attachments: Attachment[]) {
  const env = getEnv();
  // Header fields on one line whatever went into them: one-line fields are folded when they are saved, but a
  // subject is built from stored text, some of it older than that rule.
  const info = await transporter().sendMail({
    from: env.MAIL_FROM,
    to: oneLine(mail.to),
    subject: oneLine(mail.subject),
    text: mail.text,
    replyTo: mail.replyTo && oneLine(mail.replyTo),
    messageId: mail.messageId,
    date: new Date(mail.date),
    attachments,
    headers:
      mail.headers && Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, oneLine(value)])),
  });
  if (!env.SMTP_URL) {
    const dir = outboxDir();
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${mail.date.replace(/[:.]/g, "-")}-${mail.messageId.replace(/[^\w.-]/g, "")}.eml`);
    await writeFile(file, info.message as Buffer);
  }
  logger.info({ subject: mail.subject, messageId: mail.messageId }, "mail sent");
}

/** Whether the mail server answers (always true for the file outbox). */
export async function mailServerAnswers() {
  if (!getEnv().SMTP_URL) return true;
  return transporter()
    .verify()
    .then(() => true)
    .catch(() => false);
}

export function agencyEmail() {
  return getEnv().AGENCY_EMAIL;
}

/** For tests: settings may change between files. */
export function resetMailTransport() {
  transport?.close();
  transport = undefined;
}
