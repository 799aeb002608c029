// The audit trail: who did what to which record (deletions, signatures, status changes, payments).
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number;
  detail?: Prisma.InputJsonValue;
  ipAddress?: string | null;
};

/** Records an event, inside the caller's transaction when one is passed, so it is kept only if the change is. */
export function recordAudit(entry: AuditEntry, db: Prisma.TransactionClient = prisma) {
  return db.auditEvent.create({
    data: { actorId: entry.actorId, action: entry.action, entity: entry.entity, entityId: String(entry.entityId), detail: entry.detail, ipAddress: entry.ipAddress ?? null },
  });
}
