// Prepared statements for `readRows(query, { prepared: true })` (db.server.ts): the statement is parsed once
// per connection and PostgreSQL may keep its plan (a generic plan, when that costs no more than planning
// again). Planning the listing page's read takes longer than running it, on PGlite above all
// (docs/decisions/0018-prepared-public-reads.md). Only for statements whose best plan does not depend on
// the values: a lookup by id, the nearest prices of one type; never a search whose plan depends on the area.
import { parse, type PGlite, protocol } from "@electric-sql/pglite";

/** A name for each statement text, shared by every connection; texts beyond the bound are not prepared. */
const MAX_STATEMENTS = 100;
const names = new Map<string, string>();

export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_STATEMENTS) names.set(text, (name = `public_read_${names.size + 1}`));
  return name;
}

/** A value `pgliteRows` can send as text, for PostgreSQL to parse as the type it infers from the SQL. */
const sendable = (value: unknown) =>
  value === null ||
  value === undefined ||
  typeof value === "string" ||
  typeof value === "number" ||
  typeof value === "boolean" ||
  (Array.isArray(value) && value.every((item) => typeof item === "number" && Number.isFinite(item)));

/** Whether `pgliteRows` can send these values (else PGlite's `query`, which asks for their types first). */
export const sendableAsText = (values: unknown[]) => values.every(sendable);

const textValue = (value: unknown) =>
  value === null || value === undefined ? null : Array.isArray(value) ? `{${value.join(",")}}` : String(value);

/** The names each PGlite has prepared (a test's in-memory database starts with none). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

/**
 * PGlite's own `query` sends each statement as six protocol messages, each a call into the engine; this sends
 * Parse, Bind, Describe, Execute and Sync in one call. With a `name`, Parse is sent the first time only and
 * PostgreSQL may keep the plan; without, the statement is parsed and planned each time, as `query` does.
 */
export async function pgliteRows<T>(db: PGlite, text: string, values: unknown[], name = ""): Promise<T[]> {
  if (!sendableAsText(values))
    throw new TypeError("A read on the driver takes numbers, strings, booleans and arrays of numbers");
  const prepared = preparedOn.get(db) ?? new Set<string>();
  preparedOn.set(db, prepared);
  const fresh = !name || !prepared.has(name);
  const { serialize } = protocol;
  const message = concat([
    ...(fresh ? [serialize.parse({ name, text })] : []),
    serialize.bind({ statement: name, values: values.map(textValue) }),
    serialize.describe({ type: "P" }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  const messages = await exclusively(db, async () => {
    try {
      return (await db.execProtocol(message, { syncToFs: false })).messages;
    } catch (error) {
      // Whatever failed (a value its type refuses after a first Parse, a statement the session no longer
      // has), the statement is closed and forgotten, so the next read parses it anew.
      if (name) {
        prepared.delete(name);
        await db.execProtocol(concat([serialize.close({ type: "S", name }), serialize.sync()]), {
          syncToFs: false,
          throwOnError: false,
        });
      }
      throw error;
    }
  });
  if (name) prepared.add(name);
  return (parse.parseResults(messages, db.parsers)[0]?.rows ?? []) as T[];
}

/**
 * Raw protocol calls are not queued behind PGlite's transactions as `query` is. Its transaction lock is
 * taken here as `query` takes it, so a read never runs inside someone else's open transaction.
 */
function exclusively<T>(db: PGlite, run: () => Promise<T>): Promise<T> {
  const locked = db as unknown as { _runExclusiveTransaction?: <R>(fn: () => Promise<R>) => Promise<R> };
  if (typeof locked._runExclusiveTransaction !== "function")
    throw new Error("This PGlite has no transaction lock to take: check the pinned version");
  return locked._runExclusiveTransaction(() => db.runExclusive(run));
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
