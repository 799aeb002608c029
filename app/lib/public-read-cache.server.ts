// Public listing reads (the list, a listing, search results, the bookings API) kept in memory until listing
// data changes. Every page view used to ask the database again for data that changes a few times a day;
// with PGlite a query holds the only thread, so the cache is what lets pages keep up under load.
//
// Correctness: db.server.ts calls `publicDataChanged()` after every write to a listing model, and again
// when a transaction that wrote one commits; on PostgreSQL the other processes are told, and call it too
// (public-data-notices.server.ts). A read that was running while data changed is not kept (its generation is
// stale). Entries also expire after `MAX_AGE_MS`, so that what changes with the day ("Added today") moves on.
const MAX_AGE_MS = 30_000;

/** Models whose rows public pages and the public API show. */
export const PUBLIC_MODELS: ReadonlySet<string> = new Set([
  "Project",
  "ProjectImage",
  "FloorPlan",
  "ProjectDocument",
  "VirtualTour",
  "PriceChange",
]);

type Entry = { value: Promise<unknown>; expires: number };
type Store = { entries: Map<string, Entry>; max: number };

let generation = 0;
// Whole reads (a page of results, a listing) and single rows (a listing's card) are kept apart: a search adds
// a dozen rows, and the rows of many different searches must not push out whole reads.
const reads: Store = { entries: new Map(), max: 5_000 };
const rows: Store = { entries: new Map(), max: 5_000 };

/** Changes each time public data changes (to tell whether a transaction wrote any). */
export const publicDataGeneration = () => generation;

export function publicDataChanged() {
  generation++;
  reads.entries.clear();
  rows.entries.clear();
}

/**
 * `load()`'s result for `key`, shared by every caller until public data changes or it expires. Concurrent
 * callers share one load; a failed load is not kept. Treat the value as read-only: it is shared.
 */
export function cachedPublicRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = reads.entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const started = generation;
  const value = load();
  keep(reads, key, value, started, now);
  return value;
}

/**
 * Each of `ids`' values under `${prefix}${id}`, as `cachedPublicRead` keeps them, with every id not kept read
 * by one call of `load` (an id it leaves out has no value: `undefined`). For rows that many reads share, such
 * as the cards of listings that appear in many different searches.
 */
export async function cachedPublicReads<T>(
  prefix: string,
  ids: readonly number[],
  load: (missing: number[]) => Promise<Map<number, T>>,
): Promise<Map<number, T | undefined>> {
  const now = Date.now();
  const values = new Map<number, Promise<T | undefined>>();
  const missing = new Set<number>();
  for (const id of ids) {
    const hit = rows.entries.get(`${prefix}${id}`);
    if (hit && hit.expires > now) values.set(id, hit.value as Promise<T | undefined>);
    else missing.add(id);
  }
  if (missing.size) {
    const started = generation;
    const loaded = load([...missing]);
    for (const id of missing) {
      const value = loaded.then((found) => found.get(id));
      values.set(id, value);
      keep(rows, `${prefix}${id}`, value, started, now);
    }
  }
  return new Map(await Promise.all([...values].map(async ([id, value]) => [id, await value] as const)));
}

/** Keeps `value` under `key` unless it fails, or public data changes while it loads (it may hold old rows). */
function keep({ entries, max }: Store, key: string, value: Promise<unknown>, started: number, now: number) {
  const entry: Entry = { value, expires: now + MAX_AGE_MS };
  if (entries.size >= max) entries.delete(entries.keys().next().value!);
  entries.set(key, entry);
  value.then(
    () => generation !== started && entries.get(key) === entry && entries.delete(key),
    () => entries.get(key) === entry && entries.delete(key),
  );
}
