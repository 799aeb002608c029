import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { outboxDir, sendAfterSave, sendMail } from "../../app/modules/mail/mail.server";
import { setupSmtpServer, textOf } from "../support/smtp";

describe("over SMTP", () => {
  const inbox = setupSmtpServer();

  test("delivers to the SMTP server in SMTP_URL", async () => {
    await sendMail({ to: "buyer@example.com", subject: "Your viewing", text: "See you on Tuesday at 10:00." });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toEqual(["buyer@example.com"]);
    expect(inbox[0]!.from).toBe("hello@movewise.example");
    expect(inbox[0]!.raw).toMatch(/^Subject: Your viewing/m);
    expect(textOf(inbox[0]!)).toContain("See you on Tuesday at 10:00.");
  });

  test("a refused message throws from sendMail, but sendAfterSave only logs it and sends the rest", async () => {
    await expect(sendMail({ to: "reject@example.com", subject: "x", text: "y" })).rejects.toThrow();
    await expect(
      sendAfterSave([
        { to: "reject@example.com", subject: "Refused", text: "y" },
        { to: "office@example.com", subject: "Delivered", text: "z" },
      ]),
    ).resolves.toBeUndefined();
    expect(inbox.map((m) => m.to)).toEqual([["office@example.com"]]);
  });
});

describe("without SMTP", () => {
  test("writes each message to the outbox as an .eml file", async () => {
    await sendMail({ to: "seller@example.com", subject: "Valuation booked", text: "A valuer will call you." });
    const files = readdirSync(outboxDir()).filter((f) => f.endsWith(".eml"));
    const eml = files.map((f) => readFileSync(`${outboxDir()}/${f}`, "utf8")).find((m) => m.includes("Subject: Valuation booked"));
    expect(eml).toMatch(/^To: seller@example.com$/m);
    expect(eml).toContain("A valuer will call you.");
  });
});
