// Several app processes may share one PostgreSQL database (web processes, `npm run worker`), and each web process
// keeps listing data in memory (public-read-cache.server.ts and the response cache). A process empties its own
// caches when it writes listing data; this tells the others at once, through PostgreSQL's LISTEN/NOTIFY: after
// each such write (and after the commit of a transaction that made one) the writer sends a notice, and every
// process listening empties its caches when it arrives, a few milliseconds later. A listening process also
// empties them every `LONGEST_UNSEEN_MS`, in case a notice is lost. On the embedded database there is one
// process and nothing to tell.
import { randomUUID } from "node:crypto";

import pg from "pg";

import { logger } from "./logger.server";
import { publicDataChanged } from "./public-read-cache.server";

const CHANNEL = "movewise_public_data_changed";
/** Sent as the notice's payload, so a process knows its own notices (it has emptied its caches already). */
const THIS_PROCESS = randomUUID();
/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;
/**
 * The longest a change made through another process can go unseen should its notice be lost (a connection
 * that died without a word): the caches are emptied this often whatever happens. The caches' own limits (an
 * answer kept 15 s, made from reads kept 30 s) would allow 45 s.
 */
const LONGEST_UNSEEN_MS = 15_000;

/**
 * Returns a function that tells the other processes on `pool`'s database that listing data changed. The notice
 * is sent without waiting for it; a call made while one is being sent sends one more after it, so the last
 * notice always leaves after the last write (the commit) that asked for it.
 */
export function changeAnnouncer(pool: pg.Pool) {
  let sending = false;
  let again = false;
  const send = () => {
    sending = true;
    again = false;
    pool
      .query("SELECT pg_notify($1, $2)", [CHANNEL, THIS_PROCESS])
      .catch((err: unknown) => {
        // Closing the database (tests, shutdown) may cut a notice short; nobody is left to miss it.
        if (!pool.ending) logger.warn({ err }, "other processes could not be told that listing data changed");
      })
      .finally(() => {
        sending = false;
        if (again) send();
      });
  };
  return () => {
    if (sending) again = true;
    else send();
  };
}

/**
 * Listens on a connection of its own for the notices other processes send, emptying this process's caches at
 * each (and every `LONGEST_UNSEEN_MS`); resolves once listening. A lost connection is made again every second;
 * once it is, the caches are emptied too, for whatever changed while nobody listened.
 */
export async function listenForChanges(url: string): Promise<{ close(): Promise<void> }> {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const listen = async () => {
    // TCP keep-alive, so that a connection that died without a word is noticed and made again.
    const client = new pg.Client({ connectionString: url, application_name: "movewise-notices", keepAlive: true });
    current = client;
    let listening = false;
    const lost = (err?: unknown) => {
      if (current !== client || closed) return;
      current = undefined;
      // Said once when a working connection goes, not at every attempt while the database is away.
      if (listening) logger.warn({ err }, "lost the connection that hears of other processes' changes; reconnecting");
      client.end().catch(() => undefined);
      retry = setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS);
      retry.unref();
    };
    client.on("notification", (notice) => {
      if (notice.payload !== THIS_PROCESS) publicDataChanged();
    });
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost(err);
      throw err;
    }
    listening = true;
    publicDataChanged();
  };

  await listen();
  const sweep = setInterval(publicDataChanged, LONGEST_UNSEEN_MS).unref();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(sweep);
      await current?.end();
    },
  };
}
