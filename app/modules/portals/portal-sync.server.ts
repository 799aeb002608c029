// The job that brings one home up to date on one portal (queued by queuePortalSync in every write that changes
// what the portals show). It reads the home as it is now, decides what the portal should be told (send, remove,
// or nothing), posts it with the client certificate, and records the request and the answer in one
// transaction. A refusal (the portal says the payload is wrong) is recorded and not retried: sending the same
// payload again would be refused again, and the admin page shows it. A failure (no usable answer) is recorded
// and thrown, so the job queue retries it with backoff.
import { createHash } from "node:crypto";

import type { Prisma } from "../../generated/prisma/client";
import type { Portal, PortalAction, PortalOutcome } from "../../generated/prisma/enums";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { listingRef } from "./codes";
import { type PortalAnswer, postToPortal } from "./portal-client.server";
import { belongsOnPortals, loadPortalHome, type PortalHome } from "./portal-home.server";
import { rtdfRemovePayload, rtdfSendPayload } from "./rightmove-rtdf";
import { type ClientCertificate, rightmoveSettings, zooplaSettings } from "./settings.server";
import type { PortalSyncJob } from "./sync.server";
import {
  ZOOPLA_DELETE_CONTENT_TYPE,
  ZOOPLA_UPDATE_CONTENT_TYPE,
  zooplaDeletePayload,
  zooplaUpdatePayload,
} from "./zoopla-listing";

/** What we last told a portal the home is (PortalListing.lastStatus). */
const TOLD: Record<PortalHome["portalStatus"], string> = {
  for_sale: "available",
  under_offer: "under_offer",
  sold_stc: "sold_stc",
  sold: "sold",
};

type ListingState = { live: boolean; lastStatus: string | null; lastPayloadHash: string | null } | null;

export type PortalRequestPlan = {
  action: PortalAction;
  /** The endpoint under the portal's base URL. */
  path: string;
  contentType: string;
  payload: Record<string, unknown>;
  /** What the portal will show once it accepts (PortalListing.lastStatus). */
  status: string;
};

type Connection = { baseUrl: string; certificate: ClientCertificate };

/** The portal's settings as a connection and a planner, or null when the portal is off. */
function portalSetup(portal: Portal) {
  const publicUrl = getEnv().PUBLIC_URL;
  if (portal === "rightmove") {
    const settings = rightmoveSettings();
    if (!settings) return null;
    return {
      connection: { baseUrl: settings.baseUrl, certificate: settings } satisfies Connection,
      plan: (projectId: number, home: PortalHome | null, listing: ListingState) =>
        planRightmove(projectId, home, listing, settings, publicUrl),
    };
  }
  const settings = zooplaSettings();
  if (!settings) return null;
  return {
    connection: { baseUrl: settings.baseUrl, certificate: settings } satisfies Connection,
    plan: (projectId: number, home: PortalHome | null, listing: ListingState) =>
      planZoopla(projectId, home, listing, settings.branchReference, publicUrl),
  };
}

const onTheMarket = (home: PortalHome | null) => !!home && belongsOnPortals(home) && home.portalStatus !== "sold";
const soldAndShown = (home: PortalHome | null) => !!home && belongsOnPortals(home) && home.portalStatus === "sold";

/**
 * Rightmove: a home on the market is sent; a sold one is removed as sold by us; a deleted, unlisted or
 * switched-off one is removed as withdrawn. Removals only when Rightmove holds the listing.
 */
export function planRightmove(
  projectId: number,
  home: PortalHome | null,
  listing: ListingState,
  account: { networkId: number; branchId: number },
  publicUrl: string,
): PortalRequestPlan | null {
  if (home && onTheMarket(home))
    return {
      action: "send",
      path: "v1/property/sendpropertydetails",
      contentType: "application/json",
      payload: rtdfSendPayload(home, account, publicUrl),
      status: TOLD[home.portalStatus],
    };
  if (!listing?.live) return null;
  const sold = soldAndShown(home);
  return {
    action: "remove",
    path: "v1/property/removeproperty",
    contentType: "application/json",
    payload: rtdfRemovePayload(projectId, account, sold ? "sold" : "withdrawn", home?.soldAt),
    status: sold ? "sold" : "withdrawn",
  };
}

/**
 * Zoopla: a home on the market is sent, and a sold one once more as sold (Zoopla shows sold homes); a
 * deleted, unlisted or switched-off one is deleted, as completed when Zoopla last showed it sold. Sold and
 * deleted only when Zoopla holds the listing.
 */
export function planZoopla(
  projectId: number,
  home: PortalHome | null,
  listing: ListingState,
  branchReference: string,
  publicUrl: string,
): PortalRequestPlan | null {
  const send = (shown: PortalHome): PortalRequestPlan => ({
    action: "send",
    path: "listing/update",
    contentType: ZOOPLA_UPDATE_CONTENT_TYPE,
    payload: zooplaUpdatePayload(shown, branchReference, publicUrl),
    status: TOLD[shown.portalStatus],
  });
  if (home && onTheMarket(home)) return send(home);
  if (!listing?.live) return null;
  if (home && soldAndShown(home)) return send(home);
  const completed = listing.lastStatus === "sold";
  return {
    action: "remove",
    path: "listing/delete",
    contentType: ZOOPLA_DELETE_CONTENT_TYPE,
    payload: zooplaDeletePayload(projectId, completed ? "completed" : "withdrawn"),
    status: completed ? "sold" : "withdrawn",
  };
}

/**
 * The fingerprint of a send, to skip one the portal already holds. Rightmove's update_date is left out: it
 * moves with every save of the home, including saves of things the portals are not sent.
 */
export function payloadHash(payload: Record<string, unknown>) {
  const property = payload.property as Record<string, unknown> | undefined;
  const stable = property ? { ...payload, property: { ...property, update_date: undefined } } : payload;
  return createHash("sha256").update(JSON.stringify(stable)).digest("hex");
}

type Verdict = {
  outcome: PortalOutcome;
  answer: Prisma.InputJsonValue | undefined;
  httpStatus: number | null;
  error: string | null;
  portalId?: string;
  portalUrl?: string;
};

const MAX_ERROR = 2000;
const short = (text: string) => (text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR - 1)}…` : text);

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The portal's own words for what it refused. */
function refusal(portal: Portal, json: unknown, text: string, status: number) {
  if (isObject(json)) {
    if (portal === "rightmove") {
      const errors = Array.isArray(json.errors) ? json.errors.filter(isObject) : [];
      const described = errors.map((e) => [e.error_code, e.error_description].filter(Boolean).join(": "));
      if (described.length) return described.join("; ");
    } else {
      const errors = Array.isArray(json.errors) ? json.errors.map(String) : [];
      const parts = [json.error_advice ?? json.error_name, ...errors].filter(Boolean).map(String);
      if (parts.length) return parts.join("; ");
    }
    if (typeof json.message === "string" && json.message) return json.message;
  }
  return text.trim() ? text.trim() : `HTTP ${status}`;
}

/**
 * The portal's page for a listing is shown as a link to admins and the seller: only an https address is kept,
 * so an odd answer (a javascript: URL, say) can never become a link.
 */
const webAddress = (value: unknown) =>
  typeof value === "string" && /^https:\/\/[^\s"<>]+$/.test(value) && value.length <= 500;

/** What an answer means: accepted, refused (the payload is wrong: not retried), or failed (retried). */
export function judgeAnswer(portal: Portal, reply: PortalAnswer): Verdict {
  if (!reply.ok) return { outcome: "failed", answer: undefined, httpStatus: null, error: short(reply.error) };
  const json = parse(reply.text);
  const answer = (json ?? (reply.text ? reply.text : undefined)) as Prisma.InputJsonValue | undefined;
  const base = { answer, httpStatus: reply.status };
  // A busy or broken portal, a timeout at its edge, or a redirect: worth another try later.
  if (
    reply.status >= 500 ||
    reply.status === 408 ||
    reply.status === 429 ||
    reply.status < 200 ||
    (reply.status >= 300 && reply.status < 400)
  )
    return {
      ...base,
      outcome: "failed",
      error: short(`HTTP ${reply.status}: ${refusal(portal, json, reply.text, reply.status)}`),
    };
  if (reply.status >= 400)
    return { ...base, outcome: "rejected", error: short(refusal(portal, json, reply.text, reply.status)) };
  if (!isObject(json)) return { ...base, outcome: "failed", error: "the portal's answer was not JSON" };
  if (portal === "rightmove") {
    if (json.success !== true)
      return { ...base, outcome: "rejected", error: short(refusal(portal, json, reply.text, reply.status)) };
    const property = isObject(json.property) ? json.property : {};
    return {
      ...base,
      outcome: "accepted",
      error: null,
      ...(property.rightmove_id != null ? { portalId: String(property.rightmove_id as number) } : {}),
      ...(webAddress(property.rightmove_url) ? { portalUrl: property.rightmove_url as string } : {}),
    };
  }
  if (json.status !== "OK")
    return { ...base, outcome: "rejected", error: short(refusal(portal, json, reply.text, reply.status)) };
  return {
    ...base,
    outcome: "accepted",
    error: null,
    ...(webAddress(json.url) ? { portalUrl: json.url as string } : {}),
  };
}

const PORTAL_NAME: Record<Portal, string> = { rightmove: "Rightmove", zoopla: "Zoopla" };

/** Brings `job.projectId` up to date on `portal`; throws when the portal gave no usable answer (retried). */
export async function syncPortal(portal: Portal, job: PortalSyncJob): Promise<void> {
  const setup = portalSetup(portal);
  if (!setup) return;
  const [home, listing] = await Promise.all([
    loadPortalHome(job.projectId),
    prisma.portalListing.findUnique({ where: { portal_projectId: { portal, projectId: job.projectId } } }),
  ]);
  const plan = setup.plan(job.projectId, home, listing);
  if (!plan) return;
  const hash = plan.action === "send" ? payloadHash(plan.payload) : null;
  if (!job.force && listing?.live && plan.action === "send" && hash === listing.lastPayloadHash) return;

  const reply = await postToPortal(new URL(plan.path, setup.connection.baseUrl).toString(), plan.payload, {
    certificate: setup.connection.certificate,
    contentType: plan.contentType,
  });
  const verdict = judgeAnswer(portal, reply);
  const now = new Date();
  const accepted = verdict.outcome === "accepted";
  const fields = {
    lastAction: plan.action,
    lastOutcome: verdict.outcome,
    lastAttemptAt: now,
    lastError: verdict.error,
    ...(accepted
      ? {
          live: plan.action === "send",
          lastStatus: plan.status,
          lastPayloadHash: hash,
          ...(verdict.portalId ? { portalId: verdict.portalId } : {}),
          ...(verdict.portalUrl ? { portalUrl: verdict.portalUrl } : {}),
        }
      : {}),
  } satisfies Prisma.PortalListingUpdateInput;
  await prisma.$transaction(async (tx) => {
    const row = await tx.portalListing.upsert({
      where: { portal_projectId: { portal, projectId: job.projectId } },
      create: {
        portal,
        projectId: job.projectId,
        listingRef: listingRef(job.projectId),
        address: home?.address ?? "",
        ...fields,
      },
      update: { ...(home ? { address: home.address } : {}), ...fields },
      select: { id: true },
    });
    await tx.portalSubmission.create({
      data: {
        listingId: row.id,
        action: plan.action,
        reason: job.reason,
        payload: plan.payload as Prisma.InputJsonValue,
        outcome: verdict.outcome,
        httpStatus: verdict.httpStatus,
        answer: verdict.answer,
        error: verdict.error,
        durationMs: reply.durationMs,
      },
    });
  });
  const context = { portal, projectId: job.projectId, action: plan.action, reason: job.reason };
  if (verdict.outcome === "rejected") logger.warn({ ...context, error: verdict.error }, "the portal refused a listing");
  if (verdict.outcome === "failed")
    throw new Error(`${PORTAL_NAME[portal]} gave no usable answer: ${verdict.error ?? "unknown"}`);
}
