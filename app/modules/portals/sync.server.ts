// Every write that changes what the portals should show (listing, price and detail edits, media, the sale
// status, 'Send to portals', withdrawal) asks for a portal sync in its own transaction. The job reads the home
// as it is when it runs and sends each portal what differs from what it last accepted (portal-sync.server.ts):
// nothing to undo if the write rolls back, and a burst of edits becomes one update.
import type { Prisma } from "../../generated/prisma/client";
import { getEnv } from "../../lib/env.server";
import { enqueue } from "../jobs/queue.server";
import { activePortals } from "./settings.server";

export const PORTAL_QUEUES = { rightmove: "portal-rightmove", zoopla: "portal-zoopla" } as const;

export type PortalSyncJob = {
  projectId: number;
  /** Why, as the portal history shows it: "listed", "price change", "under offer", "withdrawn", "resend"… */
  reason: string;
  /** Send even when the payload is the same as the one last accepted (an admin's resend). */
  force?: boolean;
};

/**
 * Queues a sync of `projectId` to every portal that is on, PORTAL_DELAY_SECONDS from now (at once when
 * forced). While one waits for a home, further asks join it (one key per home and portal).
 */
export async function queuePortalSync(tx: Prisma.TransactionClient, job: PortalSyncJob, now = new Date()) {
  const startAfter = new Date(now.getTime() + (job.force ? 0 : getEnv().PORTAL_DELAY_SECONDS * 1000));
  for (const portal of activePortals())
    await enqueue(tx, PORTAL_QUEUES[portal], job, {
      key: `${portal}:${job.projectId}${job.force ? ":resend" : ""}`,
      startAfter,
    });
}
