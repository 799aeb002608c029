// The portals' daily catch-up: homes a portal that is on has never been sent (listed before the portal was set
// up, such as the demo homes, or while 'Send to portals' was off and nothing changed since), and listings a
// portal still holds for homes that should have gone. Each gets an ordinary sync; refusals and failures are
// left to the admin page and the queue's retries, so a refused home is not sent again every day.
import { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { activePortals } from "./settings.server";
import { queuePortalSync } from "./sync.server";

/** Homes queued per transaction. */
const BATCH = 200;

/** Queues a sync for every home that needs one (see above); returns how many. */
export async function queuePortalCatchUp() {
  const portals = activePortals();
  if (portals.length === 0) return { queued: 0 };
  const active = Prisma.join(portals.map((portal) => Prisma.sql`${portal}::"Portal"`));
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT p.id FROM "Project" p
    WHERE p.status = 'completed' AND p."sendToPortals"
      AND (SELECT count(*) FROM "PortalListing" l WHERE l."projectId" = p.id AND l.portal IN (${active})) < ${portals.length}
    UNION
    SELECT l."projectId" FROM "PortalListing" l LEFT JOIN "Project" p ON p.id = l."projectId"
    WHERE l.live AND l.portal IN (${active}) AND (p.id IS NULL OR p.status = 'pending' OR NOT p."sendToPortals")
    ORDER BY 1`;
  for (let start = 0; start < rows.length; start += BATCH)
    await prisma.$transaction(async (tx) => {
      for (const { id } of rows.slice(start, start + BATCH))
        await queuePortalSync(tx, { projectId: id, reason: "catch-up" });
    });
  return { queued: rows.length };
}
