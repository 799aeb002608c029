// Valuation requests: saved for the admin inbox (/admin/valuations), then the requester gets a
// confirmation and the agency a notification. Used by /valuation and /api/v1/valuation/* alike.
import type { ValuationRequest } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { formatDateTime } from "../../lib/format";
import { type PageQuery, paginate } from "../../lib/pagination";
import { consume } from "../../lib/rate-limits.server";
import { agencyEmail, queueMail } from "../mail/mail.server";
import { NEXT_STEPS, VALUATION_TYPE_LABELS, type ValuationRequestInput } from "./schemas";

export async function requestValuation(input: ValuationRequestInput, { ipAddress }: { ipAddress: string }) {
  await consume("valuationPerIp", ipAddress, "Too many valuation requests have been sent from your network.");
  return prisma.$transaction(async (tx) => {
    const saved = await tx.valuationRequest.create({
      data: {
        valuationType: input.valuationType,
        purposeType: input.purposeType,
        postcode: input.postcode,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        contactNumber: input.contactNumber,
        message: input.message ?? null,
        marketingConsent: input.marketingConsent,
      },
    });
    await queueMail(tx, [confirmationFor(saved), notificationFor(saved)]);
    return saved;
  });
}

function confirmationFor(request: ValuationRequest) {
  return {
    to: request.email,
    subject: "We have your valuation request",
    text: [
      `Hello ${request.firstName},`,
      "",
      `Thank you for your valuation request for ${request.postcode}. An agent will be in touch within 24 hours.`,
      "",
      "What happens next?",
      ...NEXT_STEPS.map((step, i) => `${i + 1}. ${step}`),
      "",
      `Your reference is V-${request.id}. If anything has changed, just reply to this email.`,
      "",
      "MoveWise",
    ].join("\n"),
  };
}

function notificationFor(request: ValuationRequest) {
  return {
    to: agencyEmail(),
    replyTo: request.email,
    subject: `Valuation request V-${request.id}: ${request.postcode}`,
    text: [
      `A valuation request arrived on ${formatDateTime(request.createdAt)}. Call back within 24 hours.`,
      "",
      `Type: ${VALUATION_TYPE_LABELS[request.valuationType]} (${request.valuationType})`,
      `Postcode: ${request.postcode}`,
      `Name: ${request.firstName} ${request.lastName}`,
      `Phone: ${request.contactNumber}`,
      `Email: ${request.email}`,
      `Marketing consent: ${request.marketingConsent ? "yes" : "no"}`,
      `Message: ${request.message ?? "none"}`,
      "",
      `Mark it handled at ${getEnv().PUBLIC_URL}/admin/valuations/${request.id}`,
    ].join("\n"),
  };
}

export function listValuationRequests(query: PageQuery) {
  return paginate(
    query,
    () => prisma.valuationRequest.count(),
    (window) => prisma.valuationRequest.findMany({ ...window, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  );
}

export function getValuationRequest(id: number) {
  return prisma.valuationRequest.findUnique({ where: { id } });
}

/** Marks a request handled (once: the first time is kept). Null when there is no such request. */
export async function markValuationRequestHandled(id: number) {
  await prisma.valuationRequest.updateMany({ where: { id, handledAt: null }, data: { handledAt: new Date() } });
  return getValuationRequest(id);
}

/** The API's view of a request (spec §3 field names). */
export function toApiValuationRequest(request: ValuationRequest) {
  return {
    id: request.id,
    valuationType: request.valuationType,
    purposeType: request.purposeType,
    postcode: request.postcode,
    firstName: request.firstName,
    lastName: request.lastName,
    contactNumber: request.contactNumber,
    email: request.email,
    message: request.message,
    marketingConsent: request.marketingConsent,
    handledAt: request.handledAt?.toISOString() ?? null,
    createdAt: request.createdAt.toISOString(),
  };
}
