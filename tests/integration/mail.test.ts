import { readdirSync, readFileSync } from "node:fs";

import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { type Mail, outboxDir, queueMail } from "../../app/modules/mail/mail.server";
import { setupTestDatabase } from "../support/database";
import { subjectOf } from "../support/mail-headers";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();

const queue = (mails: Mail[]) => prisma.$transaction((tx) => queueMail(tx, mails));

describe("over SMTP", () => {
  const inbox = setupSmtpServer();

  test("delivers queued mail to the SMTP server in SMTP_URL", async () => {
    await queue([{ to: "buyer@example.com", subject: "Your viewing", text: "See you on Tuesday at 10:00." }]);
    expect(inbox).toHaveLength(0);
    expect(await sendQueuedMail()).toEqual({ completed: 1, failed: 0 });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toEqual(["buyer@example.com"]);
    expect(inbox[0]!.from).toBe("hello@movewise.example");
    expect(inbox[0]!.raw).toMatch(/^Subject: Your viewing/m);
    expect(inbox[0]!.raw).toMatch(/^Message-ID: <[\w-]+@localhost>/m);
    expect(textOf(inbox[0]!)).toContain("See you on Tuesday at 10:00.");
  });

  test("header fields stay on one line whatever went into them: no header of its own, no line in the subject", async () => {
    await queue([
      {
        to: "buyer@example.com",
        subject: "Viewing: 1 High St\r\nBcc: victim@example.com\u2028Second line\u0085third\u2029fourth",
        text: "Body",
        replyTo: "office@example.com\nX-Injected: yes",
        headers: { "List-Unsubscribe": "<https://example.com/u>\r\nX-Injected: yes" },
      },
    ]);
    expect(await sendQueuedMail()).toEqual({ completed: 1, failed: 0 });
    const raw = inbox[0]!.raw;
    const head = raw.slice(0, raw.search(/\r\n\r\n/)).replace(/\r\n[ \t]+/g, " ");
    expect(inbox[0]!.to).toEqual(["buyer@example.com"]);
    expect(head).not.toMatch(/^(Bcc|X-Injected):/im);
    // Encoded words (RFC 2047) decoded: the subject a mail client shows.
    const subject = subjectOf(raw);
    expect(subject).toBe("Viewing: 1 High St Bcc: victim@example.com Second line third fourth");
  });

  test("a refused message stays queued for a retry, and the others are sent", async () => {
    await queue([
      { to: "reject@example.com", subject: "Refused", text: "y" },
      { to: "office@example.com", subject: "Delivered", text: "z" },
    ]);
    expect(await sendQueuedMail()).toEqual({ completed: 1, failed: 1 });
    expect(inbox.map((m) => m.to)).toEqual([["office@example.com"]]);
    // The first retry comes 15–30 s later (exponential backoff from 15 s, with jitter).
    const waiting = await prisma.$queryRaw<{ state: string; delay: number }[]>`
      SELECT state::text, EXTRACT(EPOCH FROM start_after - now())::float AS delay FROM pgboss.job WHERE name = 'mail' AND state <> 'completed'`;
    expect(waiting).toEqual([{ state: "retry", delay: expect.any(Number) }]);
    expect(waiting[0]!.delay).toBeGreaterThan(10);
    expect(waiting[0]!.delay).toBeLessThanOrEqual(30);
  });

  test("a message that is not queued because its transaction rolled back is never sent", async () => {
    await expect(
      prisma.$transaction(async (tx) => {
        await queueMail(tx, [{ to: "buyer@example.com", subject: "Never", text: "x" }]);
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await sendQueuedMail()).toEqual({ completed: 0, failed: 0 });
    expect(inbox).toHaveLength(0);
  });
});

describe("without SMTP", () => {
  test("writes each message to the outbox as an .eml file named by its Message-ID, once however often it is sent", async () => {
    await queue([{ to: "seller@example.com", subject: "Valuation booked", text: "A valuer will call you." }]);
    await sendQueuedMail();
    const files = () => readdirSync(outboxDir()).filter((f) => f.endsWith(".eml"));
    const file = files()
      .map((f) => ({ f, eml: readFileSync(`${outboxDir()}/${f}`, "utf8") }))
      .find(({ eml }) => eml.includes("Subject: Valuation booked"));
    expect(file?.eml).toMatch(/^To: seller@example.com$/m);
    expect(file?.eml).toContain("A valuer will call you.");
  });
});
