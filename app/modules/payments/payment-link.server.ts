// The payment page can be shared (spec §2: "not guarded"), so its link carries a token signed for that
// project. Without a signed-in owner, an admin or a valid token the page is a 404, so a guessed id shows nothing.
// A token names the day it expires (30 days on) and is signed together with the project's link version:
// an admin revokes every link sent so far by raising the version, without touching SESSION_SECRET.
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { checkExpiringToken, expiringToken } from "../../lib/signing.server";
import { recordAudit } from "../audit/audit.server";

export const PAYMENT_LINK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a link is signed for: the project and its current link version. */
export type LinkedProject = { id: number; paymentLinkVersion: number };

const payload = (project: LinkedProject) => `${project.id}:${project.paymentLinkVersion}`;

/**
 * When a link made now stops working: at the end of a whole day (counted from 1970), so every link made on one
 * day is the same link, good for at least PAYMENT_LINK_DAYS.
 */
export const paymentLinkExpiry = (now = new Date()) =>
  new Date((Math.floor(now.getTime() / DAY_MS) + PAYMENT_LINK_DAYS + 1) * DAY_MS);

export const paymentLinkToken = (project: LinkedProject, now = new Date()) =>
  expiringToken("payment-link", payload(project), paymentLinkExpiry(now));

export const isValidPaymentLinkToken = (project: LinkedProject, token: string | null | undefined, now = new Date()) =>
  checkExpiringToken("payment-link", payload(project), token, now) === "valid";

/** The page's own absolute address, which works for whoever holds it until it expires or is revoked. */
export const paymentLink = (project: LinkedProject) =>
  `${getEnv().PUBLIC_URL}/payment/${project.id}?token=${paymentLinkToken(project)}`;

export type IssuedLink = { link: string; expiresAt: Date };

const issue = (project: LinkedProject): IssuedLink => ({ link: paymentLink(project), expiresAt: paymentLinkExpiry() });

/** A link as the /api/v1/admin/projects/{id}/payment-link endpoints answer with it. */
export const paymentLinkJson = (issued: IssuedLink) => ({
  payment_link: issued.link,
  expires_at: issued.expiresAt.toISOString(),
});

/** The project's payment link as it would be sent today, or null when there is no such project. */
export async function currentPaymentLink(projectId: number): Promise<IssuedLink | null> {
  const project = await prisma.project.findUnique({
    where: { id: projectId },
    select: { id: true, paymentLinkVersion: true },
  });
  return project ? issue(project) : null;
}

/** Revokes every payment link of a project sent so far and returns the new one; null when there is no such project. */
export async function revokePaymentLinks(
  projectId: number,
  { actorId, ipAddress }: { actorId: number; ipAddress: string | null },
): Promise<IssuedLink | null> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.project.updateMany({
      where: { id: projectId },
      data: { paymentLinkVersion: { increment: 1 } },
    });
    if (count === 0) return null;
    const project = await tx.project.findUniqueOrThrow({
      where: { id: projectId },
      select: { id: true, paymentLinkVersion: true },
    });
    await recordAudit(
      {
        actorId,
        action: "project.revoke_payment_link",
        entity: "Project",
        entityId: projectId,
        detail: { paymentLinkVersion: project.paymentLinkVersion },
        ipAddress,
      },
      tx,
    );
    return issue(project);
  });
}

/** The query of a return page (/payment/success or /payment/failed) for an intent, with the link token that lets the payer see it. */
export function returnQuery(paymentIntentId: string, token: string | null) {
  const query = new URLSearchParams({ payment_intent: paymentIntentId });
  if (token) query.set("token", token);
  return query.toString();
}

/** Pages whose address may carry a token: never cached, and their address is never sent to another site as a Referer. */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
