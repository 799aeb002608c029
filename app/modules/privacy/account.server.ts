// The data-protection rights a signed-in person exercises themselves on /account: a copy of their data
// (JSON), and closing the account. Closing removes what identifies them and keeps the projects, contracts
// and payment records for the agency's records, as the privacy policy says (RETENTION_YEARS.accountAfterClosure).
// The enquiries sent with the account's email address are theirs only once they have confirmed that the
// address is theirs: until then anyone could have signed up with it, so the export leaves them out and
// closing the account leaves them alone.
import { randomBytes } from "node:crypto";

import { prisma } from "../../lib/db.server";
import { ServiceError } from "../../lib/service-error";
import { revokeApiTokensOf } from "../api-tokens/api-tokens.server";
import { recordAudit } from "../audit/audit.server";
import { hashPassword } from "../auth/password.server";
import { checkCurrentPassword } from "../auth/passwords.server";
import { withdrawOpenOffers } from "../offers/offers.server";

/** The enquiries sent with the address; none while the address is unconfirmed. */
const enquiriesOf = (account: { email: string; emailVerifiedAt: Date | null }) =>
  account.emailVerifiedAt ? { email: { equals: account.email, mode: "insensitive" as const } } : { id: { in: [] } };

/** Viewings: those asked for by this address once it is confirmed, and those the account asked for while signed in. */
const viewingsOf = (userId: number, account: { email: string; emailVerifiedAt: Date | null }) => ({
  OR: [enquiriesOf(account), { userId }],
});

/** Everything we hold about the account, without secrets (password hash, session ids) or card details. */
export async function exportAccountData(userId: number) {
  const account = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      fullName: true,
      phoneNumber: true,
      role: true,
      emailVerifiedAt: true,
      createdAt: true,
      updatedAt: true,
    },
  });
  const [
    sessions,
    projects,
    payments,
    viewingRequests,
    valuationRequests,
    contactMessages,
    auditEvents,
    savedHomes,
    savedSearches,
    offers,
  ] = await Promise.all([
    prisma.session.findMany({
      where: { userId },
      select: { createdAt: true, expiresAt: true, persistent: true, ipAddress: true, userAgent: true },
      orderBy: { createdAt: "asc" },
    }),
    prisma.project.findMany({
      where: { OR: [{ ownerId: userId }, { createdById: userId }] },
      omit: { ownerId: true, createdById: true },
      include: {
        images: { select: { fileName: true, altText: true, createdAt: true } },
        floorPlans: { select: { fileName: true, createdAt: true } },
        documents: { select: { name: true, type: true, createdAt: true } },
      },
      orderBy: { id: "asc" },
    }),
    prisma.payment.findMany({
      where: { OR: [{ userId }, { project: { ownerId: userId } }] },
      select: {
        id: true,
        projectId: true,
        provider: true,
        amountPence: true,
        currency: true,
        status: true,
        failureMessage: true,
        receiptNumber: true,
        completedAt: true,
        refundedAt: true,
        createdAt: true,
      },
      orderBy: { id: "asc" },
    }),
    prisma.viewingRequest.findMany({
      where: viewingsOf(userId, account),
      include: {
        project: { select: { address: true } },
        // The requester's own feedback (the agency's notes are the agency's records).
        feedback: {
          where: { source: "buyer" },
          select: {
            attended: true,
            interest: true,
            comment: true,
            buyerPosition: true,
            createdAt: true,
            updatedAt: true,
          },
        },
      },
      orderBy: { id: "asc" },
    }),
    prisma.valuationRequest.findMany({ where: enquiriesOf(account), orderBy: { id: "asc" } }),
    prisma.contactMessage.findMany({ where: enquiriesOf(account), orderBy: { id: "asc" } }),
    prisma.auditEvent.findMany({
      where: { OR: [{ actorId: userId }, { entity: "User", entityId: String(userId) }] },
      select: { action: true, entity: true, entityId: true, detail: true, ipAddress: true, createdAt: true },
      orderBy: { id: "asc" },
    }),
    prisma.savedHome.findMany({
      where: { userId },
      select: { projectId: true, addressAtSave: true, priceAtSave: true, statusAtSave: true, savedAt: true },
      orderBy: { id: "asc" },
    }),
    prisma.savedSearch.findMany({
      where: { userId },
      select: { name: true, query: true, frequency: true, createdAt: true, updatedAt: true },
      orderBy: { id: "asc" },
    }),
    prisma.offer.findMany({
      where: { buyerId: userId },
      select: {
        projectId: true,
        project: { select: { address: true } },
        buyerName: true,
        buyerEmail: true,
        amount: true,
        counterAmount: true,
        position: true,
        mortgageInPrinciple: true,
        status: true,
        proofFileName: true,
        createdAt: true,
        updatedAt: true,
        events: { select: { action: true, amount: true, by: true, createdAt: true }, orderBy: { id: "asc" } },
      },
      orderBy: { id: "asc" },
    }),
  ]);
  const note = account.emailVerifiedAt
    ? undefined
    : "Your email address is not confirmed yet, so viewing and valuation requests and messages sent with it are not included. Confirm it from your account page, then download again.";
  return {
    exportedAt: new Date().toISOString(),
    ...(note ? { note } : {}),
    account,
    sessions,
    projects,
    payments,
    viewingRequests,
    valuationRequests,
    contactMessages,
    auditEvents,
    savedHomes,
    savedSearches,
    offers,
  };
}

export const CLOSED_NAME = "Closed account";
const ANONYMISED = "Anonymised";

/**
 * Closes the account after checking the password: name, email, phone and password go, every session
 * and API token ends, open offers are withdrawn (the seller is told), the saved homes are deleted, and (once the address was confirmed) the viewing, valuation and contact requests
 * made with the email are anonymised. The user row stays (renamed) so that projects, payments and the
 * audit trail keep pointing at one closed account.
 */
export async function closeAccount(userId: number, password: string, { ipAddress }: { ipAddress: string }) {
  await checkCurrentPassword(userId, password, "password");
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, role: true, emailVerifiedAt: true },
  });
  if (
    user.role === "admin" &&
    (await prisma.user.count({ where: { role: "admin", id: { not: userId }, closedAt: null } })) === 0
  ) {
    throw new ServiceError(
      409,
      "You are the only admin. Make another admin (npm run create-admin) before closing this account.",
    );
  }
  // Offers still waiting for an answer are withdrawn first, as the buyer's own move: the seller and the agency
  // are told, and no one accepts an offer from an account that no longer exists.
  const offersWithdrawn = await withdrawOpenOffers(userId, { ipAddress });
  const unusableHash = await hashPassword(randomBytes(32).toString("base64url"));
  const anonymous = { firstName: ANONYMISED, lastName: "", email: "" };
  const counts = await prisma.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: {
        email: `closed-${userId}@closed.invalid`,
        fullName: CLOSED_NAME,
        phoneNumber: "",
        passwordHash: unusableHash,
        closedAt: new Date(),
      },
    });
    await tx.session.deleteMany({ where: { userId } });
    await tx.accountToken.deleteMany({ where: { userId } });
    await revokeApiTokensOf(userId, tx);
    // What a buyer kept for themselves goes with the account; no alert may follow it (sent-alert records cascade).
    const savedHomes = await tx.savedHome.deleteMany({ where: { userId } });
    const savedSearches = await tx.savedSearch.deleteMany({ where: { userId } });
    // Their own words in feedback go too, before the viewings stop matching their address.
    await tx.viewingFeedback.updateMany({
      where: { source: "buyer", viewing: viewingsOf(userId, user) },
      data: { comment: "" },
    });
    const viewings = await tx.viewingRequest.updateMany({
      where: viewingsOf(userId, user),
      data: { ...anonymous, phoneNumber: "", message: null },
    });
    const valuations = await tx.valuationRequest.updateMany({
      where: enquiriesOf(user),
      data: { ...anonymous, contactNumber: "", message: null },
    });
    const messages = await tx.contactMessage.updateMany({
      where: enquiriesOf(user),
      data: { ...anonymous, phoneNumber: null, country: null, message: "(removed when the account was closed)" },
    });
    const detail = {
      viewingRequests: viewings.count,
      valuationRequests: valuations.count,
      contactMessages: messages.count,
      savedHomes: savedHomes.count,
      savedSearches: savedSearches.count,
      offersWithdrawn,
    };
    await recordAudit(
      { actorId: userId, action: "account.close", entity: "User", entityId: userId, detail, ipAddress },
      tx,
    );
    return detail;
  });
  return counts;
}
