// Contact messages: saved for the admin inbox (/admin/messages), then the agency is told by email.
import type { ContactMessage } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { type PageQuery, paginate } from "../../lib/pagination";
import { consume } from "../../lib/rate-limits.server";
import { agencyEmail, type Mail, queueMail } from "../mail/mail.server";
import { type ContactMessageInput, COUNTRIES } from "./schemas";

export async function sendContactMessage(input: ContactMessageInput, { ipAddress }: { ipAddress: string }) {
  await consume("contactPerIp", ipAddress, "Too many messages have been sent from your network.");
  return prisma.$transaction(async (tx) => {
    const saved = await tx.contactMessage.create({
      data: {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phoneNumber: input.phone_number ?? null,
        country: input.country,
        message: input.message,
      },
    });
    await queueMail(tx, [notificationFor(saved)]);
    return saved;
  });
}

function notificationFor(saved: ContactMessage): Mail {
  const country = COUNTRIES.find((c) => c.code === saved.country)?.label ?? saved.country;
  return {
    to: agencyEmail(),
    replyTo: saved.email,
    subject: `New message from ${saved.firstName} ${saved.lastName}`,
    text: [
      `${saved.firstName} ${saved.lastName} sent a message through the website's contact form.`,
      "",
      `Email: ${saved.email}`,
      `Phone: ${saved.phoneNumber ?? "not given"}`,
      `Country: ${country}`,
      "",
      saved.message,
      "",
      `Reply to this email to answer them, and mark it handled at ${getEnv().PUBLIC_URL}/admin/messages/${saved.id}`,
    ].join("\n"),
  };
}

export function listContactMessages(query: PageQuery) {
  return paginate(
    query,
    () => prisma.contactMessage.count(),
    (window) => prisma.contactMessage.findMany({ ...window, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  );
}

export function getContactMessage(id: number) {
  return prisma.contactMessage.findUnique({ where: { id } });
}

/** Marks a message handled (once: the first time is kept). Null when there is no such message. */
export async function markContactMessageHandled(id: number) {
  await prisma.contactMessage.updateMany({ where: { id, handledAt: null }, data: { handledAt: new Date() } });
  return getContactMessage(id);
}
