// Viewings for the seller (issue 24): decisions and their emails, the calendar invitation, accepting another
// time from the emailed link, feedback from the agency and the buyer, the scheduled feedback request, the
// admin calendar, and who may do what through the pages and the API.
import ICAL from "ical.js";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { addDays, londonToday } from "../../app/lib/dates";
import { prisma } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { ServiceError } from "../../app/lib/service-error";
import { hashPassword } from "../../app/modules/auth/password.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import { closeAccount, exportAccountData } from "../../app/modules/privacy/account.server";
import { viewingInvite, viewingInviteAttachment } from "../../app/modules/viewings/invite.server";
import { londonInstant, weekOf } from "../../app/modules/viewings/london-time";
import {
  acceptProposedTime,
  buyerFeedbackTarget,
  decideViewing,
  feedbackPath,
  recordAgencyFeedback,
  recordBuyerFeedback,
  requestDueFeedback,
  respondPath,
  weekCalendar,
} from "../../app/modules/viewings/seller-viewings.server";
import { action as agencyFeedbackApi } from "../../app/routes/api.v1.admin.viewings.$id.feedback";
import { loader as listApi } from "../../app/routes/api.v1.vendor.bookings.$id.viewings";
import { action as decideApi } from "../../app/routes/api.v1.vendor.bookings.$id.viewings.$viewingId";
import { action as requestApi } from "../../app/routes/api.v1.viewings.request";
import { action as tabAction, loader as tabLoader } from "../../app/routes/view-a-property.$projectId.viewings";
import { loader as feedbackLoader } from "../../app/routes/viewings.$id.feedback";
import { action as respondAction, loader as respondLoader } from "../../app/routes/viewings.$id.respond";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();
afterEach(resetLimiters);

const tomorrow = () => addDays(londonToday(), 1);
let agency: { userId: number; by: "agency"; ipAddress: string };
beforeEach(async () => {
  const admin = await prisma.user.create({
    data: { email: "agency-admin@example.com", fullName: "Agency Admin", passwordHash: "x", role: "admin" },
  });
  agency = { userId: admin.id, by: "agency", ipAddress: "203.0.113.9" };
});

async function user(role: "vendor" | "buyer" | "admin", email: string) {
  const account = await prisma.user.create({
    data: { email, fullName: `${role} person`, passwordHash: "x", role, emailVerifiedAt: new Date() },
  });
  return { account, cookie: (await createUserSession(account.id, { persistent: false })).split(";")[0]! };
}

async function sellerHome(address = "4 Orchard Close, Leicester LE2 3AB") {
  const seller = await user("vendor", `seller-${Math.random()}@example.com`);
  const home = await createListing({ address, ownerId: seller.account.id, vendorEmail: "typed@example.com" });
  return { seller, home };
}

async function viewingOf(
  projectId: number,
  fields: Partial<{ date: string; time: string; status: "pending" | "confirmed" | "proposed" }> = {},
) {
  return prisma.viewingRequest.create({
    data: {
      projectId,
      firstName: "Priya",
      lastName: "Shah",
      email: "priya@example.com",
      phoneNumber: "07700 900555",
      preferredDate: new Date(`${fields.date ?? tomorrow()}T00:00:00Z`),
      preferredTime: fields.time ?? "10:00",
      status: fields.status ?? "pending",
    },
  });
}

function jsonRequest(url: string, method: string, cookie: string | null, body?: unknown) {
  return new Request(`http://localhost${url}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function formRequest(url: string, cookie: string | null, fields: Record<string, string>) {
  return new Request(`http://localhost${url}`, {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body: new URLSearchParams(fields),
  });
}

const context = { clientIp: "203.0.113.1" };

const tokenOf = (path: string) => new URL(path, "http://localhost").searchParams.get("token")!;
const feedbackToken = (viewing: { id: number; preferredDate: Date }) => tokenOf(feedbackPath(viewing));
const responseToken = (id: number, date: string, time: string) => tokenOf(respondPath(id, date, time));

describe("requests", () => {
  test("the seller is told of a request (name and slot, no contact details); a signed-in requester is remembered", async () => {
    const { seller, home } = await sellerHome();
    const buyer = await user("buyer", "bea@example.com");
    const response = await requestApi({
      request: jsonRequest("/api/v1/viewings/request", "POST", buyer.cookie, {
        propertyId: home.id,
        firstName: "Bea",
        lastName: "Buyer",
        email: "bea@example.com",
        phoneNumber: "07700 900111",
        preferredDate: tomorrow(),
        preferredTime: "15:00",
      }),
      params: {},
      context,
    } as never);
    expect(response.status).toBe(201);
    expect((await prisma.viewingRequest.findFirstOrThrow()).userId).toBe(buyer.account.id);
    await sendQueuedMail();
    const toSeller = inbox.find((m) => m.to[0] === seller.account.email)!;
    expect(toSeller.raw).toMatch(/^Subject: Viewing request: 4 Orchard Close/m);
    expect(textOf(toSeller)).toContain("Bea Buyer");
    expect(textOf(toSeller)).toContain("3:00 PM");
    expect(textOf(toSeller)).not.toContain("07700 900111");
    expect(textOf(toSeller)).not.toContain("bea@example.com");
    // The typed-in address is used only when the home has no owner account.
    expect(inbox.some((m) => m.to[0] === "typed@example.com")).toBe(false);
  });
});

describe("decisions", () => {
  test("a confirmation queued just before its home is deleted is still sent as it was decided, invitation included", async () => {
    const { seller, home } = await sellerHome();
    const viewing = await viewingOf(home.id, { time: "12:00" });
    await decideViewing(
      home,
      viewing.id,
      { action: "confirm" },
      { userId: seller.account.id, by: "seller", ipAddress: "203.0.113.1" },
    );
    await prisma.project.delete({ where: { id: home.id } });
    expect(await sendQueuedMail()).toMatchObject({ failed: 0 });
    const toBuyer = inbox.find((m) => m.to[0] === "priya@example.com")!;
    expect(toBuyer.raw).toMatch(/^Subject: Viewing confirmed: 4 Orchard Close/m);
    expect(toBuyer.raw).toContain("method=REQUEST");
  });

  test("confirm: the requester gets 'Viewing confirmed' with a calendar invitation; a second answer is a 409", async () => {
    const { seller, home } = await sellerHome();
    const viewing = await viewingOf(home.id, { time: "11:30" });
    const json = await decideViewing(
      home,
      viewing.id,
      { action: "confirm" },
      { userId: seller.account.id, by: "seller", ipAddress: "203.0.113.1" },
    );
    expect(json).toMatchObject({ id: viewing.id, status: "confirmed", name: "Priya Shah" });
    expect(json).not.toHaveProperty("email");
    expect(
      await prisma.auditEvent.findFirst({ where: { action: "viewing.confirm", entityId: String(viewing.id) } }),
    ).not.toBeNull();
    await sendQueuedMail();
    const toBuyer = inbox.find((m) => m.to[0] === "priya@example.com")!;
    expect(toBuyer.raw).toMatch(/^Subject: Viewing confirmed: 4 Orchard Close/m);
    expect(toBuyer.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    expect(toBuyer.raw).toContain("filename=viewing.ics");
    expect(textOf(toBuyer)).toContain(`/viewings/${viewing.id}/feedback?token=${feedbackToken(viewing)}`);
    // The seller acted: the agency is told.
    expect(inbox.some((m) => m.to[0] === "office@movewise.example")).toBe(true);

    const again = await decideViewing(home, viewing.id, { action: "decline" }, agency).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ServiceError);
    expect(again).toMatchObject({
      status: 409,
      message: "This viewing is already confirmed, so it cannot be declined.",
    });
  });

  test("decline, and a viewing of another home is not found", async () => {
    const { home } = await sellerHome();
    const other = await sellerHome("9 Elsewhere Road");
    const viewing = await viewingOf(home.id);
    await expect(decideViewing(other.home, viewing.id, { action: "decline" }, agency)).rejects.toMatchObject({
      status: 404,
    });
    expect((await decideViewing(home, viewing.id, { action: "decline" }, agency)).status).toBe("declined");
    await sendQueuedMail();
    expect(inbox.find((m) => m.to[0] === "priya@example.com")!.raw).toMatch(/^Subject: Viewing not available:/m);
  });

  test("propose another time; the requester accepts it from the emailed link, once", async () => {
    const { seller, home } = await sellerHome();
    const viewing = await viewingOf(home.id, { time: "10:00" });
    const later = addDays(tomorrow(), 2);
    const proposed = await decideViewing(home, viewing.id, { action: "propose", date: later, time: "14:30" }, agency);
    expect(proposed).toMatchObject({
      status: "proposed",
      proposedDate: later,
      proposedTime: "14:30",
      date: tomorrow(),
    });
    await sendQueuedMail();
    const proposal = inbox.find((m) => m.to[0] === "priya@example.com")!;
    expect(proposal.raw).toMatch(/^Subject: Another time for your viewing: 4 Orchard Close/m);
    const token = responseToken(viewing.id, later, "14:30");
    expect(textOf(proposal)).toContain(`/viewings/${viewing.id}/respond?token=${token}`);
    inbox.length = 0;

    // The page: a bad token is a 400; the right one shows the proposed slot.
    const bad = (await respondLoader({
      request: new Request(`http://localhost/viewings/${viewing.id}/respond?token=nope`),
      params: { id: String(viewing.id) },
    } as never)) as { init: { status: number } };
    expect(bad.init.status).toBe(400);
    const shown = (await respondLoader({
      request: new Request(`http://localhost/viewings/${viewing.id}/respond?token=${token}`),
      params: { id: String(viewing.id) },
    } as never)) as { state: string; target: { proposedDate: string } };
    expect(shown).toMatchObject({ state: "ask", target: { proposedDate: later } });

    const accepted = (await respondAction({
      request: formRequest(`/viewings/${viewing.id}/respond?token=${token}`, null, {}),
      params: { id: String(viewing.id) },
      context,
    } as never)) as { state: string };
    expect(accepted.state).toBe("accepted");
    expect(await prisma.viewingRequest.findUniqueOrThrow({ where: { id: viewing.id } })).toMatchObject({
      status: "confirmed",
      preferredTime: "14:30",
      proposedDate: null,
      proposedTime: null,
    });
    await sendQueuedMail();
    expect(inbox.map((m) => m.to[0]).sort()).toEqual(
      ["office@movewise.example", "priya@example.com", seller.account.email].sort(),
    );
    expect(inbox.find((m) => m.to[0] === "priya@example.com")!.raw).toMatch(/^Subject: Viewing confirmed:/m);

    const twice = (await respondAction({
      request: formRequest(`/viewings/${viewing.id}/respond?token=${token}`, null, {}),
      params: { id: String(viewing.id) },
      context,
    } as never)) as { data: { state: string; message: string }; init: { status: number } };
    expect(twice.init.status).toBe(409);
    expect(twice.data).toMatchObject({
      state: "answered",
      message: "You have already accepted: this viewing is confirmed.",
    });
    await expect(
      acceptProposedTime(viewing.id, feedbackToken(viewing), { ipAddress: "203.0.113.1" }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  test("a link is for the time it offered: once another time is proposed, the older email's link accepts nothing", async () => {
    const { home } = await sellerHome();
    const viewing = await viewingOf(home.id);
    const first = addDays(tomorrow(), 1);
    const second = addDays(tomorrow(), 2);
    await decideViewing(home, viewing.id, { action: "propose", date: first, time: "09:00" }, agency);
    const olderLink = responseToken(viewing.id, first, "09:00");
    await decideViewing(home, viewing.id, { action: "propose", date: second, time: "16:00" }, agency);
    await expect(acceptProposedTime(viewing.id, olderLink, { ipAddress: "203.0.113.1" })).rejects.toMatchObject({
      status: 400,
    });
    expect((await prisma.viewingRequest.findUniqueOrThrow({ where: { id: viewing.id } })).status).toBe("proposed");
    await acceptProposedTime(viewing.id, responseToken(viewing.id, second, "16:00"), { ipAddress: "203.0.113.1" });
    expect(await prisma.viewingRequest.findUniqueOrThrow({ where: { id: viewing.id } })).toMatchObject({
      status: "confirmed",
      preferredTime: "16:00",
    });
  });

  test("a proposed time that has passed can no longer be accepted", async () => {
    const { home } = await sellerHome();
    const viewing = await viewingOf(home.id);
    await decideViewing(home, viewing.id, { action: "propose", date: addDays(tomorrow(), 1), time: "09:00" }, agency);
    await prisma.viewingRequest.update({
      where: { id: viewing.id },
      data: { proposedDate: new Date(`${addDays(londonToday(), -1)}T00:00:00Z`) },
    });
    const yesterday = addDays(londonToday(), -1);
    await expect(
      acceptProposedTime(viewing.id, responseToken(viewing.id, yesterday, "09:00"), { ipAddress: "203.0.113.1" }),
    ).rejects.toMatchObject({
      status: 410,
      message: "This link has expired: the time it offered has passed. Reply to our email and we will find another.",
    });
    expect((await prisma.viewingRequest.findUniqueOrThrow({ where: { id: viewing.id } })).status).toBe("proposed");
  });

  test("cancel: a confirmed viewing before its slot (with a CANCEL invitation), not one that has started", async () => {
    const { home } = await sellerHome();
    const viewing = await viewingOf(home.id, { status: "confirmed" });
    const cancelled = await decideViewing(home, viewing.id, { action: "cancel" }, agency);
    expect(cancelled.status).toBe("cancelled");
    await sendQueuedMail();
    const mail = inbox.find((m) => m.to[0] === "priya@example.com")!;
    expect(mail.raw).toMatch(/^Subject: Viewing cancelled:/m);
    expect(mail.raw).toMatch(/method=CANCEL/);

    const past = await viewingOf(home.id, { status: "confirmed", date: addDays(londonToday(), -1) });
    await expect(decideViewing(home, past.id, { action: "cancel" }, agency)).rejects.toMatchObject({
      status: 409,
      message: "This viewing has already taken place, so it cannot be cancelled.",
    });
    const pending = await viewingOf(home.id);
    await expect(decideViewing(home, pending.id, { action: "cancel" }, agency)).rejects.toMatchObject({ status: 409 });
  });
});

/** The calendar file a received message carries (base64, so its CRLFs arrive as they were made), or null. */
function calendarOf(message: { raw: string }) {
  const part = /(Content-Type: text\/calendar[^]*?)\r\n\r\n([^]*?)\r\n--/.exec(message.raw);
  if (!part) return null;
  expect(part[1]).toContain("Content-Transfer-Encoding: base64");
  return Buffer.from(part[2]!.replace(/\s+/g, ""), "base64").toString("utf8");
}

/** The calendar parsed as a calendar program would (ical.js): its method and its one event. */
function parsedInvite(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: event.component.getFirstPropertyValue("status"),
    location: event.location,
    attendee: event.attendees[0]?.getParameter("cn"),
    organizer: event.organizer,
  };
}

describe("the calendar invitation", () => {
  test.each([
    ["summer (BST)", "2027-07-01", "10:00", "2027-07-01T09:00:00.000Z", "2027-07-01T09:30:00.000Z"],
    ["winter (GMT)", "2027-01-14", "10:00", "2027-01-14T10:00:00.000Z", "2027-01-14T10:30:00.000Z"],
    ["the day the clocks go back", "2027-10-31", "09:30", "2027-10-31T09:30:00.000Z", "2027-10-31T10:00:00.000Z"],
  ])(
    "%s: DTSTART is the London time, 30 minutes long; it parses, and so does its cancellation",
    async (_name, date, time, start, end) => {
      const { home } = await sellerHome("12 Granby Street, Leicester LE1 6EJ");
      const viewing = {
        ...(await viewingOf(home.id, { date, time })),
        project: { id: home.id, address: home.address },
      };
      const invite = viewingInvite(viewing, "REQUEST", new Date());
      const file = viewingInviteAttachment(invite)!;
      expect(file.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
      const text = file.content.toString("utf8");
      expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
      expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      expect(parsedInvite(text)).toEqual({
        method: "REQUEST",
        uid: `viewing-${viewing.id}@localhost`,
        sequence: 0,
        start,
        end,
        status: "CONFIRMED",
        location: "12 Granby Street, Leicester LE1 6EJ",
        attendee: "Priya Shah",
        organizer: "mailto:office@movewise.example",
      });
      expect(londonInstant(date, time).toISOString()).toBe(start);

      // The same UID, cancelled, with a higher sequence.
      const cancel = viewingInviteAttachment(viewingInvite(viewing, "CANCEL", new Date()))!;
      expect(cancel.filename).toBe("viewing-cancelled.ics");
      expect(parsedInvite(cancel.content.toString("utf8"))).toMatchObject({
        method: "CANCEL",
        uid: `viewing-${viewing.id}@localhost`,
        sequence: 1,
        status: "CANCELLED",
      });
    },
  );

  test("confirmed and cancelled at once: the confirmation carries the invitation (REQUEST), the cancellation the CANCEL", async () => {
    const { home } = await sellerHome();
    const viewing = await viewingOf(home.id);
    await decideViewing(home, viewing.id, { action: "confirm" }, agency);
    await decideViewing(home, viewing.id, { action: "cancel" }, agency);
    // Both messages are sent only now, after the cancellation.
    expect(await sendQueuedMail()).toMatchObject({ failed: 0 });
    const toRequester = inbox.filter((m) => m.to[0] === "priya@example.com");
    const confirmed = toRequester.find((m) => /^Subject: Viewing confirmed:/m.test(m.raw))!;
    const cancelled = toRequester.find((m) => /^Subject: Viewing cancelled:/m.test(m.raw))!;
    expect(confirmed.raw).toContain("method=REQUEST");
    expect(confirmed.raw).toContain("filename=viewing.ics");
    expect(cancelled.raw).toContain("filename=viewing-cancelled.ics");
    const invitation = parsedInvite(calendarOf(confirmed)!);
    const cancellation = parsedInvite(calendarOf(cancelled)!);
    expect(invitation).toMatchObject({ method: "REQUEST", status: "CONFIRMED", sequence: 0 });
    expect(cancellation).toMatchObject({ method: "CANCEL", status: "CANCELLED", sequence: 1, uid: invitation.uid });
    for (const message of [confirmed, cancelled]) expect(calendarOf(message)!.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
});

describe("feedback", () => {
  const good = {
    attended: true,
    interest: "interested" as const,
    comment: "Loved the garden.",
    position: "first-time-buyer" as const,
  };

  test("the agency records it on a confirmed viewing; saving again updates the one record; the seller is emailed", async () => {
    const { seller, home } = await sellerHome();
    const admin = await user("admin", "ada@example.com");
    const pending = await viewingOf(home.id, { date: addDays(londonToday(), -1) });
    await expect(
      recordAgencyFeedback(pending.id, good, { userId: admin.account.id, ipAddress: "x" }),
    ).rejects.toMatchObject({ status: 409, message: "Feedback is only for viewings that were confirmed." });
    // Before the slot the agency may still record its notes (a viewing brought forward); the buyer may not.
    const future = await viewingOf(home.id, { status: "confirmed" });
    await recordAgencyFeedback(future.id, good, { userId: admin.account.id, ipAddress: "x" });
    await expect(recordBuyerFeedback(future.id, feedbackToken(future), good, { ipAddress: "x" })).rejects.toMatchObject(
      { status: 409, message: expect.stringMatching(/^Feedback opens when the viewing starts/) },
    );
    const past = await viewingOf(home.id, { status: "confirmed", date: addDays(londonToday(), -1) });
    const saved = await recordAgencyFeedback(past.id, good, { userId: admin.account.id, ipAddress: "x" });
    expect(saved.feedback).toEqual([
      expect.objectContaining({ source: "agency", interest: "interested", position: "first-time-buyer" }),
    ]);
    await recordAgencyFeedback(past.id, { attended: false, comment: "" }, { userId: admin.account.id, ipAddress: "x" });
    expect(await prisma.viewingFeedback.findMany({ where: { viewingId: past.id } })).toEqual([
      expect.objectContaining({ source: "agency", attended: false, interest: null, recordedById: admin.account.id }),
    ]);
    await sendQueuedMail();
    const toSeller = inbox.filter((m) => m.to[0] === seller.account.email);
    expect(toSeller).toHaveLength(3);
    expect(toSeller[0]!.raw).toMatch(/^Subject: Viewing feedback: 4 Orchard Close/m);
    expect(textOf(toSeller[0]!)).toContain("Loved the garden.");

    // Through the API: 400 for a missing interest, 403 for a vendor, 200 for the admin.
    const put = (cookie: string, body: unknown) =>
      agencyFeedbackApi({
        request: jsonRequest(`/api/v1/admin/viewings/${past.id}/feedback`, "PUT", cookie, body),
        params: { id: String(past.id) },
        context,
      } as never) as Promise<Response>;
    const missing = await put(admin.cookie, { attended: true });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: { interest: ["Say how interested they are."] } });
    expect((await put(seller.cookie, good)).status).toBe(403);
    const ok = await put(admin.cookie, good);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { email: string }).email).toBe("priya@example.com");
  });

  test("the buyer's own feedback from the emailed link is kept beside the agency's", async () => {
    const { home } = await sellerHome();
    const past = await viewingOf(home.id, { status: "confirmed", date: addDays(londonToday(), -1) });
    await expect(recordBuyerFeedback(past.id, "wrong", good, { ipAddress: "203.0.113.1" })).rejects.toMatchObject({
      status: 400,
    });
    const token = feedbackToken(past);
    await recordBuyerFeedback(past.id, token, { ...good, comment: "Small kitchen." }, { ipAddress: "203.0.113.1" });
    await recordAgencyFeedback(past.id, good, { userId: agency.userId, ipAddress: "x" });
    const rows = await prisma.viewingFeedback.findMany({ where: { viewingId: past.id }, orderBy: { source: "asc" } });
    expect(rows.map((r) => [r.source, r.comment])).toEqual([
      ["agency", "Loved the garden."],
      ["buyer", "Small kitchen."],
    ]);
  });

  test("the link takes one submission, then edits (each mailed as a change) up to 5 a day", async () => {
    const { home } = await sellerHome();
    const past = await viewingOf(home.id, { status: "confirmed", date: addDays(londonToday(), -1) });
    const send = (comment: string) =>
      recordBuyerFeedback(past.id, feedbackToken(past), { ...good, comment }, { ipAddress: "203.0.113.1" });
    // Sent twice at once: one submission and one edit, never two submissions.
    await Promise.all([send("First."), send("Second.")]);
    const audits = await prisma.auditEvent.findMany({
      where: { action: "viewing.feedback.buyer" },
      orderBy: { id: "asc" },
    });
    expect(audits.map((a) => a.detail)).toEqual([{ edit: false }, { edit: true }]);
    for (let edit = 2; edit <= 5; edit++) await send(`Edit ${edit}.`);
    await expect(send("One too many.")).rejects.toMatchObject({ status: 429 });
    expect((await prisma.viewingFeedback.findFirstOrThrow({ where: { source: "buyer" } })).comment).toBe("Edit 5.");
    await sendQueuedMail();
    const subjects = inbox.map((m) => /^Subject: (.*)$/m.exec(m.raw)![1]);
    expect(subjects.filter((s) => s === "Viewing feedback: 4 Orchard Close, Leicester LE2 3AB")).toHaveLength(1);
    expect(subjects.filter((s) => s === "Viewing feedback updated: 4 Orchard Close, Leicester LE2 3AB")).toHaveLength(
      5,
    );
  });

  test("the link expires 30 days after the viewing and is made for one viewing only", async () => {
    const { home } = await sellerHome();
    const lastMonth = await viewingOf(home.id, { status: "confirmed", date: addDays(londonToday(), -29) });
    await recordBuyerFeedback(lastMonth.id, feedbackToken(lastMonth), good, { ipAddress: "203.0.113.1" });
    const old = await viewingOf(home.id, { status: "confirmed", date: addDays(londonToday(), -31) });
    for (const attempt of [
      recordBuyerFeedback(old.id, feedbackToken(old), good, { ipAddress: "203.0.113.1" }),
      buyerFeedbackTarget(old.id, feedbackToken(old)),
    ])
      await expect(attempt).rejects.toMatchObject({ status: 410, message: expect.stringContaining("expired") });
    // Another viewing's link opens nothing here.
    await expect(buyerFeedbackTarget(old.id, feedbackToken(lastMonth))).rejects.toMatchObject({ status: 400 });
    const page = (await feedbackLoader({
      request: new Request(`http://localhost/viewings/${old.id}/feedback?token=${feedbackToken(old)}`),
      params: { id: String(old.id) },
    } as never)) as { init: { status: number }; data: { state: string } };
    expect(page).toMatchObject({ init: { status: 410 }, data: { state: "invalid" } });
    expect(await prisma.viewingFeedback.count({ where: { viewingId: old.id } })).toBe(0);
  });

  test("the scheduled job mails the feedback link once per viewing, after its slot", async () => {
    const { home } = await sellerHome();
    const past = await viewingOf(home.id, { status: "confirmed", date: addDays(londonToday(), -1) });
    const future = await viewingOf(home.id, { status: "confirmed" });
    const pendingPast = await viewingOf(home.id, { date: addDays(londonToday(), -1) });
    expect(await requestDueFeedback()).toEqual({ sent: 1 });
    expect(await requestDueFeedback()).toEqual({ sent: 0 });
    expect(
      (await prisma.viewingRequest.findUniqueOrThrow({ where: { id: past.id } })).feedbackRequestedAt,
    ).toBeInstanceOf(Date);
    expect(
      (await prisma.viewingRequest.findUniqueOrThrow({ where: { id: future.id } })).feedbackRequestedAt,
    ).toBeNull();
    expect(
      (await prisma.viewingRequest.findUniqueOrThrow({ where: { id: pendingPast.id } })).feedbackRequestedAt,
    ).toBeNull();
    await sendQueuedMail();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.raw).toMatch(/^Subject: How was your viewing of 4 Orchard Close/m);
    expect(textOf(inbox[0]!)).toContain(`/viewings/${past.id}/feedback?token=${feedbackToken(past)}`);
  });
});

describe("the seller's tab and the API", () => {
  test("owner and admin see the viewings (contact details for the admin only); other vendors 404; buyers 403", async () => {
    const { seller, home } = await sellerHome();
    await viewingOf(home.id);
    const admin = await user("admin", "ada@example.com");
    const other = await user("vendor", "other@example.com");
    const buyer = await user("buyer", "bea@example.com");
    const list = (cookie: string | null) =>
      listApi({
        request: jsonRequest(`/api/v1/vendor/bookings/${home.id}/viewings`, "GET", cookie),
        params: { id: String(home.id) },
      } as never) as Promise<Response>;
    const asSeller = await list(seller.cookie);
    expect(asSeller.status).toBe(200);
    const { viewings } = (await asSeller.json()) as { viewings: Record<string, unknown>[] };
    expect(viewings).toHaveLength(1);
    expect(viewings[0]).not.toHaveProperty("email");
    const asAdmin = (await (await list(admin.cookie)).json()) as { viewings: Record<string, unknown>[] };
    expect(asAdmin.viewings[0]).toMatchObject({ email: "priya@example.com", phone: "07700 900555" });
    expect((await list(other.cookie)).status).toBe(404);
    expect((await list(buyer.cookie)).status).toBe(403);
    expect((await list(null)).status).toBe(401);

    const page = (await tabLoader({
      request: new Request(`http://localhost/view-a-property/${home.id}/viewings`, {
        headers: { Cookie: seller.cookie },
      }),
      params: { projectId: String(home.id) },
    } as never)) as { upcoming: unknown[]; past: unknown[]; admin: boolean };
    expect(page).toMatchObject({ admin: false, past: [] });
    expect(page.upcoming).toHaveLength(1);
    const refused = await tabLoader({
      request: new Request(`http://localhost/view-a-property/${home.id}/viewings`, {
        headers: { Cookie: other.cookie },
      }),
      params: { projectId: String(home.id) },
    } as never).catch((e: unknown) => e);
    expect((refused as { init: { status: number } }).init.status).toBe(404);
  });

  test("PUT decides; a bad proposal is a 400 on its field; a refused move a 409", async () => {
    const { seller, home } = await sellerHome();
    const viewing = await viewingOf(home.id);
    const put = (body: unknown) =>
      decideApi({
        request: jsonRequest(`/api/v1/vendor/bookings/${home.id}/viewings/${viewing.id}`, "PUT", seller.cookie, body),
        params: { id: String(home.id), viewingId: String(viewing.id) },
        context,
      } as never) as Promise<Response>;
    const badDate = await put({ action: "propose", date: londonToday(), time: "10:00" });
    expect(badDate.status).toBe(400);
    expect(await badDate.json()).toMatchObject({ errors: { date: ["Choose tomorrow or a later date."] } });
    const badTime = await put({ action: "propose", date: tomorrow(), time: "18:00" });
    expect(await badTime.json()).toMatchObject({
      errors: { time: ["Choose a half-hour slot between 9:00 AM and 5:30 PM."] },
    });
    expect((await put({ action: "maybe" })).status).toBe(400);
    const ok = await put({ action: "confirm" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: viewing.id, status: "confirmed" });
    const again = await put({ action: "confirm" });
    expect(again.status).toBe(409);
  });

  test("the tab's forms: a proposal without a date shows the error by the field; success redirects with a toast", async () => {
    const { seller, home } = await sellerHome();
    const viewing = await viewingOf(home.id);
    const post = (fields: Record<string, string>) =>
      tabAction({
        request: formRequest(`/view-a-property/${home.id}/viewings`, seller.cookie, fields),
        params: { projectId: String(home.id) },
        context,
      } as never);
    const failed = (await post({ id: String(viewing.id), action: "propose", date: "", time: "10:00" })) as {
      data: { failure: { id: number; errors: Record<string, string[]> } };
      init: { status: number };
    };
    expect(failed.init.status).toBe(400);
    expect(failed.data.failure).toMatchObject({ id: viewing.id, errors: { date: ["Choose a date to propose."] } });
    const done = (await post({
      id: String(viewing.id),
      action: "propose",
      date: tomorrow(),
      time: "16:00",
    })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/view-a-property/${home.id}/viewings`);
    expect((await prisma.viewingRequest.findUniqueOrThrow({ where: { id: viewing.id } })).status).toBe("proposed");
  });
});

describe("the admin calendar", () => {
  test("a week's viewings still on and valuation visits, by London day", async () => {
    const week = weekOf("2027-03-24"); // a Wednesday
    expect(week.monday).toBe("2027-03-22");
    expect(week.days.at(-1)).toBe("2027-03-28");
    // Dates at the ends of what a Date can hold (the fuzzer's finds) are this week, not a 500.
    const thisWeek = weekOf(null).monday;
    for (const far of ["0000-01-01", "9999-12-31", "1899-12-31", "3000-01-01"])
      expect(weekOf(far).monday).toBe(thisWeek);
    const { home } = await sellerHome();
    await viewingOf(home.id, { date: "2027-03-23", time: "14:00" });
    const declined = await viewingOf(home.id, { date: "2027-03-23", time: "15:00" });
    await prisma.viewingRequest.update({ where: { id: declined.id }, data: { status: "declined" } });
    await viewingOf(home.id, { date: "2027-03-29", time: "09:00" }); // next week
    await createListing({
      address: "Valuation House",
      vendorName: "Val Uer",
      bookingDate: new Date("2027-03-29T00:00:00Z"),
    }); // next week
    await createListing({
      address: "Sunday House",
      vendorName: "Sun Day",
      bookingDate: new Date("2027-03-28T00:00:00Z"),
    });
    const days = await weekCalendar(week.days);
    const tuesday = days.find((d) => d.day === "2027-03-23")!;
    expect(tuesday.entries.map((e) => [e.kind, e.time, e.name])).toEqual([["viewing", "14:00", "Priya Shah"]]);
    expect(days.find((d) => d.day === "2027-03-28")!.entries).toEqual([
      expect.objectContaining({ kind: "valuation", address: "Sunday House", name: "Sun Day" }),
    ]);
    expect(days.flatMap((d) => d.entries).map((e) => e.address)).not.toContain("Valuation House");
  });
});

describe("privacy", () => {
  test("a signed-in requester's viewings and own feedback are in their data export and go with the account", async () => {
    const { home } = await sellerHome();
    const buyer = await prisma.user.create({
      data: {
        email: "una@example.com",
        fullName: "Una Unverified",
        passwordHash: await hashPassword("a long password"),
        role: "buyer",
      },
    });
    // Asked while signed in, from another address than the account's (which is not even confirmed).
    const viewing = await prisma.viewingRequest.create({
      data: {
        projectId: home.id,
        userId: buyer.id,
        firstName: "Una",
        lastName: "Viewer",
        email: "una.other@example.com",
        phoneNumber: "07700 900222",
        preferredDate: new Date(`${addDays(londonToday(), -1)}T00:00:00Z`),
        preferredTime: "10:00",
        status: "confirmed",
      },
    });
    await recordBuyerFeedback(
      viewing.id,
      feedbackToken(viewing),
      { attended: true, interest: "unsure", comment: "My partner hated the stairs." },
      { ipAddress: "203.0.113.1" },
    );
    const exported = await exportAccountData(buyer.id);
    expect(JSON.stringify(exported)).toContain("My partner hated the stairs.");
    await closeAccount(buyer.id, "a long password", { ipAddress: "203.0.113.1" });
    const after = await prisma.viewingRequest.findUniqueOrThrow({
      where: { id: viewing.id },
      include: { feedback: true },
    });
    expect(after).toMatchObject({ email: "", phoneNumber: "", lastName: "" });
    expect(after.feedback).toEqual([expect.objectContaining({ source: "buyer", comment: "" })]);
  });
});
