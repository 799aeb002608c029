// Every live GB postcode with its coordinates (Code-Point Open, data/uk-postcodes-gb.csv.gz), held in
// memory as fixed-width sorted records: exact lookups and prefix suggestions are binary searches.
// Built once per process in about a second (see loadPostcodeIndex), about 28 MB resident.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";

import { logger } from "../../lib/logger.server";

const WIDTH = 8; // "LE1 5WW" and "SW1A 1AA" padded with spaces to 8 bytes; byte order = postcode order

export type PostcodePoint = { postcode: string; latitude: number; longitude: number };

export class PostcodeIndex {
  constructor(
    private readonly keys: Buffer,
    private readonly latitudes: Float32Array,
    private readonly longitudes: Float32Array,
  ) {}

  get size() {
    return this.latitudes.length;
  }

  private keyAt(i: number) {
    return this.keys.toString("latin1", i * WIDTH, i * WIDTH + WIDTH).trimEnd();
  }

  private pointAt(i: number): PostcodePoint {
    // Float32 keeps about 7 significant digits: well under a metre at UK latitudes; round to the source's 5 places.
    const round = (n: number) => Math.round(n * 1e5) / 1e5;
    return { postcode: this.keyAt(i), latitude: round(this.latitudes[i]!), longitude: round(this.longitudes[i]!) };
  }

  /** First record whose key is >= `prefix` (padded compare on the prefix's own length). */
  private lowerBound(prefix: Buffer) {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      // Buffer#compare(target, …, sourceStart, sourceEnd) orders the record (source) against the prefix (target).
      if (this.keys.compare(prefix, 0, prefix.length, mid * WIDTH, mid * WIDTH + prefix.length) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** A full postcode in its normal form ("LE1 5WW"), or null when it is not a live GB postcode. */
  lookup(postcode: string): PostcodePoint | null {
    const key = Buffer.from(postcode.padEnd(WIDTH), "latin1");
    if (key.length !== WIDTH) return null;
    const i = this.lowerBound(key);
    return i < this.size && this.keys.compare(key, 0, WIDTH, i * WIDTH, i * WIDTH + WIDTH) === 0
      ? this.pointAt(i)
      : null;
  }

  /** Up to `limit` postcodes that start with `prefix` (upper case, single space as in "LE1 5"). */
  withPrefix(prefix: string, limit: number): PostcodePoint[] {
    const key = Buffer.from(prefix, "latin1");
    if (key.length === 0 || key.length > WIDTH) return [];
    const found: PostcodePoint[] = [];
    for (let i = this.lowerBound(key); i < this.size && found.length < limit; i++) {
      if (this.keys.compare(key, 0, key.length, i * WIDTH, i * WIDTH + key.length) !== 0) break;
      found.push(this.pointAt(i));
    }
    return found;
  }
}

/** Parses the CSV bytes (header `postcode,latitude,longitude`, sorted by postcode) into an index. */
export function parsePostcodeCsv(csv: Buffer): PostcodeIndex {
  let lines = 0;
  for (let i = 0; i < csv.length; i++) if (csv[i] === 10) lines++;
  const capacity = lines; // header included: one spare slot at most
  const keys = Buffer.alloc(capacity * WIDTH, 0x20);
  const latitudes = new Float32Array(capacity);
  const longitudes = new Float32Array(capacity);
  let count = 0;
  let start = csv.indexOf(10) + 1; // skip the header
  while (start < csv.length) {
    let end = csv.indexOf(10, start);
    if (end === -1) end = csv.length;
    const comma1 = csv.indexOf(44, start);
    const comma2 = csv.indexOf(44, comma1 + 1);
    if (comma1 > start && comma2 > comma1 && comma2 < end && comma1 - start <= WIDTH) {
      csv.copy(keys, count * WIDTH, start, comma1);
      latitudes[count] = Number(csv.toString("latin1", comma1 + 1, comma2));
      longitudes[count] = Number(csv.toString("latin1", comma2 + 1, end));
      count++;
    }
    start = end + 1;
  }
  for (let i = 1; i < count; i++) {
    if (keys.compare(keys, (i - 1) * WIDTH, i * WIDTH, i * WIDTH, (i + 1) * WIDTH) <= 0) {
      throw new Error(`postcode data is not sorted at record ${i}`);
    }
  }
  return new PostcodeIndex(
    keys.subarray(0, count * WIDTH),
    latitudes.subarray(0, count),
    longitudes.subarray(0, count),
  );
}

export const POSTCODE_DATA = path.resolve("data", "uk-postcodes-gb.csv.gz");

let loading: Promise<PostcodeIndex> | undefined;

/** The process's index, built on first use (start-up begins it in the background after listening). */
export function loadPostcodeIndex(file = POSTCODE_DATA): Promise<PostcodeIndex> {
  loading ??= (async () => {
    const started = performance.now();
    const index = parsePostcodeCsv(await promisify(gunzip)(await readFile(file)));
    logger.info({ postcodes: index.size, ms: Math.round(performance.now() - started) }, "postcode index loaded");
    return index;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}
