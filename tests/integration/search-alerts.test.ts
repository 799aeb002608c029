// Search alerts end to end on the real database: listing a home and cutting another's price queue one
// instant run; the run emails each matching saved search of a confirmed, open account once, with at most 14
// homes and one-click unsubscribe headers; a second run repeats nothing, a further price cut sends again;
// the emailed link unsubscribes without a session (also as a mail client's RFC 8058 POST).
import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { CURSOR_OVERLAP_MS, runAlerts, unsubscribeToken } from "../../app/modules/alerts/alerts.server";
import { startQueue } from "../../app/modules/jobs/queue.server";
import { runDueJobs } from "../../app/modules/jobs/workers.server";
import { recordPriceChange } from "../../app/modules/listings/price-history.server";
import { closeAccount } from "../../app/modules/privacy/account.server";
import { changeProjectStatus } from "../../app/modules/projects/admin-projects.server";
import { saveSearch } from "../../app/modules/saved-searches/saved-searches.server";
import { encodeArea } from "../../app/modules/search/area";
import { SearchSchema } from "../../app/modules/search/filters";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "../../app/routes/alerts.unsubscribe";
import { setupTestDatabase } from "../support/database";
import { dataResult } from "../support/requests";
import { type Received, sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();

let people = 0;
async function person({ verified = true, role = "vendor" as "vendor" | "admin" } = {}) {
  people += 1;
  return prisma.user.create({
    data: {
      email: `person${people}@example.com`,
      fullName: `Person ${people}`,
      passwordHash: "not used",
      role,
      emailVerifiedAt: verified ? new Date() : null,
    },
  });
}

let homes = 0;
/** A home in Leicester LE1 (or elsewhere), pending unless `listedAt` is given. */
async function home({
  price = 250_000,
  listedAt,
  status = listedAt ? "completed" : "pending",
  latitude = 52.6339,
  longitude = -1.1328,
  outcode = "LE1",
}: {
  price?: number;
  listedAt?: Date;
  status?: "pending" | "completed" | "sold";
  latitude?: number;
  longitude?: number;
  outcode?: string;
} = {}) {
  homes += 1;
  return prisma.project.create({
    data: {
      address: `${homes} Granby Street, Leicester`,
      postcode: `${outcode} 6EJ`,
      outcode,
      latitude,
      longitude,
      price,
      propertyType: "Terraced",
      bedrooms: 3,
      vendorName: "Ann Seller",
      vendorEmail: "ann@example.com",
      status,
      listedAt: listedAt ?? null,
    },
  });
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** A saved search made an hour ago (so what happens now is news to it). */
async function savedSearch(userId: number, query: Record<string, string>, frequency: "instant" | "daily" = "instant") {
  const { search } = await saveSearch(userId, {
    name: "Near the centre",
    filters: SearchSchema.parse(query),
    frequency,
  });
  await prisma.savedSearch.update({
    where: { id: search.id },
    data: { createdAt: minutesAgo(60), checkedAt: minutesAgo(60) },
  });
  return search;
}

async function cutPrice(projectId: number, to: number) {
  await prisma.$transaction(async (tx) => {
    const { price } = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
    await tx.project.update({ where: { id: projectId }, data: { price: to } });
    await recordPriceChange(tx, { projectId, from: price, to, at: new Date() });
  });
}

const waitingInstantRuns = async () => {
  const [row] = await prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'instant-alerts' AND state = 'created'`;
  return row!.n;
};

/** A header's value, unfolded, with encoded words (RFC 2047, as nodemailer writes them) decoded. */
const header = (message: Received, name: string) =>
  new RegExp(`^${name}: (.*)$`, "mi")
    .exec(message.raw.replace(/\r?\n[ \t]+/g, " "))?.[1]
    ?.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/g, (_, words: string) =>
      words.replace(/_/g, " ").replace(/=([0-9A-F]{2})/g, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );

describe("instant alerts", () => {
  test("a listing and a price cut queue one run; it emails the matching searches of confirmed accounts, once", async () => {
    const admin = await person({ role: "admin" });
    const buyer = await person();
    const unconfirmed = await person({ verified: false });
    const elsewhere = await person();
    const mine = await savedSearch(buyer.id, { postcode: "LE1", radius: "5" });
    await savedSearch(unconfirmed.id, { postcode: "LE1", radius: "5" });
    await savedSearch(elsewhere.id, { postcode: "M1", radius: "5" });
    const toList = await home({ price: 240_000 });
    const toCut = await home({ price: 300_000, listedAt: minutesAgo(120) });
    const before = await home({ price: 200_000, listedAt: minutesAgo(90) }); // listed before the search was made
    const sold = await home({ price: 210_000, listedAt: minutesAgo(1), status: "sold" });

    await changeProjectStatus({ actor: { id: admin.id, ipAddress: "203.0.113.1" }, id: toList.id, to: "completed" });
    await cutPrice(toCut.id, 280_000);
    // A rise is no news: it asks for no run (and the run does not send it).
    await cutPrice(before.id, 205_000);
    expect(await waitingInstantRuns()).toBe(1);

    expect(await runDueJobs("instant-alerts")).toEqual({ completed: 1, failed: 0 });
    await sendQueuedMail();
    expect(inbox.map((m) => m.to)).toEqual([[buyer.email]]);
    const message = inbox[0]!;
    const text = textOf(message);
    expect(text).toContain(toList.address);
    expect(text).toContain(toCut.address);
    expect(text).toContain("Reduced from £300,000");
    expect(text).not.toContain(before.address);
    expect(text).not.toContain(sold.address);
    expect(text).toContain("/saved-searches");
    expect(text).toContain("/property-search?postcode=LE1&radius=5");
    expect(header(message, "Subject")).toBe('2 new or reduced homes for "Near the centre"');
    const link = `http://localhost:3000/alerts/unsubscribe?token=${unsubscribeToken(mine.id)}`;
    expect(header(message, "List-Unsubscribe")).toBe(`<${link}>`);
    expect(header(message, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(
      await prisma.savedSearchAlert.findMany({ where: { savedSearchId: mine.id }, orderBy: { projectId: "asc" } }),
    ).toMatchObject([
      { projectId: toList.id, price: 240_000 },
      { projectId: toCut.id, price: 280_000 },
    ]);

    // Run again (a retry, the next change's run, or the overlap of the cursor): nothing is repeated.
    inbox.length = 0;
    expect(await runAlerts("instant")).toMatchObject({ emailed: 0 });
    await sendQueuedMail();
    expect(inbox).toEqual([]);

    // The price falls again: that home (only) is news again.
    await cutPrice(toCut.id, 270_000);
    expect(await runDueJobs("instant-alerts")).toEqual({ completed: 1, failed: 0 });
    await sendQueuedMail();
    expect(inbox).toHaveLength(1);
    const again = textOf(inbox[0]!);
    expect(again).toContain(toCut.address);
    expect(again).toContain("Reduced from £280,000");
    expect(again).not.toContain(toList.address);
  });

  test("a search with a drawn area alerts about the homes inside the shape only", async () => {
    const admin = await person({ role: "admin" });
    const buyer = await person();
    // A small square around central Leicester: the first home is inside, the second half a mile east of it.
    const square = encodeArea([
      { latitude: 52.63, longitude: -1.14 },
      { latitude: 52.63, longitude: -1.125 },
      { latitude: 52.64, longitude: -1.125 },
      { latitude: 52.64, longitude: -1.14 },
    ]);
    await savedSearch(buyer.id, { postcode: "LE1", radius: "40", area: square });
    const inside = await home({ latitude: 52.6339, longitude: -1.1328 });
    const outside = await home({ latitude: 52.6339, longitude: -1.115 });
    for (const { id } of [inside, outside])
      await changeProjectStatus({ actor: { id: admin.id, ipAddress: "203.0.113.1" }, id, to: "completed" });

    expect(await runDueJobs("instant-alerts")).toEqual({ completed: 1, failed: 0 });
    await sendQueuedMail();
    // Other tests' searches (around LE1) may be emailed too: this buyer's one email is the one to read.
    const mine = inbox.filter((message) => message.to.includes(buyer.email));
    expect(mine).toHaveLength(1);
    const text = textOf(mine[0]!);
    expect(text).toContain(inside.address);
    expect(text).not.toContain(outside.address);
    expect(text).toContain("in your drawn area");
  });

  test("at most 14 homes an email, newest first, with how many more and a link to all of them", async () => {
    const buyer = await person();
    await savedSearch(buyer.id, { postcode: "LE1", radius: "5" }, "daily");
    const listed = [];
    for (let i = 0; i < 16; i++) listed.push(await home({ listedAt: minutesAgo(30 - i) }));
    // What the 07:00 schedule adds, run by the same handler as the workers.
    await (await startQueue({ work: false })).send("daily-alerts", {});
    expect(await runDueJobs("daily-alerts")).toEqual({ completed: 1, failed: 0 });
    await sendQueuedMail();
    const text = textOf(inbox[0]!);
    const sent = [...text.matchAll(/^- (.+)$/gm)].map((m) => m[1]);
    expect(sent).toEqual(
      listed
        .slice(2)
        .reverse()
        .map((h) => h.address),
    );
    expect(text).toContain("And 2 more homes. See every result:");
    // The two left out were matched but not sent: a later run does not count them as sent.
    expect(await prisma.savedSearchAlert.count()).toBe(14);
  });

  test("the cursor overlaps the last check, so a home committed just after a check still goes, once", async () => {
    const buyer = await person();
    const search = await savedSearch(buyer.id, { postcode: "LE1", radius: "5" });
    const late = await home({ listedAt: minutesAgo(2) });
    // A check ran a minute ago, before that listing's transaction had committed.
    await prisma.savedSearch.update({ where: { id: search.id }, data: { checkedAt: minutesAgo(1) } });
    expect(CURSOR_OVERLAP_MS).toBeGreaterThan(2 * 60_000);
    expect(await runAlerts("instant")).toMatchObject({ emailed: 1 });
    await sendQueuedMail();
    expect(textOf(inbox[0]!)).toContain(late.address);
    expect(await runAlerts("instant")).toMatchObject({ emailed: 0 });
  });

  test("searches set to another frequency, or to never, and closed accounts get nothing from this run", async () => {
    const daily = await person();
    const never = await person();
    const closing = await person();
    await savedSearch(daily.id, { postcode: "LE1" }, "daily");
    const muted = await savedSearch(never.id, { postcode: "LE1" });
    await prisma.savedSearch.update({ where: { id: muted.id }, data: { frequency: "never" } });
    await savedSearch(closing.id, { postcode: "LE1" });
    await prisma.user.update({ where: { id: closing.id }, data: { passwordHash: "x" } });
    await closeAccountDirectly(closing.id);
    await home({ listedAt: minutesAgo(1) });
    expect(await runAlerts("instant")).toEqual({ searches: 0, emailed: 0 });
  });
});

/** Closing runs the account service (its password check needs a real hash, so this stands in for the form). */
async function closeAccountDirectly(userId: number) {
  const { hashPassword } = await import("../../app/modules/auth/password.server");
  await prisma.user.update({
    where: { id: userId },
    data: { passwordHash: await hashPassword("correct horse battery") },
  });
  await closeAccount(userId, "correct horse battery", { ipAddress: "203.0.113.9" });
  expect(await prisma.savedSearch.count({ where: { userId } })).toBe(0);
}

describe("unsubscribe", () => {
  const page = (token: string, init: RequestInit = {}) =>
    new Request(`http://localhost/alerts/unsubscribe?token=${encodeURIComponent(token)}`, init);
  const args = (request: Request) => ({ request, params: {}, context: { clientIp: "203.0.113.5" } }) as never;

  test("the emailed link asks first, then stops the emails without a session; a mail client's one-click POST does too", async () => {
    const buyer = await person();
    const search = await savedSearch(buyer.id, { postcode: "LE1" });
    const token = unsubscribeToken(search.id);
    expect(await unsubscribeLoader(args(page(token)))).toMatchObject({ state: "ask", name: "Near the centre" });
    expect((await prisma.savedSearch.findUniqueOrThrow({ where: { id: search.id } })).frequency).toBe("instant");

    const oneClick = page(token, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await unsubscribeAction(args(oneClick))).toEqual({ state: "done", name: "Near the centre" });
    expect((await prisma.savedSearch.findUniqueOrThrow({ where: { id: search.id } })).frequency).toBe("never");
    expect(await unsubscribeLoader(args(page(token)))).toMatchObject({ state: "done" });

    // The search was deleted since: the link still answers, and says so.
    await prisma.savedSearch.delete({ where: { id: search.id } });
    expect(await unsubscribeAction(args(page(token, { method: "POST" })))).toEqual({ state: "gone" });
  });

  test("a forged or broken token is a 400 page, never a 500, and changes nothing", async () => {
    const buyer = await person();
    const search = await savedSearch(buyer.id, { postcode: "LE1" });
    const forged = `${search.id}-${"A".repeat(32)}`;
    for (const token of [
      forged,
      "",
      "1",
      `${search.id + 1}-${unsubscribeToken(search.id).split("-").slice(1).join("-")}`,
      "x".repeat(500),
    ]) {
      expect(dataResult(await unsubscribeLoader(args(page(token)))).status).toBe(400);
      expect(dataResult(await unsubscribeAction(args(page(token, { method: "POST" })))).status).toBe(400);
    }
    expect((await prisma.savedSearch.findUniqueOrThrow({ where: { id: search.id } })).frequency).toBe("instant");
  });

  test("the link expires: it works for 90 days after the alert, then says so (410) and changes nothing", async () => {
    const buyer = await person();
    const search = await savedSearch(buyer.id, { postcode: "LE1" });
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    expect(await unsubscribeLoader(args(page(unsubscribeToken(search.id, daysAgo(89)))))).toMatchObject({
      state: "ask",
    });
    const expired = unsubscribeToken(search.id, daysAgo(91));
    for (const answer of [
      await unsubscribeLoader(args(page(expired))),
      await unsubscribeAction(args(page(expired, { method: "POST" }))),
    ]) {
      expect(dataResult(answer).status).toBe(410);
      expect(JSON.stringify(dataResult(answer).data)).toContain("expired");
    }
    expect((await prisma.savedSearch.findUniqueOrThrow({ where: { id: search.id } })).frequency).toBe("instant");
  });
});
