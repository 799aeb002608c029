// The nominated officer's view (MLR 2017 reg. 21): the register of checks and of overridden gates, the
// suspicious-activity reports staff raise, and the firm-wide risk assessment (reg. 18). Reports are shown to
// the officer alone: nobody else, the person they concern least of all, may learn of one (no tipping off).
import { prisma } from "../../lib/db.server";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import type { SessionUser } from "../auth/roles";
import { type Actor, checkJson } from "./checks.server";
import { OVERRIDE_ACTIONS } from "./listing-gates.server";

/** Anyone but the officer is told the page does not exist: a 403 would say there is something to hide. */
export const officerOnly = () => new ServiceError(404, "Not found");

export async function isNominatedOfficer(user: SessionUser) {
  if (user.role !== "admin") return false;
  const row = await prisma.user.findUnique({ where: { id: user.id }, select: { nominatedOfficer: true } });
  return Boolean(row?.nominatedOfficer);
}

export async function assertNominatedOfficer(user: SessionUser) {
  if (!(await isNominatedOfficer(user))) throw officerOnly();
}

export async function officerRegister(user: SessionUser) {
  await assertNominatedOfficer(user);
  const [checks, overrides, reports, assessment, lastImport] = await Promise.all([
    prisma.dueDiligenceCheck.findMany({
      orderBy: { id: "desc" },
      take: 500,
      include: { documents: { select: { id: true, kind: true, fileName: true, byteSize: true, createdAt: true } } },
    }),
    prisma.auditEvent.findMany({
      where: { action: { in: [...OVERRIDE_ACTIONS] } },
      orderBy: { id: "desc" },
      take: 200,
      include: { actor: { select: { fullName: true } } },
    }),
    prisma.suspiciousActivityReport.findMany({ orderBy: { id: "desc" }, take: 200 }),
    prisma.riskAssessment.findFirst({ orderBy: { id: "desc" } }),
    prisma.sanctionsImport.findFirst({ orderBy: { id: "desc" } }),
  ]);
  return {
    checks: checks.map(checkJson),
    overrides: overrides.map((event) => ({
      id: event.id,
      at: event.createdAt.toISOString(),
      by: event.actor?.fullName ?? "unknown",
      what: event.entity === "Sale" ? "Memorandum of sale issued" : "Home listed",
      entity: event.entity,
      entityId: event.entityId,
      missing: ((event.detail as { missing?: string[] } | null)?.missing ?? []).join("; "),
    })),
    reports: reports.map((report) => ({
      id: report.id,
      subject: report.subject,
      details: report.details,
      outcome: report.outcome,
      createdAt: report.createdAt.toISOString(),
      decidedAt: report.decidedAt?.toISOString() ?? null,
    })),
    assessment: assessment
      ? {
          summary: assessment.summary,
          reviewDue: assessment.reviewDue.toISOString().slice(0, 10),
          savedAt: assessment.createdAt.toISOString(),
        }
      : null,
    sanctionsList: lastImport
      ? {
          importedAt: lastImport.createdAt.toISOString(),
          listUpdated: lastImport.listUpdated,
          entries: lastImport.entries,
        }
      : null,
  };
}

/**
 * Any member of staff raises a report; it goes to the officer alone. The audit entry names no subject, so the
 * audit log (which every admin reads) does not tip anyone off.
 */
export async function raiseSuspiciousActivity({
  actor,
  input,
}: {
  actor: Actor;
  input: { subject: string; details: string };
}) {
  return prisma.$transaction(async (tx) => {
    const report = await tx.suspiciousActivityReport.create({
      data: { raisedById: actor.id, subject: input.subject, details: input.details },
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "sar.raise",
        entity: "SuspiciousActivityReport",
        entityId: report.id,
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return { id: report.id };
  });
}

export async function decideSuspiciousActivity({
  user,
  actor,
  reportId,
  outcome,
}: {
  user: SessionUser;
  actor: Actor;
  reportId: number;
  outcome: string;
}) {
  await assertNominatedOfficer(user);
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.suspiciousActivityReport.updateMany({
      where: { id: reportId },
      data: { outcome, decidedAt: new Date() },
    });
    if (count === 0) throw new ServiceError(404, "Report not found");
    await recordAudit(
      {
        actorId: actor.id,
        action: "sar.decide",
        entity: "SuspiciousActivityReport",
        entityId: reportId,
        ipAddress: actor.ipAddress,
      },
      tx,
    );
  });
}

export async function saveRiskAssessment({
  user,
  actor,
  input,
}: {
  user: SessionUser;
  actor: Actor;
  input: { summary: string; review_due: string };
}) {
  await assertNominatedOfficer(user);
  return prisma.$transaction(async (tx) => {
    const row = await tx.riskAssessment.create({
      data: { summary: input.summary, reviewDue: new Date(`${input.review_due}T00:00:00Z`), savedById: actor.id },
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "risk_assessment.save",
        entity: "RiskAssessment",
        entityId: row.id,
        detail: { reviewDue: input.review_due },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
  });
}
