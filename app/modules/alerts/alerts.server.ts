// Search alerts: each saved search that emails (instantly, daily or weekly) gets the homes listed or
// reduced since it was last checked that match it, at most 14 to an email, never the same home twice
// unless its price fell again. A run is a job (instant: soon after a change; daily and weekly: on a
// schedule), and each search is checked in its own transaction, which records what was sent, queues the
// email and moves the search's cursor together: a run that fails part way, or runs twice, sends nothing twice.
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { formatPrice } from "../../lib/format";
import { logger } from "../../lib/logger.server";
import { ServiceError } from "../../lib/service-error";
import { checkExpiringToken, expiringToken } from "../../lib/signing.server";
import { listingPath } from "../listings/summary";
import { type Mail, queueMail } from "../mail/mail.server";
import { describeSearch } from "../saved-searches/saved-searches.server";
import { filtersOfQuery } from "../saved-searches/schemas";
import { listingMatchCondition } from "../search/search.server";
import { type AlertCandidate, selectAlertHomes } from "./selection";

export type AlertRun = "instant" | "daily" | "weekly";

/** Digests go at 07:00 London time: daily, and on Mondays for weekly ones. */
export const ALERT_SCHEDULES = {
  daily: { cron: "0 7 * * *", tz: "Europe/London" },
  weekly: { cron: "0 7 * * 1", tz: "Europe/London" },
} as const;

/**
 * Each check also looks this far back before the search's cursor. A home listed by a transaction that
 * committed just after a check began was not visible to it, though its time is before the new cursor;
 * the overlap lets the next check see it. Homes seen twice are not sent twice (see selection.ts).
 */
export const CURSOR_OVERLAP_MS = 5 * 60_000;

/** Checks every saved search of this frequency whose owner has a confirmed address; returns how many emailed. */
export async function runAlerts(frequency: AlertRun, now = new Date()) {
  const searches = await prisma.savedSearch.findMany({
    where: { frequency, user: { emailVerifiedAt: { not: null }, closedAt: null } },
    select: { id: true, checkedAt: true, createdAt: true },
    orderBy: { id: "asc" },
  });
  let emailed = 0;
  if (searches.length > 0) {
    const oldest = searches.reduce((from, search) => Math.min(from, checkFrom(search).getTime()), Infinity);
    const news = await newsSince(new Date(oldest));
    for (const { id } of searches) if (await checkSearch(id, frequency, now, news)) emailed++;
  }
  logger.info({ frequency, searches: searches.length, emailed }, "search alerts checked");
  return { searches: searches.length, emailed };
}

/** Where a search's check starts: its cursor, less the overlap, but never before the search was saved. */
const checkFrom = (search: { checkedAt: Date; createdAt: Date }) =>
  new Date(Math.max(search.createdAt.getTime(), search.checkedAt.getTime() - CURSOR_OVERLAP_MS));

/** A home for sale that was listed, or had its price cut, since a time: when each happened last. */
type News = { id: number; listedAt: Date | null; cutAt: Date | null };

/**
 * The run's news, read once (through the `(status, listedAt)` and `PriceChange(changedAt)` indexes): each
 * search then looks only at these homes, by id, whatever the size of its area.
 */
async function newsSince(since: Date): Promise<News[]> {
  const rows = await prisma.$queryRaw<News[]>`
    SELECT n."id", n."listedAt", NULL::timestamp AS "cutAt"
    FROM "Project" n WHERE n."status" = 'completed' AND n."listedAt" > ${since}
    UNION ALL
    SELECT c."projectId", NULL, max(c."changedAt")
    FROM "PriceChange" c WHERE c."changedAt" > ${since} AND c."toPrice" < c."fromPrice"
    GROUP BY c."projectId"`;
  const byId = new Map<number, News>();
  for (const row of rows) {
    const seen = byId.get(row.id);
    byId.set(row.id, { id: row.id, listedAt: seen?.listedAt ?? row.listedAt, cutAt: seen?.cutAt ?? row.cutAt });
  }
  return [...byId.values()];
}

type CandidateRow = AlertCandidate & {
  address: string;
  bedrooms: number;
  propertyType: string;
  previousPrice: number | null;
};

type LockedSearch = {
  userId: number;
  name: string;
  query: string;
  frequency: string;
  checkedAt: Date;
  createdAt: Date;
  email: string;
  emailVerifiedAt: Date | null;
  closedAt: Date | null;
};

/** One search's check; true when it queued an email. */
async function checkSearch(id: number, frequency: AlertRun, now: Date, news: News[]) {
  const saved = await prisma.savedSearch.findUnique({ where: { id }, select: { query: true } });
  if (!saved) return false;
  const filters = filtersOfQuery(saved.query);
  if (!filters.success) {
    logger.warn({ savedSearchId: id }, "a saved search's query no longer reads as a search; no alert");
    return false;
  }
  let matches: Prisma.Sql;
  try {
    // Built before the transaction: it may read the place index, and the embedded database has one connection.
    matches = await listingMatchCondition(filters.data, now);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    logger.warn({ savedSearchId: id, error: error.message }, "a saved search's place is no longer found; no alert");
    return false;
  }
  const description = await describeSearch(filters.data);
  return prisma.$transaction(async (tx) => {
    // Locked, so two runs at once check a search in turn, and re-read: it may have changed since the list was made.
    const [search] = await tx.$queryRaw<LockedSearch[]>`
      SELECT s."userId", s."name", s."query", s."frequency"::text AS "frequency", s."checkedAt", s."createdAt",
             u."email", u."emailVerifiedAt", u."closedAt"
      FROM "SavedSearch" s JOIN "User" u ON u."id" = s."userId"
      WHERE s."id" = ${id}
      FOR UPDATE OF s`;
    if (!search || search.frequency !== frequency || search.query !== saved.query) return false;
    if (!search.emailVerifiedAt || search.closedAt) return false;
    const since = checkFrom(search);
    const ids = news.flatMap((home) =>
      (home.listedAt && home.listedAt > since) || (home.cutAt && home.cutAt > since) ? [home.id] : [],
    );
    // The homes among the news that match the search (still for sale), with the price this search last sent each at.
    const candidates = ids.length
      ? await tx.$queryRaw<CandidateRow[]>`
          SELECT p."id" AS "projectId", p."address", p."price", p."previousPrice", p."bedrooms", p."propertyType",
                 GREATEST(p."listedAt", p."priceChangedAt") AS "changedAt", a."price" AS "sentPrice"
          FROM "Project" p
          LEFT JOIN "SavedSearchAlert" a ON a."savedSearchId" = ${id} AND a."projectId" = p."id"
          WHERE p."id" = ANY(${ids}::int[]) AND p."status" = 'completed' AND ${matches}`
      : [];
    const { homes, more } = selectAlertHomes(candidates);
    if (homes.length > 0) {
      // One statement for the lot: what this search has now sent, and at what price.
      await tx.$executeRaw`
        INSERT INTO "SavedSearchAlert" ("savedSearchId", "projectId", "price", "sentAt")
        SELECT ${id}, h."projectId", h."price", ${now}
        FROM unnest(${homes.map((h) => h.projectId)}::int[], ${homes.map((h) => h.price)}::int[]) AS h("projectId", "price")
        ON CONFLICT ("savedSearchId", "projectId") DO UPDATE SET "price" = EXCLUDED."price", "sentAt" = EXCLUDED."sentAt"`;
      await queueMail(tx, [alertMail({ id, ...search, description }, homes, more)]);
    }
    // The cursor is not an edit of the search: updatedAt stays.
    await tx.$executeRaw`UPDATE "SavedSearch" SET "checkedAt" = ${now} WHERE "id" = ${id}`;
    return homes.length > 0;
  });
}

/**
 * How long an alert's unsubscribe link works after the email is sent (a mail client's one-click unsubscribe
 * too): well past the 30 days mailbox providers expect. Every alert carries a fresh one.
 */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/** The link that stops a saved search's emails: its id, signed with the day it expires, so no one can stop another's alerts. */
export function unsubscribeUrl(savedSearchId: number, now = new Date()) {
  return `${getEnv().PUBLIC_URL}/alerts/unsubscribe?token=${unsubscribeToken(savedSearchId, now)}`;
}

export const unsubscribeToken = (savedSearchId: number, now = new Date()) => {
  const expiresAt = new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * 24 * 60 * 60 * 1000);
  return `${savedSearchId}-${expiringToken("alert-unsubscribe", String(savedSearchId), expiresAt)}`;
};

/** The saved search a token names; a 400 when it is not one we made, a 410 once it has expired. */
function savedSearchOfToken(token: string | null | undefined): number {
  const match = /^([1-9]\d{0,9})-(.{1,80})$/.exec(token ?? "");
  const state = match ? checkExpiringToken("alert-unsubscribe", match[1]!, match[2]) : "invalid";
  if (state === "expired")
    throw new ServiceError(
      410,
      `This unsubscribe link has expired (they work for ${UNSUBSCRIBE_LINK_DAYS} days). Use the link in a newer alert, or sign in to manage your alerts.`,
    );
  if (state === "invalid")
    throw new ServiceError(
      400,
      "This unsubscribe link is not complete. Open it from the email again, or sign in to manage your alerts.",
    );
  return Number(match![1]);
}

/** What an unsubscribe link is for: the search's name, or null when the search has been deleted since. */
export async function unsubscribeTarget(token: string | null | undefined) {
  const id = savedSearchOfToken(token);
  const search = await prisma.savedSearch.findUnique({ where: { id }, select: { name: true, frequency: true } });
  return search ? { name: search.name, unsubscribed: search.frequency === "never" } : null;
}

/**
 * Stops a saved search's emails (frequency "never": the search itself stays, to run by hand). Needs no
 * sign-in, only the link's token, as one-click unsubscribe from a mail client (RFC 8058) does.
 */
export async function unsubscribe(token: string | null | undefined) {
  const id = savedSearchOfToken(token);
  const search = await prisma.savedSearch.findUnique({ where: { id }, select: { name: true } });
  if (!search) return null;
  await prisma.savedSearch.update({ where: { id }, data: { frequency: "never" } });
  return { name: search.name };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The email for one search: each home with its price and news, a link to all the results, how to stop. */
export function alertMail(
  search: { id: number; name: string; query: string; email: string; description: string },
  homes: (CandidateRow & AlertCandidate)[],
  more: number,
): Mail {
  const site = getEnv().PUBLIC_URL;
  const stop = unsubscribeUrl(search.id);
  const lines = homes.flatMap((home) => {
    const reducedFrom =
      home.sentPrice ?? (home.previousPrice !== null && home.previousPrice > home.price ? home.previousPrice : null);
    const news =
      reducedFrom !== null && reducedFrom > home.price ? `Reduced from ${formatPrice(reducedFrom)}` : "Newly listed";
    return [
      `- ${home.address}`,
      `  ${formatPrice(home.price)}, ${plural(home.bedrooms, "bedroom", "bedrooms")}, ${home.propertyType}. ${news}.`,
      `  ${site}${listingPath(home.projectId)}`,
      "",
    ];
  });
  return {
    to: search.email,
    subject: `${plural(homes.length + more, "new or reduced home", "new or reduced homes")} for "${search.name}"`,
    text: [
      `New for your saved search "${search.name}" (${search.description}):`,
      "",
      ...lines,
      more > 0 ? `And ${plural(more, "more home", "more homes")}. See every result:` : "See every result:",
      `${site}/property-search?${search.query}`,
      "",
      `Manage your alerts: ${site}/saved-searches`,
      `Stop the emails for this search: ${stop}`,
      "",
      "MoveWise",
    ].join("\n"),
    // One-click unsubscribe (RFC 8058): mail clients POST "List-Unsubscribe=One-Click" to the link.
    headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
