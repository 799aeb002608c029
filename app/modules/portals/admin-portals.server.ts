// What admins see and do about the portals (/admin/portals, the Portals card of the admin property page and
// /api/v1/admin/portals): the settings the server runs with, the BLM files written, each home's state on each
// portal with the portal's last answer, a home's full history, resending a home, and the 'Send to portals'
// switch. The sending itself is the job queue's (portal-sync.server.ts, blm-export.server.ts).
import { Prisma } from "../../generated/prisma/client";
import type { Portal, PortalAction, PortalOutcome, ProjectStatus, SaleStatus } from "../../generated/prisma/enums";
import { prisma } from "../../lib/db.server";
import { type Page, type PageQuery, pageQueryOf, paginate } from "../../lib/pagination";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { enqueue } from "../jobs/queue.server";
import { adminProjectNotFound } from "../projects/admin-projects.server";
import type { PortalState } from "./admin-labels";
import { belongsOnPortals } from "./portal-home.server";
import { activePortals, blmBranchId, rightmoveSettings, zooplaSettings } from "./settings.server";
import { queuePortalSync } from "./sync.server";

export const PORTALS = ["rightmove", "zoopla"] as const satisfies readonly Portal[];

type Actor = { id: number; ipAddress: string };

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export type PortalSettingsSummary = {
  rightmove: { on: boolean; networkId: number | null; branchId: number | null; endpointHost: string | null };
  /** The branch the BLM file is made for; 0 when unset (Rightmove would refuse the file). */
  blm: { branchId: number };
  zoopla: { on: boolean; branchReference: string | null; endpointHost: string | null };
};

/** The portal settings this server runs with, without the certificate paths or passphrases. */
export function portalSettingsSummary(): PortalSettingsSummary {
  const rightmove = rightmoveSettings();
  const zoopla = zooplaSettings();
  return {
    rightmove: {
      on: rightmove !== null,
      networkId: rightmove?.networkId ?? null,
      branchId: rightmove?.branchId ?? null,
      endpointHost: rightmove ? hostOf(rightmove.baseUrl) : null,
    },
    blm: { branchId: blmBranchId() },
    zoopla: {
      on: zoopla !== null,
      branchReference: zoopla?.branchReference ?? null,
      endpointHost: zoopla ? hostOf(zoopla.baseUrl) : null,
    },
  };
}

export type FeedExportSummary = {
  id: number;
  fileName: string;
  location: string;
  propertyCount: number;
  mediaCount: number;
  byteSize: number;
  createdAt: string;
};

/** The BLM files written most recently, newest first (the export keeps 14). */
export async function recentFeedExports(take = 14): Promise<FeedExportSummary[]> {
  const rows = await prisma.feedExport.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Asks the workers to write the BLM file now (as the 05:00 schedule does); while one waits, asking again joins it. */
export async function requestBlmExport(actor: Actor) {
  await prisma.$transaction(async (tx) => {
    await enqueue(tx, "rightmove-blm-export", {}, { key: "rightmove-blm-export" });
    await recordAudit(
      { actorId: actor.id, action: "portals.blm_export", entity: null, entityId: null, ipAddress: actor.ipAddress },
      tx,
    );
  });
}

/** Asks the workers to send every home the portals should hold but were never sent (as the 05:15 schedule does). */
export async function requestPortalCatchUp(actor: Actor) {
  if (activePortals().length === 0)
    throw new ServiceError(409, "No portal is switched on: the server has no Rightmove or Zoopla settings.");
  await prisma.$transaction(async (tx) => {
    await enqueue(tx, "portal-catch-up", {}, { key: "portal-catch-up" });
    await recordAudit(
      { actorId: actor.id, action: "portals.catch_up", entity: null, entityId: null, ipAddress: actor.ipAddress },
      tx,
    );
  });
}

export type PortalListingSummary = {
  portal: Portal;
  state: PortalState;
  listingRef: string | null;
  lastAction: PortalAction | null;
  lastOutcome: PortalOutcome | null;
  /** What we last told the portal: "available", "under_offer", "sold_stc", "sold", "withdrawn". */
  lastStatus: string | null;
  /** Why the last request went: "listed", "price change", "resend"… */
  lastReason: string | null;
  lastAttemptAt: string | null;
  /** The portal's answer to the last request, or why it failed, in a line. */
  answer: string | null;
  portalId: string | null;
  portalUrl: string | null;
};

export type PortalHomeRow = {
  projectId: number;
  address: string;
  /** False when the home has been deleted (its portal records outlive it). */
  exists: boolean;
  status: ProjectStatus | null;
  saleStatus: SaleStatus | null;
  sendToPortals: boolean | null;
  /** Listed (or sold) and switched on: a sync sends it. */
  belongsOnPortals: boolean;
  portals: PortalListingSummary[];
};

const listingSelect = {
  portal: true,
  projectId: true,
  listingRef: true,
  address: true,
  live: true,
  lastAction: true,
  lastOutcome: true,
  lastStatus: true,
  lastAttemptAt: true,
  portalId: true,
  portalUrl: true,
  lastError: true,
  submissions: {
    select: { reason: true, answer: true, httpStatus: true, error: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 1,
  },
} satisfies Prisma.PortalListingSelect;

type ListingRow = Prisma.PortalListingGetPayload<{ select: typeof listingSelect }>;

function stateOf(listing: ListingRow | undefined): PortalState {
  if (!listing?.lastOutcome) return "not_sent";
  if (listing.lastOutcome === "rejected") return "rejected";
  if (listing.lastOutcome === "failed") return "failed";
  return listing.live ? "live" : "removed";
}

const MAX_ANSWER = 200;

/** The portal's answer in a line: its message (Rightmove), its status (Zoopla), or the error we recorded. */
export function shortAnswer(answer: unknown, httpStatus: number | null, error: string | null): string | null {
  let text: string | null = error;
  if (!text && answer !== null && answer !== undefined) {
    if (typeof answer === "string") text = answer;
    else if (typeof answer === "object") {
      const record = answer as Record<string, unknown>;
      const message = [record.message, record.status].find((value) => typeof value === "string") as string | undefined;
      text = message ?? JSON.stringify(answer);
    } else text = String(answer);
  }
  if (!text) return httpStatus ? `HTTP ${httpStatus}` : null;
  const line = text.replace(/\s+/g, " ").trim();
  const cut = line.length > MAX_ANSWER ? `${line.slice(0, MAX_ANSWER - 1)}…` : line;
  return httpStatus ? `${cut} (HTTP ${httpStatus})` : cut;
}

function toListingSummary(portal: Portal, listing: ListingRow | undefined): PortalListingSummary {
  const last = listing?.submissions[0];
  return {
    portal,
    state: stateOf(listing),
    listingRef: listing?.listingRef ?? null,
    lastAction: listing?.lastAction ?? null,
    lastOutcome: listing?.lastOutcome ?? null,
    lastStatus: listing?.lastStatus ?? null,
    lastReason: last?.reason ?? null,
    lastAttemptAt: listing?.lastAttemptAt?.toISOString() ?? null,
    answer: listing
      ? listing.lastError
        ? shortAnswer(null, last?.httpStatus ?? null, listing.lastError)
        : last
          ? shortAnswer(last.answer, null, last.error)
          : null
      : null,
    portalId: listing?.portalId ?? null,
    portalUrl: listing?.portalUrl ?? null,
  };
}

const projectSelect = {
  id: true,
  address: true,
  status: true,
  saleStatus: true,
  sendToPortals: true,
} satisfies Prisma.ProjectSelect;

type ProjectRow = Prisma.ProjectGetPayload<{ select: typeof projectSelect }>;

function toHomeRow(projectId: number, project: ProjectRow | undefined, listings: ListingRow[]): PortalHomeRow {
  return {
    projectId,
    address: project?.address ?? listings[0]?.address ?? `Home ${projectId}`,
    exists: project !== undefined,
    status: project?.status ?? null,
    saleStatus: project?.saleStatus ?? null,
    sendToPortals: project?.sendToPortals ?? null,
    belongsOnPortals: project ? belongsOnPortals(project) : false,
    portals: PORTALS.map((portal) =>
      toListingSummary(
        portal,
        listings.find((listing) => listing.portal === portal),
      ),
    ),
  };
}

async function homeRows(ids: number[]): Promise<PortalHomeRow[]> {
  if (ids.length === 0) return [];
  const [projects, listings] = await Promise.all([
    prisma.project.findMany({ where: { id: { in: ids } }, select: projectSelect }),
    prisma.portalListing.findMany({ where: { projectId: { in: ids } }, select: listingSelect }),
  ]);
  return ids.map((id) =>
    toHomeRow(
      id,
      projects.find((project) => project.id === id),
      listings.filter((listing) => listing.projectId === id),
    ),
  );
}

/** ?page=&pageSize= of the portal lists: 50 homes or requests a page unless pageSize says otherwise. */
export function portalPageQuery(url: URL): PageQuery {
  const query = pageQueryOf(url);
  return url.searchParams.has("pageSize") ? query : { ...query, pageSize: 50 };
}

export type PortalHomesFilter = { problems?: boolean };

/**
 * Every home a portal has heard of, and every listed home switched on (which should be on them), the most
 * recently sent first; with `problems`, only homes whose last request a portal rejected or that failed.
 */
export function listPortalHomes(filter: PortalHomesFilter, query: PageQuery): Promise<Page<PortalHomeRow>> {
  const homes = filter.problems
    ? Prisma.sql`SELECT "projectId" AS id FROM "PortalListing" WHERE "lastOutcome" IN ('rejected', 'failed')`
    : Prisma.sql`SELECT "projectId" AS id FROM "PortalListing"
                 UNION SELECT id FROM "Project" WHERE status = 'completed' AND "sendToPortals"`;
  return paginate(
    query,
    async () => {
      const [row] = await prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM (${homes}) AS homes`;
      return row?.total ?? 0;
    },
    async ({ skip, take }) => {
      const rows = await prisma.$queryRaw<{ id: number }[]>`
        SELECT homes.id FROM (${homes}) AS homes
        ORDER BY (SELECT max(l."lastAttemptAt") FROM "PortalListing" l WHERE l."projectId" = homes.id) DESC NULLS LAST,
                 homes.id DESC
        OFFSET ${skip} LIMIT ${take}`;
      return homeRows(rows.map((row) => row.id));
    },
  );
}

/** One home's state on each portal (the admin property page's Portals card), or null when no such home is known. */
export async function portalHome(projectId: number): Promise<PortalHomeRow | null> {
  const [row] = await homeRows([projectId]);
  return row && (row.exists || row.portals.some((portal) => portal.state !== "not_sent")) ? row : null;
}

export type PortalSubmissionEntry = {
  id: number;
  portal: Portal;
  action: PortalAction;
  reason: string;
  outcome: PortalOutcome;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
  payload: unknown;
  answer: unknown;
  createdAt: string;
};

export const portalHomeNotFound = () => new ServiceError(404, "No portal records or home with that number.");

/** A home's state on each portal and every request sent for it, newest first. */
export async function portalHistory(
  projectId: number,
  query: PageQuery,
): Promise<{ home: PortalHomeRow; submissions: Page<PortalSubmissionEntry> }> {
  const home = await portalHome(projectId);
  if (!home) throw portalHomeNotFound();
  const where = { listing: { projectId } } satisfies Prisma.PortalSubmissionWhereInput;
  const submissions = await paginate(
    query,
    () => prisma.portalSubmission.count({ where }),
    async (window) => {
      const rows = await prisma.portalSubmission.findMany({
        where,
        ...window,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: {
          id: true,
          action: true,
          reason: true,
          outcome: true,
          httpStatus: true,
          error: true,
          durationMs: true,
          payload: true,
          answer: true,
          createdAt: true,
          listing: { select: { portal: true } },
        },
      });
      return rows.map(({ listing, createdAt, ...row }) => ({
        ...row,
        portal: listing.portal,
        createdAt: createdAt.toISOString(),
      }));
    },
  );
  return { home, submissions };
}

/** Why a home cannot be sent, or null when it can. */
function cannotGo(project: { status: ProjectStatus; sendToPortals: boolean } | null): string | null {
  if (!project) return "This home has been deleted, so it cannot go to the portals.";
  if (belongsOnPortals(project)) return null;
  if (!project.sendToPortals)
    return "'Send to portals' is off for this home: switch it on from the property page to send it.";
  return "This home is not listed yet: mark it as completed to send it to the portals.";
}

/**
 * An admin's resend: every portal that is on gets the home now, even when nothing has changed since the
 * last answer (a portal that lost it, or a rejection fixed on their side). A home that can no longer go but
 * that a portal still holds (a removal the portal refused) gets its removal sent again.
 */
export async function resendToPortals({ actor, projectId }: { actor: Actor; projectId: number }) {
  const portals = activePortals();
  return prisma.$transaction(async (tx) => {
    const project = await tx.project.findUnique({
      where: { id: projectId },
      select: { status: true, sendToPortals: true },
    });
    const listings = await tx.portalListing.findMany({ where: { projectId }, select: { live: true } });
    if (!project && listings.length === 0) throw portalHomeNotFound();
    const refused = listings.some((listing) => listing.live) ? null : cannotGo(project);
    if (refused) throw new ServiceError(409, refused);
    if (portals.length === 0)
      throw new ServiceError(
        409,
        "No portal is switched on: the server has no Rightmove or Zoopla settings (see docs/portals.md).",
      );
    await queuePortalSync(tx, { projectId, reason: "resend", force: true });
    await recordAudit(
      {
        actorId: actor.id,
        action: "project.portal_resend",
        entity: "Project",
        entityId: projectId,
        detail: { portals },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return { queued: portals as Portal[] };
  });
}

/**
 * The 'Send to portals' switch: off takes a listed home off the portals, on sends it (once it is listed).
 * Setting it to what it already is changes nothing and sends nothing.
 */
export async function setSendToPortals({ actor, id, on }: { actor: Actor; id: number; on: boolean }) {
  return prisma.$transaction(async (tx) => {
    const project = await tx.project.findUnique({ where: { id }, select: { sendToPortals: true } });
    if (!project) throw adminProjectNotFound();
    if (project.sendToPortals === on) return { changed: false };
    await tx.project.update({ where: { id }, data: { sendToPortals: on } });
    await recordAudit(
      {
        actorId: actor.id,
        action: "project.send_to_portals",
        entity: "Project",
        entityId: id,
        detail: { from: project.sendToPortals, to: on },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    await queuePortalSync(tx, { projectId: id, reason: on ? "sent to portals" : "taken off portals" });
    return { changed: true };
  });
}
