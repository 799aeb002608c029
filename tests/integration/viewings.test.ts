import { afterEach, describe, expect, test } from "vitest";

import { addDays, londonToday } from "../../app/lib/dates";
import { prisma } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { registerAccount } from "../../app/modules/auth/accounts.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import { decideViewingRequest, listViewingRequests } from "../../app/modules/viewings/viewings.server";
import { action as adminAction } from "../../app/routes/admin.viewings";
import { action as apiAction } from "../../app/routes/api.v1.viewings.request";
import { action as formAction } from "../../app/routes/view-properties.$projectId.request-viewing";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();
afterEach(resetLimiters);

const tomorrow = () => addDays(londonToday(), 1);
const buyer = { firstName: "Priya", lastName: "Shah", email: "priya@example.com", phoneNumber: "07700 900555" };

function postJson(body: unknown, ip = "203.0.113.1") {
  const request = new Request("http://localhost/api/v1/viewings/request", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return apiAction({ request, params: {}, context: { clientIp: ip } } as never);
}

function postForm(listingId: number, fields: Record<string, string>, headers: Record<string, string> = {}, query = "") {
  const request = new Request(`http://localhost/view-properties/${listingId}/request-viewing${query}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers,
  });
  return formAction({
    request,
    params: { projectId: String(listingId) },
    context: { clientIp: "203.0.113.1" },
  } as never);
}

/** The body of a route action's data() result. */
const dataOf = (result: unknown) =>
  (
    result as {
      data: {
        result?: {
          status?: string;
          error?: Record<string, string[] | null>;
          initialValue?: Record<string, unknown> | null;
        };
        ok?: boolean;
      };
    }
  ).data;

describe("POST /api/v1/viewings/request", () => {
  test("shape (a): propertyId with a 24-hour time; stored, and both emails sent", async () => {
    const listing = await createListing({ address: "27 Howard Road, Leicester LE2 1YH" });
    const response = await postJson({
      propertyId: listing.id,
      ...buyer,
      preferredDate: tomorrow(),
      preferredTime: "14:30",
      message: "After work if possible.",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      message: "Viewing request submitted successfully!",
      viewingRequest: {
        id: expect.any(Number),
        propertyId: listing.id,
        preferredDate: tomorrow(),
        preferredTime: "14:30",
        status: "pending",
      },
    });
    const stored = await prisma.viewingRequest.findFirstOrThrow();
    expect(stored).toMatchObject({
      projectId: listing.id,
      ...buyer,
      preferredTime: "14:30",
      message: "After work if possible.",
      status: "pending",
      handledAt: null,
    });
    expect(stored.preferredDate.toISOString().slice(0, 10)).toBe(tomorrow());

    await sendQueuedMail();
    expect(inbox.map((m) => m.to)).toEqual(
      expect.arrayContaining([["priya@example.com"], ["office@movewise.example"]]),
    );
    const toBuyer = inbox.find((m) => m.to[0] === "priya@example.com")!;
    expect(toBuyer.raw).toMatch(/^Subject: Your viewing request: 27 Howard Road, Leicester LE2 1YH/m);
    expect(textOf(toBuyer)).toContain("at 2:30 PM");
    const toAgency = inbox.find((m) => m.to[0] === "office@movewise.example")!;
    expect(toAgency.raw).toMatch(/^Reply-To: priya@example.com/m);
    expect(textOf(toAgency)).toContain("Phone: 07700 900555");
    expect(textOf(toAgency)).toContain("After work if possible.");
  });

  test("shape (b): bookingId with an 'HH:MM AM|PM' time is stored as 24-hour", async () => {
    const listing = await createListing();
    const response = await postJson({
      bookingId: String(listing.id),
      ...buyer,
      preferredDate: tomorrow(),
      preferredTime: "02:30 PM",
    });
    expect(response.status).toBe(201);
    expect(await prisma.viewingRequest.findFirstOrThrow()).toMatchObject({
      projectId: listing.id,
      preferredTime: "14:30",
      message: null,
    });
  });

  test("the time defaults to 10:00", async () => {
    const listing = await createListing();
    expect((await postJson({ propertyId: listing.id, ...buyer, preferredDate: tomorrow() })).status).toBe(201);
    expect((await prisma.viewingRequest.findFirstOrThrow()).preferredTime).toBe("10:00");
  });

  test.each([
    ["today", { preferredDate: londonToday() }, "preferredDate", "Choose tomorrow or a later date."],
    ["a day in 2020", { preferredDate: "2020-01-01" }, "preferredDate", "Choose tomorrow or a later date."],
    [
      "a date that does not exist",
      { preferredDate: "2031-02-30" },
      "preferredDate",
      "Enter the date as YYYY-MM-DD, e.g. 2026-03-14.",
    ],
    ["18:00", { preferredTime: "18:00" }, "preferredTime", "Choose a half-hour slot between 9:00 AM and 5:30 PM."],
    [
      "06:00 PM",
      { preferredTime: "06:00 PM" },
      "preferredTime",
      "Choose a half-hour slot between 9:00 AM and 5:30 PM.",
    ],
    ["08:30", { preferredTime: "08:30" }, "preferredTime", "Choose a half-hour slot between 9:00 AM and 5:30 PM."],
    ["10:15", { preferredTime: "10:15" }, "preferredTime", "Choose a half-hour slot between 9:00 AM and 5:30 PM."],
    ["teatime", { preferredTime: "teatime" }, "preferredTime", "Enter a time like 10:30."],
  ])("refuses %s with a field error", async (_, change, field, message) => {
    const listing = await createListing();
    const response = await postJson({
      propertyId: listing.id,
      ...buyer,
      preferredDate: tomorrow(),
      preferredTime: "10:00",
      ...change,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ [field]: [message] });
    expect(await prisma.viewingRequest.count()).toBe(0);
    await sendQueuedMail();
    expect(inbox).toHaveLength(0);
  });

  test("every missing field is named at once, including which property", async () => {
    const response = await postJson({ preferredTime: "10:00" });
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).errors).sort()).toEqual([
      "email",
      "firstName",
      "lastName",
      "phoneNumber",
      "preferredDate",
      "propertyId",
    ]);
  });

  test("an unknown or pending property is 404, a sold one 409, two different ids 400", async () => {
    const pending = await createListing({ status: "pending" });
    const sold = await createListing({ status: "sold" });
    const listed = await createListing();
    const base = { ...buyer, preferredDate: tomorrow() };
    expect((await postJson({ propertyId: 999_999, ...base })).status).toBe(404);
    expect((await postJson({ propertyId: pending.id, ...base })).status).toBe(404);
    const soldResponse = await postJson({ propertyId: sold.id, ...base });
    expect(soldResponse.status).toBe(409);
    expect((await soldResponse.json()).message).toMatch(/sold/);
    const both = await postJson({ propertyId: listed.id, bookingId: sold.id, ...base });
    expect(both.status).toBe(400);
    expect((await both.json()).errors).toHaveProperty("bookingId");
  });

  test("limits requests per network", async () => {
    const listing = await createListing();
    const body = { propertyId: listing.id, ...buyer, preferredDate: tomorrow() };
    for (let i = 0; i < 10; i++) expect((await postJson(body)).status).toBe(201);
    const limited = await postJson(body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await postJson(body, "198.51.100.9")).status).toBe(201);
  });
});

describe("the Request a Free Visit form", () => {
  const fields = () => ({ ...buyer, preferredDate: tomorrow(), preferredTime: "14:30", message: "" });

  test("without JavaScript: a valid request redirects to the property with the success toast", async () => {
    const listing = await createListing();
    const response = (await postForm(listing.id, fields())) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/view-properties/${listing.id}`);
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect(await prisma.viewingRequest.findFirstOrThrow()).toMatchObject({ preferredTime: "14:30", message: null });
  });

  test("from the dialog: the page stays, the form resets and the toast is set", async () => {
    const listing = await createListing();
    const result = await postForm(listing.id, { ...fields(), source: "dialog" });
    expect(dataOf(result)).toMatchObject({ ok: true, result: { initialValue: null } });
    expect((result as { init: { headers: Headers } }).init.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect(await prisma.viewingRequest.count()).toBe(1);
  });

  test("a viewing today, or at a time that is not one of the slots, is refused with field messages, keeping what was typed", async () => {
    const listing = await createListing();
    for (const preferredTime of ["18:00", "2:15 PM", "10:00 AM", "1:00 AM"]) {
      const result = await postForm(listing.id, { ...fields(), preferredDate: londonToday(), preferredTime });
      const reply = dataOf(result).result!;
      expect((result as { init: { status: number } }).init.status).toBe(400);
      expect(reply.error).toMatchObject({
        preferredDate: ["Choose tomorrow or a later date."],
        preferredTime: ["Choose a half-hour slot between 9:00 AM and 5:30 PM."],
      });
      expect(reply.initialValue).toMatchObject({ firstName: "Priya", preferredTime });
    }
    expect(await prisma.viewingRequest.count()).toBe(0);
  });

  test("from search results: a sent request returns to them; a bad or foreign way back is ignored", async () => {
    const listing = await createListing();
    const results = "/property-search?postcode=LE1&radius=10&sort=price-desc";
    const sent = (await postForm(listing.id, fields(), {}, `?back=${encodeURIComponent(results)}`)) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(results);
    for (const back of [
      "https://elsewhere.example/property-search?x=1",
      "/property-search?postcode=LE1\u0000",
      "/property-search?postcode=Lé1",
    ]) {
      const response = (await postForm(listing.id, fields(), {}, `?back=${encodeURIComponent(back)}`)) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/view-properties/${listing.id}`);
    }
  });

  test("a filled-in honeypot is refused, as on every public form, keeping what was typed; nothing is stored or sent", async () => {
    const listing = await createListing();
    const result = await postForm(listing.id, { ...fields(), website: "https://spam.example" });
    expect((result as { init: ResponseInit }).init.status).toBe(400);
    expect(dataOf(result).result!.error).toEqual({ "": ["Your request looked automated and was not sent."] });
    expect(dataOf(result).result!.initialValue).toMatchObject({ firstName: fields().firstName });
    expect(await prisma.viewingRequest.count()).toBe(0);
    await sendQueuedMail();
    expect(inbox).toHaveLength(0);
  });

  test("a sold home shows the server's message", async () => {
    const sold = await createListing({ status: "sold" });
    const result = await postForm(sold.id, fields());
    expect(dataOf(result).result!.error).toMatchObject({
      "": ["This property has been sold, so it is no longer open for viewings."],
    });
  });
});

describe("the admin inbox", () => {
  async function viewing(listingId: number, preferredDate: string, preferredTime: string, email = "priya@example.com") {
    const response = await postJson({ propertyId: listingId, ...buyer, email, preferredDate, preferredTime });
    return ((await response.json()) as { viewingRequest: { id: number } }).viewingRequest.id;
  }

  test("lists by preferred date and time, filtered by property and status", async () => {
    const a = await createListing({ address: "A Street" });
    const b = await createListing({ address: "B Street" });
    const late = await viewing(a.id, addDays(tomorrow(), 2), "09:00");
    const early = await viewing(b.id, tomorrow(), "15:00");
    const earlier = await viewing(a.id, tomorrow(), "09:30");
    expect((await listViewingRequests({ page: 1 })).requests.map((r) => r.id)).toEqual([earlier, early, late]);
    expect((await listViewingRequests({ page: 1, projectId: a.id })).requests.map((r) => r.id)).toEqual([
      earlier,
      late,
    ]);
    await decideViewingRequest(early, "declined", { userId: (await admin()).id, ipAddress: "203.0.113.1" });
    expect((await listViewingRequests({ page: 1, status: "pending" })).requests.map((r) => r.id)).toEqual([
      earlier,
      late,
    ]);
  });

  test("confirming emails the requester, is recorded, and cannot happen twice", async () => {
    const listing = await createListing({ address: "9 Foxglove Way, Loughborough LE11 3NF" });
    const id = await viewing(listing.id, tomorrow(), "11:00", "sam@example.com");
    await sendQueuedMail();
    inbox.length = 0;
    const { cookie } = await adminSession();
    const result = (await adminAction(adminRequest(cookie, { id: String(id), decision: "confirmed" }))) as Response;
    expect(result.status).toBe(302);
    expect(await prisma.viewingRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "confirmed",
      handledAt: expect.any(Date),
    });
    expect(
      await prisma.auditEvent.findFirst({ where: { action: "viewing.confirm", entityId: String(id) } }),
    ).not.toBeNull();
    await sendQueuedMail();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toEqual(["sam@example.com"]);
    expect(inbox[0]!.raw).toMatch(/^Subject: Viewing confirmed: 9 Foxglove Way/m);
    expect(textOf(inbox[0]!)).toContain("at 11:00 AM");

    const again = await adminAction(adminRequest(cookie, { id: String(id), decision: "declined" }));
    expect((again as { init: { status: number } }).init.status).toBe(409);
  });

  test("declining emails the requester; vendors may not decide", async () => {
    const listing = await createListing();
    const id = await viewing(listing.id, tomorrow(), "12:00", "alex@example.com");
    await sendQueuedMail();
    inbox.length = 0;
    const { cookie } = await adminSession();
    await adminAction(adminRequest(cookie, { id: String(id), decision: "declined" }));
    await sendQueuedMail();
    expect(inbox[0]!.raw).toMatch(/^Subject: Viewing not available:/m);

    const vendor = await registerAccount(
      { fullName: "Val", email: "val@example.com", phoneNumber: "07700 900123", password: "a long password" },
      { ipAddress: "203.0.113.2" },
    );
    const vendorCookie = await createUserSession(vendor.id, { persistent: false });
    const refused = await adminAction(adminRequest(vendorCookie, { id: String(id), decision: "confirmed" })).catch(
      (e: unknown) => e,
    );
    expect((refused as { init: { status: number } }).init.status).toBe(403);
  });
});

async function admin() {
  const existing = await prisma.user.findFirst({ where: { role: "admin" } });
  return (
    existing ??
    prisma.user.create({
      data: { email: "admin@example.com", fullName: "Ada Admin", passwordHash: "x", role: "admin" },
    })
  );
}

async function adminSession() {
  const user = await admin();
  return { user, cookie: await createUserSession(user.id, { persistent: false }) };
}

function adminRequest(cookie: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/admin/viewings", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie.split(";")[0]! },
  });
  return { request, params: {}, context: { clientIp: "203.0.113.1" } } as never;
}
