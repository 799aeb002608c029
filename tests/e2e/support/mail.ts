import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { subjectOf } from "../../support/mail-headers";
import { serverDataDir } from "./server";

/** How long a test waits for a message: the server's workers pick jobs up every couple of seconds, and some take two jobs. */
export const MAIL_WAIT_MS = 20_000;

/** The emails in the running test's server's outbox sent to `to`, as raw text, oldest first. */
export function outboxFor(to: string) {
  const dir = path.join(serverDataDir(), "mail", "outbox");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => readFileSync(path.join(dir, name), "utf8"))
    .filter((mail) => mail.split(/\r?\n/).some((line) => line.startsWith("To: ") && line.includes(to)));
}

/** A raw message's body with quoted-printable undone (long lines, such as links, are folded with "="). */
const bodyOf = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The path and query of the newest link to `pagePath` mailed to `to`, or null while there is none. */
export function mailedLink(to: string, pagePath: string) {
  const links = outboxFor(to).flatMap((mail) =>
    [...bodyOf(mail).matchAll(/https?:\/\/[^\s/]+(\/[^\s?]+\?token=[\w-]+)/g)].map((m) => m[1]!),
  );
  return links.filter((link) => link.startsWith(`${pagePath}?`)).at(-1) ?? null;
}

/** The subjects of the messages sent to `to`, oldest first. */
export const subjectsTo = (to: string) => outboxFor(to).map(subjectOf);
