// Public listing reads (the list, a listing, search results, the bookings API) kept in memory until listing
// data changes. Every page view used to ask the database again for data that changes a few times a day;
// with PGlite a query holds the only thread, so the cache is what lets pages keep up under load.
//
// Correctness: db.server.ts calls `publicDataChanged()` after every write to a listing model, and again
// when a transaction that wrote one commits. A read that was running while data changed is not kept (its
// generation is stale). Entries also expire after `MAX_AGE_MS`, which bounds how long a change made by
// another process (a second server on the same PostgreSQL, `npm run retention`) can go unseen.
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 5_000;

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

let generation = 0;
const entries = new Map<string, Entry>();

/** Changes each time public data changes (to tell whether a transaction wrote any). */
export const publicDataGeneration = () => generation;

export function publicDataChanged() {
  generation++;
  entries.clear();
}

/**
 * `load()`'s result for `key`, shared by every caller until public data changes or it expires. Concurrent
 * callers share one load; a failed load is not kept. Treat the value as read-only: it is shared.
 */
export function cachedPublicRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const started = generation;
  const value = load();
  const entry: Entry = { value, expires: now + MAX_AGE_MS };
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, entry);
  value.then(
    // Data changed while this read ran: it may hold the old rows, so the next caller reads again.
    () => generation !== started && entries.get(key) === entry && entries.delete(key),
    () => entries.get(key) === entry && entries.delete(key),
  );
  return value;
}
