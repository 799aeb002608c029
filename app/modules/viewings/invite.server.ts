// The calendar file (.ics) sent with a confirmed viewing and with its cancellation. What it says is decided when
// the viewing is confirmed or cancelled, in the same transaction, and the queued message carries the file
// itself (under 1 KB): a cancellation right after a confirmation cannot turn the confirmation's invitation into
// a cancellation. One UID per viewing, so the cancellation (METHOD:CANCEL, a higher SEQUENCE) removes the same
// event from the requester's calendar. Times are written in UTC from the London slot, so they are right in
// summer and winter in any calendar.
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

import { getEnv } from "../../lib/env.server";
import { oneLine } from "../../lib/one-line";
import type { Attachment, AttachmentRef } from "../mail/mail.server";
import { agencyEmail } from "../mail/mail.server";
import { londonInstant, VIEWING_MINUTES } from "./london-time";

export const viewingUid = (viewingId: number) => `viewing-${viewingId}@${new URL(getEnv().PUBLIC_URL).hostname}`;

type InviteRef = Extract<AttachmentRef, { kind: "viewing-invite" }>;

type InvitedViewing = {
  id: number;
  preferredDate: Date;
  preferredTime: string;
  firstName: string;
  lastName: string;
  email: string;
  project: { id: number; address: string };
};

/**
 * The invitation as it stands at `stamp`: a REQUEST when the viewing is confirmed, a CANCEL (with a higher
 * SEQUENCE) when a confirmed viewing is called off. A viewing is confirmed at most once (decisions.ts), so
 * 0 and 1 are all the sequence numbers it needs.
 */
export function viewingInvite(viewing: InvitedViewing, method: InviteRef["method"], stamp: Date): InviteRef {
  const cancel = method === "CANCEL";
  const start = londonInstant(viewing.preferredDate.toISOString().slice(0, 10), viewing.preferredTime);
  const address = oneLine(viewing.project.address);
  const calendar = ical({
    prodId: { company: "MoveWise", product: "viewings", language: "EN" },
    name: "MoveWise viewings",
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: viewingUid(viewing.id),
    sequence: cancel ? 1 : 0,
    start,
    end: new Date(start.getTime() + VIEWING_MINUTES * 60_000),
    summary: `Viewing: ${address}`,
    description: `Your viewing of ${address} with MoveWise.`,
    location: address,
    url: `${getEnv().PUBLIC_URL}/view-properties/${viewing.project.id}`,
    organizer: { name: "MoveWise", email: agencyEmail() },
    attendees: [{ name: oneLine(`${viewing.firstName} ${viewing.lastName}`), email: viewing.email, rsvp: false }],
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp,
  });
  // RFC 5545: every content line ends with CRLF, the last one (END:VCALENDAR) too.
  return { kind: "viewing-invite", viewingId: viewing.id, method, ics: `${calendar.toString()}\r\n` };
}

/** The file a queued message carries; null for a message queued before invitations were made when queued. */
export function viewingInviteAttachment(ref: InviteRef): Attachment | null {
  if (!ref.ics) return null;
  const cancel = ref.method === "CANCEL";
  return {
    filename: cancel ? "viewing-cancelled.ics" : "viewing.ics",
    content: Buffer.from(ref.ics, "utf8"),
    contentType: `text/calendar; charset=utf-8; method=${ref.method}`,
  };
}
