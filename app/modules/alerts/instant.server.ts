// Instant search alerts are asked for by the writes that make news for buyers (a home listed, a price
// reduced), in their own transaction, and run a little later: the delay gathers changes made together
// (an admin listing several homes) into one email per search.
import type { Prisma } from "../../generated/prisma/client";
import { getEnv } from "../../lib/env.server";
import { enqueue } from "../jobs/queue.server";

/**
 * Asks for an instant-alerts run ALERT_DELAY_SECONDS from now. While one waits, more asks are dropped (one
 * key, and the queue keeps one waiting job per key), so the first change sets when the run goes.
 */
export async function queueInstantAlerts(tx: Prisma.TransactionClient, now = new Date()) {
  await enqueue(
    tx,
    "instant-alerts",
    {},
    { key: "instant-alerts", startAfter: new Date(now.getTime() + getEnv().ALERT_DELAY_SECONDS * 1000) },
  );
}
