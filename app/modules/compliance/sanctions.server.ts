// The UK sanctions list as last imported, and the screen of one name against it.
import { readFile } from "node:fs/promises";

import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import { possibleMatches } from "./names";
import { parseConsolidatedList } from "./sanctions-list";

const BATCH = 1000;

/** Replaces the list with the one in `text` (ConList.csv), in one transaction; returns what was imported. */
export async function importSanctionsList(text: string, source: string, actorId: number | null = null) {
  const { listUpdated, entries } = parseConsolidatedList(text);
  const groups = new Set(entries.map((entry) => entry.groupId)).size;
  return prisma.$transaction(
    async (tx) => {
      await tx.sanctionsEntry.deleteMany({});
      for (let at = 0; at < entries.length; at += BATCH)
        await tx.sanctionsEntry.createMany({ data: entries.slice(at, at + BATCH) });
      const run = await tx.sanctionsImport.create({
        data: { source, listUpdated, entries: entries.length, groups },
      });
      await recordAudit(
        {
          actorId,
          action: "sanctions.import",
          entity: "SanctionsImport",
          entityId: run.id,
          detail: { source, listUpdated, entries: entries.length, groups },
        },
        tx,
      );
      return run;
    },
    { timeout: 120_000 },
  );
}

/** Reads the list from a file path or an http(s) address, then imports it. */
export async function importSanctionsFrom(source: string, actorId: number | null = null) {
  const text = /^https?:\/\//.test(source)
    ? await fetch(source, { signal: AbortSignal.timeout(120_000) }).then(async (response) => {
        if (!response.ok) throw new Error(`Fetching the sanctions list failed: HTTP ${response.status}`);
        return response.text();
      })
    : await readFile(source, "utf8");
  return importSanctionsList(text, source, actorId);
}

export const latestSanctionsImport = (db: Prisma.TransactionClient = prisma) =>
  db.sanctionsImport.findFirst({ orderBy: { id: "desc" } });

/** The possible matches for `name` on the imported list, or null when no list has been imported. */
export async function screenName(name: string, db: Prisma.TransactionClient = prisma) {
  if (!(await latestSanctionsImport(db))) return null;
  const listed = await db.sanctionsEntry.findMany({
    select: { groupId: true, name: true, normalisedName: true, regime: true },
  });
  return possibleMatches(name, listed);
}
