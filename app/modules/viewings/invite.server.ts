// The calendar file (.ics) sent with a confirmed viewing, made when the message is sent (the queue holds only
// the viewing's id). One UID per viewing, so a later cancellation (METHOD:CANCEL, a higher SEQUENCE) removes the
// same event from the requester's calendar. Times are written in UTC from the London slot, so they are right
// in summer and winter in any calendar.
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import type { Attachment } from "../mail/mail.server";
import { agencyEmail } from "../mail/mail.server";
import { londonInstant, VIEWING_MINUTES } from "./london-time";

export const viewingUid = (viewingId: number) => `viewing-${viewingId}@${new URL(getEnv().PUBLIC_URL).hostname}`;

/**
 * The invitation for the viewing as it stands now: a REQUEST while it is on, a CANCEL once it is called off;
 * null once the viewing is gone (its home was deleted).
 */
export async function viewingInviteAttachment(viewingId: number): Promise<Attachment | null> {
  const viewing = await prisma.viewingRequest.findUnique({
    where: { id: viewingId },
    include: { project: { select: { id: true, address: true } } },
  });
  if (!viewing) return null;
  const cancelled = viewing.status === "cancelled" || viewing.status === "declined";
  const start = londonInstant(viewing.preferredDate.toISOString().slice(0, 10), viewing.preferredTime);
  const calendar = ical({
    prodId: { company: "MoveWise", product: "viewings", language: "EN" },
    name: "MoveWise viewings",
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: viewingUid(viewing.id),
    sequence: cancelled ? 1 : 0,
    start,
    end: new Date(start.getTime() + VIEWING_MINUTES * 60_000),
    summary: `Viewing: ${viewing.project.address}`,
    description: `Your viewing of ${viewing.project.address} with MoveWise.`,
    location: viewing.project.address,
    url: `${getEnv().PUBLIC_URL}/view-properties/${viewing.project.id}`,
    organizer: { name: "MoveWise", email: agencyEmail() },
    attendees: [{ name: `${viewing.firstName} ${viewing.lastName}`, email: viewing.email, rsvp: false }],
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: viewing.handledAt ?? viewing.createdAt,
  });
  return {
    filename: cancelled ? "viewing-cancelled.ics" : "viewing.ics",
    content: Buffer.from(calendar.toString(), "utf8"),
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`,
  };
}
