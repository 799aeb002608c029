// Outgoing mail (nodemailer): SMTP when SMTP_URL is set; otherwise each message is written as an .eml
// file to DATA_DIR/mail/outbox, which any mail client opens — the embedded default needs no server.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";

export type Mail = { to: string; subject: string; text: string; replyTo?: string; attachments?: { filename: string; content: Buffer; contentType: string }[] };

let transport: Transporter | undefined;

function transporter() {
  const env = getEnv();
  return (transport ??= env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
}

export function outboxDir() {
  return path.join(getEnv().DATA_DIR, "mail", "outbox");
}

/** Sends one message. Throws when delivery fails; callers decide whether that fails their request. */
export async function sendMail(mail: Mail) {
  const env = getEnv();
  const info = await transporter().sendMail({ from: env.MAIL_FROM, ...mail });
  if (!env.SMTP_URL) {
    const dir = outboxDir();
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`);
    await writeFile(file, info.message as Buffer);
  }
  logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, "mail sent");
  return info.messageId;
}

/**
 * Sends notifications after the thing they describe has been saved: a mail failure is logged and never
 * undoes or fails the request (the enquiry is in the admin inbox either way).
 */
export async function sendAfterSave(mails: Mail[]) {
  const results = await Promise.allSettled(mails.map(sendMail));
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected") logger.error({ err: result.reason, subject: mails[i]!.subject }, "mail could not be sent");
  }
}

const inBackground = new Set<Promise<unknown>>();

/**
 * For the public forms: the visitor's answer does not wait for the mail (under load, writing or sending
 * it took seconds and held the request's turn, see server/admission.ts); failures are logged as with
 * sendAfterSave, and shutdown waits for what is still being sent (settleMail). Tests wait for delivery,
 * so they can check the inbox as soon as the action returns.
 */
export async function sendAfterResponse(mails: Mail[]) {
  return afterResponse(() => sendAfterSave(mails));
}

/**
 * Like sendAfterResponse, for mail that needs work first (a lookup, a link to make): the answer does not
 * wait for any of it, so it takes the same time whatever the lookup finds. Failures are logged.
 */
export async function afterResponse(work: () => Promise<unknown>) {
  const running = work().then(
    () => undefined,
    (err: unknown) => logger.error({ err }, "mail could not be prepared"),
  );
  if (getEnv().NODE_ENV === "test") return running;
  inBackground.add(running);
  void running.finally(() => inBackground.delete(running));
}

/** Waits until every mail sent in the background has been delivered or has failed. */
export async function settleMail() {
  while (inBackground.size > 0) await Promise.allSettled([...inBackground]);
}

export function agencyEmail() {
  return getEnv().AGENCY_EMAIL;
}

/** For tests: settings may change between files. */
export function resetMailTransport() {
  transport = undefined;
}
