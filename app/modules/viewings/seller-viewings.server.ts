// The seller's side of viewings: the requests for one home, the decisions on them (confirm, decline, propose
// another slot, cancel) made by the seller or by the agency for them, the requester's acceptance of a proposed
// slot from the emailed link, and feedback after the viewing. The /view-a-property/:id/viewings tab,
// /admin/viewings and the /api/v1 endpoints all come here. Every change is audited and its emails are queued
// in the same transaction.
import type { Prisma } from "../../generated/prisma/client";
import { addDays, londonToday } from "../../lib/dates";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { consume } from "../../lib/rate-limits.server";
import { ServiceError } from "../../lib/service-error";
import { checkExpiringToken, expiringToken } from "../../lib/signing.server";
import { recordAudit } from "../audit/audit.server";
import { listingPath } from "../listings/summary";
import { agencyEmail, type Mail, queueMail } from "../mail/mail.server";
import { type Position, POSITION_LABELS, positionOfDb, positionToDb } from "../offers/positions";
import type { SellerActor, SellerHome } from "../projects/seller-access.server";
import { nextViewingStatus, type ViewingAction } from "./decisions";
import { viewingInvite } from "./invite.server";
import { londonInstant, slotStarted } from "./london-time";
import {
  type Interest,
  INTEREST_LABELS,
  type ViewingDecisionInput,
  type ViewingFeedbackInput,
  type ViewingStatus,
} from "./schemas";
import { formatSlot, formatViewingDate } from "./slots";

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const when = (date: string, time: string) => `${formatViewingDate(date)} at ${formatSlot(time)}`;
const site = () => getEnv().PUBLIC_URL;

/** The buyer's feedback link works until this many days after the viewing. */
export const FEEDBACK_LINK_DAYS = 30;

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

// The emailed links are scoped and expire (lib/signing.server.ts expiringToken). Accepting another time is
// signed for that viewing and that very slot, so an older email cannot accept a slot proposed after it; it
// works until the slot's day ends. Feedback is signed for the viewing and closes FEEDBACK_LINK_DAYS after it.
const proposedSlot = (viewingId: number, date: string, time: string) => `${viewingId}:${date}T${time}`;

export const respondPath = (viewingId: number, date: string, time: string) =>
  `/viewings/${viewingId}/respond?token=${expiringToken("viewing-response", proposedSlot(viewingId, date, time), startOf(addDays(date, 1)))}`;

export const feedbackPath = (viewing: { id: number; preferredDate: Date }) =>
  `/viewings/${viewing.id}/feedback?token=${expiringToken("viewing-feedback", String(viewing.id), startOf(addDays(isoDay(viewing.preferredDate), FEEDBACK_LINK_DAYS + 1)))}`;

const viewingInclude = {
  project: {
    select: { id: true, address: true, vendorName: true, vendorEmail: true, owner: { select: { email: true } } },
  },
  feedback: { orderBy: { source: "asc" } },
} satisfies Prisma.ViewingRequestInclude;

type ViewingRow = Prisma.ViewingRequestGetPayload<{ include: typeof viewingInclude }>;

export type FeedbackJson = {
  source: "agency" | "buyer";
  attended: boolean;
  interest: Interest | null;
  comment: string;
  position: Position | null;
  updatedAt: string;
};

export type ViewingJson = {
  id: number;
  propertyId: number;
  address: string;
  date: string;
  time: string;
  status: ViewingStatus;
  proposedDate: string | null;
  proposedTime: string | null;
  name: string;
  /** Only for admins: the seller sees who asked, not how to reach them. */
  email?: string;
  phone?: string;
  message?: string | null;
  feedback: FeedbackJson[];
  createdAt: string;
  handledAt: string | null;
};

const interestOfDb = (interest: string) => interest.replaceAll("_", "-") as Interest;
const interestToDb = (interest: Interest) =>
  interest.replaceAll("-", "_") as "interested" | "unsure" | "not_interested";

export function toViewingJson(row: ViewingRow, { withContact }: { withContact: boolean }): ViewingJson {
  return {
    id: row.id,
    propertyId: row.projectId,
    address: row.project.address,
    date: isoDay(row.preferredDate),
    time: row.preferredTime,
    status: row.status,
    proposedDate: row.proposedDate ? isoDay(row.proposedDate) : null,
    proposedTime: row.proposedTime,
    name: `${row.firstName} ${row.lastName}`,
    ...(withContact ? { email: row.email, phone: row.phoneNumber, message: row.message } : {}),
    feedback: row.feedback.map((f) => ({
      source: f.source,
      attended: f.attended,
      interest: f.interest ? interestOfDb(f.interest) : null,
      comment: f.comment,
      position: f.buyerPosition ? positionOfDb(f.buyerPosition) : null,
      updatedAt: f.updatedAt.toISOString(),
    })),
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

/** The seller's address for mail: the owner's account email, else the one the agency typed in. */
export const sellerEmailOf = (project: { vendorEmail: string; owner: { email: string } | null }) =>
  project.owner?.email ?? project.vendorEmail;

/** Every request for the home: upcoming first (soonest first), then past ones (latest first). */
export async function listHomeViewings(home: SellerHome, { withContact }: { withContact: boolean }, now = new Date()) {
  const rows = await prisma.viewingRequest.findMany({
    where: { projectId: home.id },
    include: viewingInclude,
    orderBy: [{ preferredDate: "asc" }, { preferredTime: "asc" }, { id: "asc" }],
  });
  const viewings = rows.map((row) => toViewingJson(row, { withContact }));
  const upcoming = viewings.filter((v) => !slotStarted(v.date, v.time, now));
  const past = viewings.filter((v) => slotStarted(v.date, v.time, now)).reverse();
  return { upcoming, past };
}

function feedbackLinkLines(row: ViewingRow) {
  return ["After the viewing, tell us what you thought (it takes a minute):", `${site()}${feedbackPath(row)}`];
}

function confirmedMail(row: ViewingRow): Mail {
  const date = isoDay(row.preferredDate);
  return {
    to: row.email,
    subject: `Viewing confirmed: ${row.project.address}`,
    text: [
      `Dear ${row.firstName},`,
      "",
      `Your viewing of ${row.project.address} is confirmed for ${when(date, row.preferredTime)}.`,
      "The calendar invitation is attached.",
      "",
      "Please arrive a few minutes early. If you can no longer make it, reply to this email so we can offer the slot to someone else.",
      "",
      ...feedbackLinkLines(row),
      "",
      `The property: ${site()}${listingPath(row.projectId)}`,
      "",
      "MoveWise",
    ].join("\n"),
    replyTo: agencyEmail(),
    attachments: [viewingInvite(row, "REQUEST", row.handledAt ?? new Date())],
  };
}

function declinedMail(row: ViewingRow): Mail {
  return {
    to: row.email,
    subject: `Viewing not available: ${row.project.address}`,
    text: [
      `Dear ${row.firstName},`,
      "",
      `We are sorry: ${when(isoDay(row.preferredDate), row.preferredTime)} is not available for a viewing of ${row.project.address}.`,
      "",
      "Reply to this email, or send a new request from the property's page, and we will find a time that suits you.",
      "",
      `The property: ${site()}${listingPath(row.projectId)}`,
      "",
      "MoveWise",
    ].join("\n"),
    replyTo: agencyEmail(),
  };
}

function proposedMail(row: ViewingRow, date: string, time: string): Mail {
  return {
    to: row.email,
    subject: `Another time for your viewing: ${row.project.address}`,
    text: [
      `Dear ${row.firstName},`,
      "",
      `${when(isoDay(row.preferredDate), row.preferredTime)} is not available for your viewing of ${row.project.address}, but ${when(date, time)} is.`,
      "",
      "To accept this time, open this link and press “Accept this time”:",
      `${site()}${respondPath(row.id, date, time)}`,
      "",
      "If it does not suit you either, reply to this email and we will find another.",
      "",
      "MoveWise",
    ].join("\n"),
    replyTo: agencyEmail(),
  };
}

function cancelledMail(row: ViewingRow, wasConfirmed: boolean): Mail {
  return {
    to: row.email,
    subject: `Viewing cancelled: ${row.project.address}`,
    text: [
      `Dear ${row.firstName},`,
      "",
      `We are sorry: your viewing of ${row.project.address} on ${when(isoDay(row.preferredDate), row.preferredTime)} has been cancelled.`,
      ...(wasConfirmed ? ["The attached calendar file removes it from your calendar."] : []),
      "",
      "Reply to this email, or send a new request from the property's page, and we will find another time.",
      "",
      "MoveWise",
    ].join("\n"),
    replyTo: agencyEmail(),
    attachments: wasConfirmed ? [viewingInvite(row, "CANCEL", row.handledAt ?? new Date())] : undefined,
  };
}

const ACTION_WORDS: Record<ViewingAction, string> = {
  confirm: "confirmed",
  decline: "declined",
  propose: "proposed another time for",
  cancel: "cancelled",
  accept: "accepted the proposed time for",
};

/** Tells the agency (when the seller acted) or the seller (when the requester accepted) what happened. */
function noticeMail(to: string, row: ViewingRow, who: string, action: ViewingAction): Mail {
  const date = isoDay(row.preferredDate);
  return {
    to,
    subject: `Viewing ${ACTION_WORDS[action].split(" ")[0]}: ${row.project.address}, ${when(date, row.preferredTime)}`,
    text: [
      `${who} ${ACTION_WORDS[action]} the viewing of ${row.project.address} by ${row.firstName} ${row.lastName}.`,
      "",
      `Now: ${when(date, row.preferredTime)}${row.proposedDate && row.proposedTime ? ` (proposed: ${when(isoDay(row.proposedDate), row.proposedTime)})` : ""}.`,
      "",
      `All viewings of this home: ${site()}/view-a-property/${row.projectId}/viewings`,
    ].join("\n"),
  };
}

async function loadViewing(db: Prisma.TransactionClient, id: number) {
  return db.viewingRequest.findUnique({ where: { id }, include: viewingInclude });
}

const gone = () => new ServiceError(404, "We could not find that viewing.");

/**
 * Moves a viewing of `home` (the seller, or an admin for them). The row changes only if its status is still the
 * one the rules were checked against, so two people answering at once cannot both succeed.
 */
export async function decideViewing(
  home: Pick<SellerHome, "id">,
  viewingId: number,
  input: ViewingDecisionInput,
  actor: SellerActor,
  now = new Date(),
): Promise<ViewingJson> {
  return prisma.$transaction(async (tx) => {
    const row = await loadViewing(tx, viewingId);
    if (!row || row.projectId !== home.id) throw gone();
    const date = isoDay(row.preferredDate);
    const rule = nextViewingStatus(row.status, input.action, { started: slotStarted(date, row.preferredTime, now) });
    if (!rule.ok) throw new ServiceError(409, rule.message);
    const proposed =
      input.action === "propose" && "date" in input
        ? { proposedDate: new Date(`${input.date}T00:00:00Z`), proposedTime: input.time }
        : {};
    const changed = await tx.viewingRequest.updateMany({
      where: { id: viewingId, status: row.status },
      data: { status: rule.status, handledAt: now, ...proposed },
    });
    if (changed.count === 0)
      throw new ServiceError(409, "This viewing was changed by someone else just now; look again.");
    const updated = (await loadViewing(tx, viewingId))!;
    await recordAudit(
      {
        actorId: actor.userId,
        action: `viewing.${input.action}`,
        entity: "ViewingRequest",
        entityId: viewingId,
        detail: {
          by: actor.by,
          from: row.status,
          to: rule.status,
          ...("date" in input ? { date: input.date, time: input.time } : {}),
        },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    const mails: Mail[] = [];
    if (input.action === "confirm") mails.push(confirmedMail(updated));
    if (input.action === "decline") mails.push(declinedMail(updated));
    if (input.action === "propose" && "date" in input) mails.push(proposedMail(updated, input.date, input.time));
    if (input.action === "cancel") mails.push(cancelledMail(updated, row.status === "confirmed"));
    if (actor.by === "seller") mails.push(noticeMail(agencyEmail(), updated, "The seller", input.action));
    await queueMail(tx, mails);
    return toViewingJson(updated, { withContact: actor.by === "agency" });
  });
}

/** The admin inbox's buttons: the same decisions, made by the agency. */
export async function decideViewingAsAgency(
  viewingId: number,
  input: ViewingDecisionInput,
  actor: { userId: number; ipAddress: string },
) {
  const row = await prisma.viewingRequest.findUnique({ where: { id: viewingId }, select: { projectId: true } });
  if (!row) throw new ServiceError(404, "That viewing request no longer exists.");
  return decideViewing({ id: row.projectId }, viewingId, input, { ...actor, by: "agency" });
}

const linkNotValid = () =>
  new ServiceError(400, "This link is not valid. Use the link in your email exactly as it was sent.");

/**
 * Whether `token` was made for this viewing's slot: the one proposed now, or (once accepted, when it has moved
 * into the viewing's own date and time) the viewing's. A 410 once it has expired, a 400 otherwise.
 */
function checkResponseToken(row: ViewingRow, token: string | null) {
  const slots = [
    ...(row.proposedDate && row.proposedTime ? [[isoDay(row.proposedDate), row.proposedTime] as const] : []),
    [isoDay(row.preferredDate), row.preferredTime] as const,
  ];
  const states = slots.map(([date, time]) =>
    checkExpiringToken("viewing-response", proposedSlot(row.id, date, time), token),
  );
  if (states.includes("valid")) return;
  if (states.includes("expired"))
    throw new ServiceError(
      410,
      "This link has expired: the time it offered has passed. Reply to our email and we will find another.",
    );
  throw new ServiceError(
    400,
    "This link is not valid, or the time it offered has been replaced by another. Use the link in your latest email.",
  );
}

/** What the respond page shows; a bad token is a 400 (410 once expired), an unknown viewing a 404. */
export async function respondTarget(viewingId: number | null, token: string | null) {
  if (viewingId === null) throw linkNotValid();
  const row = await loadViewing(prisma, viewingId);
  if (!row) throw gone();
  checkResponseToken(row, token);
  return {
    id: row.id,
    address: row.project.address,
    propertyId: row.projectId,
    status: row.status,
    date: isoDay(row.preferredDate),
    time: row.preferredTime,
    proposedDate: row.proposedDate ? isoDay(row.proposedDate) : null,
    proposedTime: row.proposedTime,
  };
}

/** The requester accepts the proposed slot: it becomes the viewing's time and the viewing is confirmed. */
export async function acceptProposedTime(
  viewingId: number | null,
  token: string | null,
  { ipAddress }: { ipAddress: string },
) {
  const target = await respondTarget(viewingId, token);
  return prisma.$transaction(async (tx) => {
    const row = (await loadViewing(tx, target.id))!;
    // Read again: the link must still be for the slot on offer now, not one proposed since it was opened.
    if (row.status === "proposed") checkResponseToken(row, token);
    const rule = nextViewingStatus(row.status, "accept", { started: false });
    if (!rule.ok || !row.proposedDate || !row.proposedTime)
      throw new ServiceError(
        409,
        rule.ok ? "There is no other time waiting for your answer on this viewing." : rule.message,
      );
    if (slotStarted(isoDay(row.proposedDate), row.proposedTime))
      throw new ServiceError(409, "That time has passed. Reply to our email and we will find another.");
    const changed = await tx.viewingRequest.updateMany({
      where: { id: row.id, status: "proposed", proposedDate: row.proposedDate, proposedTime: row.proposedTime },
      data: {
        status: "confirmed",
        preferredDate: row.proposedDate,
        preferredTime: row.proposedTime,
        proposedDate: null,
        proposedTime: null,
        handledAt: new Date(),
      },
    });
    if (changed.count === 0) throw new ServiceError(409, "This viewing was changed just now; open the link again.");
    const updated = (await loadViewing(tx, row.id))!;
    await recordAudit(
      {
        actorId: updated.userId,
        action: "viewing.accept",
        entity: "ViewingRequest",
        entityId: row.id,
        detail: { date: isoDay(updated.preferredDate), time: updated.preferredTime },
        ipAddress,
      },
      tx,
    );
    const who = `${row.firstName} ${row.lastName}`;
    await queueMail(tx, [
      confirmedMail(updated),
      noticeMail(agencyEmail(), updated, who, "accept"),
      noticeMail(sellerEmailOf(updated.project), updated, who, "accept"),
    ]);
    return toViewingJson(updated, { withContact: false });
  });
}

// Feedback ---------------------------------------------------------------------------------------------------

/**
 * The buyer's feedback opens when the confirmed viewing's slot has begun. The agency may record its own for any
 * confirmed viewing (viewings are sometimes brought forward by phone, and its notes are its own record).
 */
function feedbackRefusal(row: ViewingRow, now: Date, source: "agency" | "buyer" = "buyer") {
  if (row.status !== "confirmed") return "Feedback is only for viewings that were confirmed.";
  if (source === "agency") return null;
  const date = isoDay(row.preferredDate);
  if (!slotStarted(date, row.preferredTime, now))
    return `Feedback opens when the viewing starts, ${when(date, row.preferredTime)}.`;
  return null;
}

function feedbackMail(row: ViewingRow, source: "agency" | "buyer", input: ViewingFeedbackInput, edit: boolean): Mail {
  const who = source === "agency" ? "We have" : `${row.firstName} ${row.lastName} has`;
  return {
    to: sellerEmailOf(row.project),
    subject: `Viewing feedback${edit ? " updated" : ""}: ${row.project.address}`,
    text: [
      `Dear ${row.project.vendorName},`,
      "",
      `${who} ${edit ? "changed the" : "left"} feedback on the viewing of ${row.project.address} on ${when(isoDay(row.preferredDate), row.preferredTime)}.`,
      "",
      `Attended: ${input.attended ? "Yes" : "No"}`,
      ...(input.interest ? [`Interest: ${INTEREST_LABELS[input.interest]}`] : []),
      ...(input.position ? [`Buyer's position: ${POSITION_LABELS[input.position]}`] : []),
      ...(input.comment ? ["", "Comment:", input.comment] : []),
      "",
      `All viewings of your home: ${site()}/view-a-property/${row.projectId}/viewings`,
      "",
      "MoveWise",
    ].join("\n"),
    replyTo: agencyEmail(),
  };
}

async function saveFeedback(
  viewingId: number,
  source: "agency" | "buyer",
  input: ViewingFeedbackInput,
  audit: { actorId: number | null; ipAddress: string },
  now: Date,
) {
  return prisma.$transaction(async (tx) => {
    // One save at a time per viewing, so of two first submissions sent at once the second is an edit.
    await tx.$queryRaw`SELECT id FROM "ViewingRequest" WHERE id = ${viewingId} FOR UPDATE`;
    const row = await loadViewing(tx, viewingId);
    if (!row) throw gone();
    const refusal = feedbackRefusal(row, now, source);
    if (refusal) throw new ServiceError(409, refusal);
    // The link takes one submission; after it, changes are limited (each one is mailed to the seller).
    const edit = row.feedback.some((feedback) => feedback.source === source);
    if (edit && source === "buyer")
      await consume(
        "feedbackEditsPerViewing",
        String(viewingId),
        "You have changed this feedback several times today. You can change it again tomorrow.",
      );
    const fields = {
      attended: input.attended,
      interest: input.interest ? interestToDb(input.interest) : null,
      comment: input.comment,
      buyerPosition: input.position ? positionToDb(input.position) : null,
      recordedById: source === "agency" ? audit.actorId : null,
    };
    await tx.viewingFeedback.upsert({
      where: { viewingId_source: { viewingId, source } },
      create: { viewingId, source, ...fields },
      update: fields,
    });
    await recordAudit(
      {
        actorId: audit.actorId,
        action: `viewing.feedback.${source}`,
        entity: "ViewingRequest",
        entityId: viewingId,
        detail: { edit },
        ipAddress: audit.ipAddress,
      },
      tx,
    );
    await queueMail(tx, [feedbackMail(row, source, input, edit)]);
    return toViewingJson((await loadViewing(tx, viewingId))!, { withContact: source === "agency" });
  });
}

/** An admin records (or corrects) the agency's feedback: one record per viewing. */
export function recordAgencyFeedback(
  viewingId: number,
  input: ViewingFeedbackInput,
  actor: { userId: number; ipAddress: string },
  now = new Date(),
) {
  return saveFeedback(viewingId, "agency", input, { actorId: actor.userId, ipAddress: actor.ipAddress }, now);
}

function checkFeedbackToken(viewingId: number | null, token: string | null): number {
  const state = viewingId === null ? "invalid" : checkExpiringToken("viewing-feedback", String(viewingId), token);
  if (state === "expired")
    throw new ServiceError(
      410,
      `This link has expired: feedback can be left for ${FEEDBACK_LINK_DAYS} days after the viewing. Reply to our email if you would still like to tell us something.`,
    );
  if (state === "invalid") throw linkNotValid();
  return viewingId!;
}

/** The buyer's feedback form from the emailed link. */
export async function buyerFeedbackTarget(viewingId: number | null, token: string | null, now = new Date()) {
  const id = checkFeedbackToken(viewingId, token);
  const row = await loadViewing(prisma, id);
  if (!row) throw gone();
  const date = isoDay(row.preferredDate);
  const existing = row.feedback.find((f) => f.source === "buyer");
  return {
    id: row.id,
    address: row.project.address,
    date,
    time: row.preferredTime,
    /** Why the form is closed, if it is. */
    closed: feedbackRefusal(row, now),
    sent: existing ? toViewingJson(row, { withContact: false }).feedback.find((f) => f.source === "buyer")! : null,
  };
}

export async function recordBuyerFeedback(
  viewingId: number | null,
  token: string | null,
  input: ViewingFeedbackInput,
  { ipAddress }: { ipAddress: string },
  now = new Date(),
) {
  const id = checkFeedbackToken(viewingId, token);
  const owner = await prisma.viewingRequest.findUnique({ where: { id }, select: { userId: true } });
  return saveFeedback(id, "buyer", input, { actorId: owner?.userId ?? null, ipAddress }, now);
}

/** The admin feedback page: the viewing and the agency's record so far. */
export async function agencyFeedbackTarget(viewingId: number, now = new Date()) {
  const row = await loadViewing(prisma, viewingId);
  if (!row) throw gone();
  const json = toViewingJson(row, { withContact: true });
  return {
    viewing: json,
    closed: feedbackRefusal(row, now, "agency"),
    /** Not yet taken place: the page says so, but the agency may still record its notes. */
    early: !slotStarted(json.date, json.time, now),
    agency: json.feedback.find((f) => f.source === "agency") ?? null,
  };
}

/** Viewings older than this when the job first sees them get no feedback request (no mail about long-ago visits). */
const FEEDBACK_REQUEST_WINDOW_DAYS = 14;

/**
 * The scheduled job (queue "viewing-feedback-requests", every 15 minutes): each confirmed viewing whose slot has
 * started and whose requester has not been asked yet (nor answered) is mailed the feedback link, once.
 */
export async function requestDueFeedback(now = new Date()) {
  const today = londonToday(now);
  const candidates = await prisma.viewingRequest.findMany({
    where: {
      status: "confirmed",
      feedbackRequestedAt: null,
      preferredDate: {
        gte: new Date(`${addDays(today, -FEEDBACK_REQUEST_WINDOW_DAYS)}T00:00:00Z`),
        lte: new Date(`${today}T00:00:00Z`),
      },
      feedback: { none: { source: "buyer" } },
    },
    include: viewingInclude,
  });
  let sent = 0;
  for (const row of candidates) {
    if (!slotStarted(isoDay(row.preferredDate), row.preferredTime, now)) continue;
    await prisma.$transaction(async (tx) => {
      const claimed = await tx.viewingRequest.updateMany({
        where: { id: row.id, feedbackRequestedAt: null },
        data: { feedbackRequestedAt: now },
      });
      if (claimed.count === 0) return;
      sent++;
      await queueMail(tx, [
        {
          to: row.email,
          subject: `How was your viewing of ${row.project.address}?`,
          text: [
            `Dear ${row.firstName},`,
            "",
            `Thank you for viewing ${row.project.address} on ${when(isoDay(row.preferredDate), row.preferredTime)}.`,
            "The seller would like to know what you thought. It takes a minute:",
            `${site()}${feedbackPath(row)}`,
            "",
            "MoveWise",
          ].join("\n"),
          replyTo: agencyEmail(),
        },
      ]);
    });
  }
  return { sent };
}

// Calendar and the requester's own viewings --------------------------------------------------------------------

/** The admin calendar's week: viewings still on (pending, proposed, confirmed) and valuation visits, by day. */
export async function weekCalendar(days: string[]) {
  const from = new Date(`${days[0]}T00:00:00Z`);
  const to = new Date(`${days.at(-1)}T00:00:00Z`);
  const [viewings, visits] = await Promise.all([
    prisma.viewingRequest.findMany({
      where: {
        status: { in: ["pending", "proposed", "confirmed"] },
        OR: [{ preferredDate: { gte: from, lte: to } }, { proposedDate: { gte: from, lte: to } }],
      },
      include: { project: { select: { id: true, address: true } } },
    }),
    prisma.project.findMany({
      where: { bookingDate: { gte: from, lte: to } },
      select: { id: true, address: true, vendorName: true, bookingDate: true },
    }),
  ]);
  type Entry =
    | {
        kind: "viewing";
        id: number;
        time: string;
        address: string;
        propertyId: number;
        name: string;
        status: ViewingStatus;
        proposed: boolean;
      }
    | { kind: "valuation"; id: number; time: string | null; address: string; propertyId: number; name: string };
  const byDay = new Map<string, Entry[]>(days.map((d) => [d, []]));
  for (const v of viewings) {
    const entry = (date: string, time: string, proposed: boolean) =>
      byDay.get(date)?.push({
        kind: "viewing",
        id: v.id,
        time,
        address: v.project.address,
        propertyId: v.project.id,
        name: `${v.firstName} ${v.lastName}`,
        status: v.status,
        proposed,
      });
    entry(isoDay(v.preferredDate), v.preferredTime, false);
    if (v.status === "proposed" && v.proposedDate && v.proposedTime)
      entry(isoDay(v.proposedDate), v.proposedTime, true);
  }
  // The visit's day only: the booking date has no time of day.
  for (const p of visits)
    byDay.get(isoDay(p.bookingDate!))?.push({
      kind: "valuation",
      id: p.id,
      time: null,
      address: p.address,
      propertyId: p.id,
      name: p.vendorName,
    });
  return days.map((day) => ({
    day,
    entries: byDay.get(day)!.sort((a, b) => (a.time ?? "").localeCompare(b.time ?? "") || a.id - b.id),
  }));
}

/** A signed-in account's own viewing requests (the "Your viewings" section), soonest first. */
export async function listMyViewings(userId: number) {
  const rows = await prisma.viewingRequest.findMany({
    where: { userId },
    include: viewingInclude,
    orderBy: [{ preferredDate: "asc" }, { preferredTime: "asc" }],
  });
  return rows.map((row) => {
    const json = toViewingJson(row, { withContact: false });
    return {
      ...json,
      respondPath:
        row.status === "proposed" && json.proposedDate && json.proposedTime
          ? respondPath(row.id, json.proposedDate, json.proposedTime)
          : null,
      feedbackPath: row.status === "confirmed" && slotStarted(json.date, json.time) ? feedbackPath(row) : null,
    };
  });
}

export { londonInstant };
