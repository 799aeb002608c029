// A listed home's asking price over time. Every change while it is on the market is kept (PriceChange), and the
// home itself carries the price before the latest change, which is what cards and the property page show as
// "Reduced". Changes before a home is listed are the agency's drafting, not news for buyers: they are not kept.
import type { Prisma } from "../../generated/prisma/client";
import { queueInstantAlerts } from "../alerts/instant.server";

type PriceChangeFacts = { projectId: number; from: number; to: number; at: Date };

/** Records a change of a listed home's price, in the transaction of the update that made it. */
export async function recordPriceChange(tx: Prisma.TransactionClient, { projectId, from, to, at }: PriceChangeFacts) {
  if (from === to) return;
  await tx.priceChange.create({ data: { projectId, fromPrice: from, toPrice: to, changedAt: at } });
  await tx.project.update({ where: { id: projectId }, data: { previousPrice: from, priceChangedAt: at } });
  // A lower price is news for the saved searches it matches.
  if (to < from) await queueInstantAlerts(tx, at);
}
