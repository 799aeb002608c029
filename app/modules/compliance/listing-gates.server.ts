// The gates before a home is listed and before a memorandum of sale is issued (gates.ts has the rules).
// LISTING_CHECKS=enforce refuses with what is missing (409); "warn" lets the admin go on and records the
// override, with the unmet checks, in the audit log, where the nominated officer's register reads it.
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { isPaid } from "../projects/rules";
import { evaluateGates, type GateResult, LISTING_GATES, MEMORANDUM_GATES, refusal, unmet } from "./gates";

type Db = Prisma.TransactionClient;

export const OVERRIDE_ACTIONS = ["compliance.listing_override", "compliance.memorandum_override"] as const;

export async function listingGates(
  projectId: number,
  actorId: number | null,
  db: Db = prisma,
): Promise<GateResult[] | null> {
  const project = await db.project.findUnique({
    where: { id: projectId },
    select: {
      contractSignedAt: true,
      price: true,
      tenure: true,
      councilTaxBand: true,
      ownerId: true,
      payments: { select: { status: true } },
      checks: { where: { party: "seller" }, select: { status: true } },
    },
  });
  if (!project) return null;
  return evaluateGates(LISTING_GATES, {
    contractSigned: Boolean(project.contractSignedAt),
    paid: isPaid(project.payments.map((p) => p.status)),
    sellerChecks: project.checks.map((c) => c.status),
    price: project.price,
    tenure: project.tenure,
    councilTaxBand: project.councilTaxBand,
    ownerId: project.ownerId,
    actorId,
  });
}

export async function memorandumGates(saleId: number, db: Db = prisma): Promise<GateResult[]> {
  const sale = await db.sale.findUniqueOrThrow({
    where: { id: saleId },
    select: { offer: { select: { checks: { select: { status: true } } } } },
  });
  return evaluateGates(MEMORANDUM_GATES, { buyerCheck: sale.offer.checks[0]?.status ?? null });
}

export const listingChecksMode = () => getEnv().LISTING_CHECKS;

type Override = { actor: { id: number; ipAddress?: string | null }; entity: "Project" | "Sale"; entityId: number };

/**
 * Holds a step to its gates inside the step's transaction: enforced, unmet gates refuse it with what is missing;
 * warned, the step goes ahead and the override is recorded. Returns the unmet gates (empty when all are met).
 */
export async function holdToGates(tx: Db, results: GateResult[], what: string, override: Override) {
  const missing = unmet(results);
  if (missing.length === 0) return [];
  const refusedWith = refusal(what, results);
  if (listingChecksMode() === "enforce") throw new ServiceError(409, refusedWith);
  // One guard per override: a staff member may not list their own home even when checks only warn.
  if (missing.some((gate) => gate.key === "not_own_home")) throw new ServiceError(409, refusedWith);
  await recordAudit(
    {
      actorId: override.actor.id,
      action: override.entity === "Project" ? OVERRIDE_ACTIONS[0] : OVERRIDE_ACTIONS[1],
      entity: override.entity,
      entityId: override.entityId,
      detail: { unmet: missing.map((gate) => gate.key), missing: missing.map((gate) => gate.missing) },
      ipAddress: override.actor.ipAddress ?? null,
    },
    tx,
  );
  return missing;
}
