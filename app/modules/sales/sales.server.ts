// The sale that follows an accepted offer. Opening and ending it move the home's public status in the same
// transaction as the offer's move, so the listing, the offer and the sale never disagree.
import type { Prisma } from "../../generated/prisma/client";
import { londonToday } from "../../lib/dates";
import { ServiceError } from "../../lib/service-error";
import { endRelationship, openBuyerCheck } from "../compliance/checks.server";
import { queuePortalSync } from "../portals/sync.server";
import { isExchanged } from "./milestones";

type Tx = Prisma.TransactionClient;

export const ALREADY_UNDER_OFFER = "Another offer on this home has already been accepted.";

/**
 * Puts the home under offer to this offer's buyer and opens its sale. Of two offers accepted at once exactly
 * one gets here first: the home's row moves from for_sale only once (the other update matches no row and
 * gets a 409), and the partial unique index "Offer_one_accepted_per_home" backs it in the database.
 */
export async function openSale(tx: Tx, offer: { id: number; projectId: number }, agreedPrice: number) {
  const moved = await tx.project.updateMany({
    where: { id: offer.projectId, status: "completed", saleStatus: "for_sale" },
    data: { saleStatus: "under_offer" },
  });
  if (moved.count === 0) throw new ServiceError(409, ALREADY_UNDER_OFFER);
  await queuePortalSync(tx, { projectId: offer.projectId, reason: "under offer" });
  // The buyer is checked before the memorandum of sale (MLR 2017: once the offer is accepted).
  await openBuyerCheck(tx, offer.id);
  return tx.sale.create({ data: { projectId: offer.projectId, offerId: offer.id, agreedPrice } });
}

/**
 * Whether contracts have been exchanged on the sale (its Exchange milestone is dated today or earlier). Locks
 * the sale's row first, as a progression save does, so an exchange recorded at this moment is seen.
 */
export async function contractsExchanged(tx: Tx, saleId: number, now = new Date()) {
  await tx.$queryRaw`SELECT id FROM "Sale" WHERE id = ${saleId} FOR UPDATE`;
  const exchange = await tx.saleMilestone.findUnique({
    where: { saleId_key: { saleId, key: "exchange" } },
    select: { doneOn: true },
  });
  return isExchanged(exchange?.doneOn ?? null, londonToday(now));
}

/** The sale in progress for a home, if any. */
export function currentSale(db: Tx, projectId: number) {
  return db.sale.findFirst({ where: { projectId, state: "in_progress" } });
}

/**
 * Ends a sale that will not complete: the offer is marked fallen_through and the home goes back to For sale.
 * Returns null when the sale had already ended.
 */
export async function fallThrough(tx: Tx, saleId: number, reason: string) {
  const ended = await tx.sale.updateMany({
    where: { id: saleId, state: "in_progress" },
    data: { state: "fallen_through", endedAt: new Date(), fallThroughReason: reason },
  });
  if (ended.count === 0) return null;
  const sale = await tx.sale.findUniqueOrThrow({ where: { id: saleId } });
  await tx.offer.update({ where: { id: sale.offerId }, data: { status: "fallen_through" } });
  await endRelationship(tx, { offerId: sale.offerId });
  const back = await tx.project.updateMany({
    where: { id: sale.projectId, status: "completed" },
    data: { saleStatus: "for_sale" },
  });
  if (back.count > 0) await queuePortalSync(tx, { projectId: sale.projectId, reason: "back on the market" });
  return sale;
}

/**
 * Completes a sale: its state, the Completion milestone (today if it has no date yet) and the home, which is
 * then Sold as the admin's "Mark as Sold" makes it (soldAt). Used by a Completion date and by "Mark as Sold".
 */
export async function completeSale(tx: Tx, saleId: number, projectId: number, now = new Date()) {
  const sale = await tx.sale.update({ where: { id: saleId }, data: { state: "completed", endedAt: now } });
  await endRelationship(tx, { offerId: sale.offerId }, now);
  await endRelationship(tx, { projectId }, now);
  const completion = await tx.saleMilestone.findUnique({ where: { saleId_key: { saleId, key: "completion" } } });
  if (!completion?.doneOn || completion.doneOn.toISOString().slice(0, 10) > londonToday(now)) {
    await tx.saleMilestone.upsert({
      where: { saleId_key: { saleId, key: "completion" } },
      create: { saleId, key: "completion", doneOn: new Date(`${londonToday(now)}T00:00:00Z`) },
      update: { doneOn: new Date(`${londonToday(now)}T00:00:00Z`) },
    });
  }
  const sold = await tx.project.updateMany({
    where: { id: projectId, status: "completed" },
    data: { status: "sold", soldAt: now },
  });
  if (sold.count > 0) await queuePortalSync(tx, { projectId, reason: "sold" }, now);
}
