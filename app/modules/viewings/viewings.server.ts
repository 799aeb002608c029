// Viewing requests: a buyer asks to see a listed home (the form and the API both land here), the agency
// is told and the buyer gets a confirmation; an admin then confirms or declines, and the buyer is emailed.
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { formatPrice } from "../../lib/format";
import { pageOf } from "../../lib/pagination";
import { consume } from "../../lib/rate-limits.server";
import { fieldError, ServiceError } from "../../lib/service-error";
import { findPublicListingBrief } from "../listings/listings.server";
import { listingPath } from "../listings/summary";
import { agencyEmail, type Mail, queueMail } from "../mail/mail.server";
import type { ViewingDecision, ViewingFilter, ViewingRequestInput } from "./schemas";
import { decideViewingAsAgency, sellerEmailOf } from "./seller-viewings.server";
import { formatSlot, formatViewingDate } from "./slots";

export const VIEWING_REQUESTED_MESSAGE = "Viewing request submitted successfully!";
/** The search flow's wording (spec §8). */
export const VIEWING_REQUESTED_FROM_SEARCH_MESSAGE = "Viewing request submitted successfully! We'll be in touch soon.";
export const VIEWING_FAILED_FROM_SEARCH_MESSAGE = "Failed to submit viewing request. Please try again.";

type Listing = { id: number; address: string; price: number };
type Viewing = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  preferredDate: string;
  preferredTime: string;
  message?: string | null;
};

const when = (v: Pick<Viewing, "preferredDate" | "preferredTime">) =>
  `${formatViewingDate(v.preferredDate)} at ${formatSlot(v.preferredTime)}`;

function requestedMails(listing: Listing, viewing: Viewing, sellerEmail: string | null): Mail[] {
  const site = getEnv().PUBLIC_URL;
  const page = `${site}${listingPath(listing.id)}`;
  return [
    {
      to: viewing.email,
      subject: `Your viewing request: ${listing.address}`,
      text: [
        `Dear ${viewing.firstName},`,
        "",
        `Thank you for asking to view ${listing.address} (guide price ${formatPrice(listing.price)}).`,
        `You asked for ${when(viewing)}.`,
        "",
        "We will check the time with the seller and confirm by email within one working day. If it does not suit, we will suggest another.",
        "",
        `The property: ${page}`,
        "",
        "MoveWise",
      ].join("\n"),
      replyTo: agencyEmail(),
    },
    {
      to: agencyEmail(),
      subject: `Viewing request: ${listing.address}, ${when(viewing)}`,
      text: [
        `${viewing.firstName} ${viewing.lastName} would like to view ${listing.address}.`,
        "",
        `Preferred: ${when(viewing)}`,
        `Email: ${viewing.email}`,
        `Phone: ${viewing.phoneNumber}`,
        ...(viewing.message ? ["", "Message:", viewing.message] : []),
        "",
        `Listing: ${page}`,
        `Confirm or decline: ${site}/admin/viewings?property=${listing.id}`,
      ].join("\n"),
      replyTo: viewing.email,
    },
    // The seller sees who asked and when, not how to reach them: the agency arranges viewings.
    ...(sellerEmail
      ? [
          {
            to: sellerEmail,
            subject: `Viewing request: ${listing.address}, ${when(viewing)}`,
            text: [
              `${viewing.firstName} ${viewing.lastName} would like to view your home, ${listing.address}.`,
              "",
              `Preferred: ${when(viewing)}`,
              "",
              `Confirm it, decline it or propose another time: ${site}/view-a-property/${listing.id}/viewings`,
              "",
              "MoveWise",
            ].join("\n"),
            replyTo: agencyEmail(),
          },
        ]
      : []),
  ];
}

/** Stores a viewing request for a listed home and sends both emails; throws a ServiceError (404, 409, or 429). */
export async function requestViewing(
  input: ViewingRequestInput,
  {
    ipAddress,
    userId = null,
  }: { ipAddress: string; /** The signed-in requester, who then sees it in their account. */ userId?: number | null },
) {
  await consume("viewingRequestPerIp", ipAddress, "Too many viewing requests from your network.");
  const listing = await findPublicListingBrief(input.projectId);
  if (!listing) throw fieldError(404, "propertyId", "We could not find that property.");
  if (listing.status === "sold")
    throw new ServiceError(409, "This property has been sold, so it is no longer open for viewings.");
  const viewing = await prisma.$transaction(async (tx) => {
    const saved = await tx.viewingRequest.create({
      data: {
        projectId: listing.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phoneNumber: input.phoneNumber,
        preferredDate: new Date(`${input.preferredDate}T00:00:00Z`),
        preferredTime: input.preferredTime,
        message: input.message ?? null,
        userId,
      },
      select: { id: true, projectId: true, preferredTime: true, status: true, createdAt: true },
    });
    const seller = await tx.project.findUniqueOrThrow({
      where: { id: listing.id },
      select: { vendorEmail: true, owner: { select: { email: true } } },
    });
    await queueMail(tx, requestedMails(listing, input, sellerEmailOf(seller) || null));
    return saved;
  });
  return { ...viewing, preferredDate: input.preferredDate };
}

export const VIEWINGS_PAGE_SIZE = 25;

/** The admin inbox: by preferred date and time, earliest first, optionally for one property or status. */
export async function listViewingRequests(filter: ViewingFilter) {
  const where: Prisma.ViewingRequestWhereInput = { projectId: filter.projectId, status: filter.status };
  const total = await prisma.viewingRequest.count({ where });
  const { page, pageCount, skip, take } = pageOf(total, filter.page, VIEWINGS_PAGE_SIZE);
  const rows = await prisma.viewingRequest.findMany({
    where,
    orderBy: [{ preferredDate: "asc" }, { preferredTime: "asc" }, { id: "asc" }],
    skip,
    take,
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      phoneNumber: true,
      preferredDate: true,
      preferredTime: true,
      message: true,
      status: true,
      handledAt: true,
      createdAt: true,
      project: { select: { id: true, address: true } },
    },
  });
  return {
    total,
    page,
    pageCount,
    requests: rows.map((row) => ({
      ...row,
      preferredDate: row.preferredDate.toISOString().slice(0, 10),
      handledAt: row.handledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The properties that have viewing requests, for the inbox's filter. */
export async function listPropertiesWithViewings() {
  const rows = await prisma.project.findMany({
    where: { viewingRequests: { some: {} } },
    select: { id: true, address: true, _count: { select: { viewingRequests: true } } },
    orderBy: { address: "asc" },
  });
  return rows.map((row) => ({ id: row.id, address: row.address, requests: row._count.viewingRequests }));
}

/** The admin inbox's Confirm and Decline buttons (the agency decides; see seller-viewings.server.ts). */
export async function decideViewingRequest(
  id: number,
  decision: ViewingDecision,
  actor: { userId: number; ipAddress: string },
) {
  const viewing = await decideViewingAsAgency(id, { action: decision === "confirmed" ? "confirm" : "decline" }, actor);
  const [firstName = "", ...rest] = viewing.name.split(" ");
  return { ...viewing, firstName, lastName: rest.join(" ") };
}
