// The audit trail: who did what to which record (deletions, signatures, status changes, payments).
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { type PageQuery, paginate } from "../../lib/pagination";

export type AuditEntry = {
  actorId: number | null;
  action: string;
  /** Null for an event about no record, e.g. a failed sign-in to an address without an account. */
  entity: string | null;
  entityId: string | number | null;
  detail?: Prisma.InputJsonValue;
  ipAddress?: string | null;
};

/** Records an event, inside the caller's transaction when one is passed, so it is kept only if the change is. */
export function recordAudit(entry: AuditEntry, db: Prisma.TransactionClient = prisma) {
  return db.auditEvent.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      detail: entry.detail,
      ipAddress: entry.ipAddress ?? null,
    },
  });
}

export type AuditFilter = { action?: string; entity?: string };

/** A page of events for /admin/audit, newest first, with who did it. */
export function listAuditEvents(filter: AuditFilter, query: PageQuery) {
  const where = {
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.entity ? { entity: filter.entity } : {}),
  };
  return paginate(
    query,
    () => prisma.auditEvent.count({ where }),
    (window) =>
      prisma.auditEvent.findMany({
        where,
        ...window,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: {
          id: true,
          action: true,
          entity: true,
          entityId: true,
          detail: true,
          ipAddress: true,
          createdAt: true,
          actorId: true,
          actor: { select: { email: true, fullName: true } },
        },
      }),
  );
}

/** The actions and record types that occur, for the filter's choices. */
export async function auditFilterChoices() {
  const [actions, entities] = await Promise.all([
    prisma.auditEvent.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } }),
    prisma.auditEvent.findMany({
      distinct: ["entity"],
      select: { entity: true },
      where: { entity: { not: null } },
      orderBy: { entity: "asc" },
    }),
  ]);
  return { actions: actions.map((a) => a.action), entities: entities.flatMap((e) => (e.entity ? [e.entity] : [])) };
}
