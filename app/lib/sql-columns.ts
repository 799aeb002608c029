// Columns for statements run with `readRows` (db.server.ts) that return the rows a Prisma `select` would,
// so the two reads cannot drift apart in their plain fields.
import { Prisma } from "../generated/prisma/client";

/** The plain fields a Prisma `select` names (`field: true`), as columns of the table aliased `p`. */
export function selectedColumns(select: Record<string, unknown>): Prisma.Sql {
  const fields = Object.keys(select).filter((field) => select[field] === true);
  for (const field of fields) if (!/^\w+$/.test(field)) throw new Error(`Unexpected field name: ${field}`);
  return Prisma.raw(fields.map((field) => `p."${field}"`).join(", "));
}

/** A `timestamp` column inside json, as the ISO 8601 text of its UTC time (json would drop the "Z"). */
export function isoTime(column: string): Prisma.Sql {
  if (!/^\w+\."\w+"$/.test(column)) throw new Error(`Unexpected column: ${column}`);
  return Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}
