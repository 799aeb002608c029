// The retention purge (`npm run retention`): deletes the enquiries the privacy policy promises not to
// keep, using the same RETENTION_YEARS the policy page shows.
import { prisma } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import { RETENTION_YEARS } from "./retention";

/** The same day and time `years` years before `now` (29 February becomes 1 March). */
export function yearsBefore(now: Date, years: number) {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

export type RetentionRun = {
  dryRun: boolean;
  cutoffs: { viewingsAndValuations: Date; supportRecords: Date; amlRecords: Date };
  deleted: { viewingRequests: number; valuationRequests: number; contactMessages: number; amlChecks: number };
};

/** Deletes (or, in a dry run, counts) records older than their retention period; a real run is audited. */
export async function purgeExpiredRecords({
  now = new Date(),
  dryRun = false,
}: { now?: Date; dryRun?: boolean } = {}): Promise<RetentionRun> {
  const cutoffs = {
    viewingsAndValuations: yearsBefore(now, RETENTION_YEARS.viewingsAndValuations),
    supportRecords: yearsBefore(now, RETENTION_YEARS.supportRecords),
    amlRecords: yearsBefore(now, RETENTION_YEARS.amlAfterRelationship),
  };
  const checks = { relationshipEndedAt: { lt: cutoffs.amlRecords } };
  const requests = { createdAt: { lt: cutoffs.viewingsAndValuations } };
  const messages = { createdAt: { lt: cutoffs.supportRecords } };
  if (dryRun) {
    const [viewingRequests, valuationRequests, contactMessages, amlChecks] = await Promise.all([
      prisma.viewingRequest.count({ where: requests }),
      prisma.valuationRequest.count({ where: requests }),
      prisma.contactMessage.count({ where: messages }),
      prisma.dueDiligenceCheck.count({ where: checks }),
    ]);
    return { dryRun, cutoffs, deleted: { viewingRequests, valuationRequests, contactMessages, amlChecks } };
  }
  const deleted = await prisma.$transaction(async (tx) => {
    const counts = {
      viewingRequests: (await tx.viewingRequest.deleteMany({ where: requests })).count,
      valuationRequests: (await tx.valuationRequest.deleteMany({ where: requests })).count,
      contactMessages: (await tx.contactMessage.deleteMany({ where: messages })).count,
      // Checks whose relationship ended more than five years ago, with their document records (cascade).
      amlChecks: (await tx.dueDiligenceCheck.deleteMany({ where: checks })).count,
    };
    await recordAudit(
      {
        actorId: null,
        action: "retention.purge",
        entity: "Retention",
        entityId: now.toISOString().slice(0, 10),
        detail: {
          ...counts,
          cutoffs: {
            viewingsAndValuations: cutoffs.viewingsAndValuations.toISOString(),
            supportRecords: cutoffs.supportRecords.toISOString(),
            amlRecords: cutoffs.amlRecords.toISOString(),
          },
        },
      },
      tx,
    );
    return counts;
  });
  return { dryRun, cutoffs, deleted };
}
