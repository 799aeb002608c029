// Times the radius search inside the database: the real service (searchListings, the query both the
// results page and POST /api/v1/properties/search run), called directly many times with random
// postcodes and filters, against the database in DATA_DIR or DATABASE_URL. Prints JSON on stdout.
// Built by bench/lib/build-entries.js; run by bench/run.js while the server is stopped.
import { performance } from "node:perf_hooks";
import { closeDatabase } from "../../app/lib/db.server";
import { loadPostcodeIndex } from "../../app/modules/geo/postcode-index.server";
import { SearchSchema } from "../../app/modules/search/filters";
import { searchListings } from "../../app/modules/search/search.server";

type Sample = { postcode: string; filters: Record<string, string> };

export async function timeSearches(samples: Sample[], warmup = 20) {
  await loadPostcodeIndex();
  const timings: number[] = [];
  let matched = 0;
  for (const [i, sample] of samples.entries()) {
    const filters = SearchSchema.parse({ postcode: sample.postcode, ...sample.filters });
    const started = performance.now();
    const result = await searchListings(filters);
    const ms = performance.now() - started;
    if (i >= warmup) {
      timings.push(ms);
      matched += result.total;
    }
  }
  await closeDatabase();
  return { timings, meanMatches: matched / Math.max(1, timings.length) };
}
