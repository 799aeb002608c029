// The OFSI consolidated list of financial sanctions targets (ConList.csv), as HM Treasury publishes it:
// a first line "Last Updated,<dd/mm/yyyy>", then a header row, then one row per name. Each listed person,
// entity or ship has a Group ID; each of its aliases is another row with the same Group ID. Name 6 is the
// surname (or an entity's whole name), Names 1 to 5 the others. Columns are found by their header, so
// columns OFSI adds later do not matter.
import { parse } from "csv-parse/sync";

import { normaliseName } from "./names";

export type SanctionsListEntry = {
  groupId: string;
  name: string;
  normalisedName: string;
  groupType: string;
  regime: string;
  aliasType: string;
};

export type ParsedSanctionsList = { listUpdated: string; entries: SanctionsListEntry[] };

export class SanctionsFormatError extends Error {
  override name = "SanctionsFormatError";
}

const REQUIRED = ["Name 6", "Group Type", "Group ID"] as const;
/** Ships cannot be customers: their names are not screened against people and companies. */
const SCREENED_TYPES = new Set(["individual", "entity"]);

export function parseConsolidatedList(text: string): ParsedSanctionsList {
  const rows = parse(text.replace(/^\uFEFF/, ""), {
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as string[][];
  const first = rows[0] ?? [];
  const hasBanner = /^last updated/i.test(first[0]?.trim() ?? "");
  const listUpdated = hasBanner
    ? (first
        .slice(1)
        .find((cell) => cell.trim())
        ?.trim() ?? "")
    : "";
  const header = (hasBanner ? rows[1] : rows[0])?.map((cell) => cell.trim()) ?? [];
  const missing = REQUIRED.filter((column) => !header.includes(column));
  if (missing.length)
    throw new SanctionsFormatError(
      `This is not the OFSI consolidated list (ConList.csv): no ${missing.join(", ")} column.`,
    );
  const at = (row: string[], column: string) => {
    const index = header.indexOf(column);
    return index >= 0 ? (row[index] ?? "").trim() : "";
  };
  const entries: SanctionsListEntry[] = [];
  for (const row of rows.slice(hasBanner ? 2 : 1)) {
    const groupType = at(row, "Group Type");
    if (!SCREENED_TYPES.has(groupType.toLowerCase())) continue;
    const given = ["Name 1", "Name 2", "Name 3", "Name 4", "Name 5"].map((column) => at(row, column));
    const name = [...given, at(row, "Name 6")].filter(Boolean).join(" ");
    const normalisedName = normaliseName(name);
    const groupId = at(row, "Group ID");
    if (!normalisedName || !groupId) continue;
    entries.push({
      groupId,
      name,
      normalisedName,
      groupType,
      regime: at(row, "Regime"),
      aliasType: at(row, "Alias Type"),
    });
  }
  if (entries.length === 0) throw new SanctionsFormatError("The file has no listed people or entities.");
  return { listUpdated, entries };
}
