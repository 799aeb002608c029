-- A district or area search ("This area only", or a postcode area such as EH) finds its homes by their
-- outcode. With only Project_outcode_idx, PostgreSQL fetched every home of the area from the table to test
-- the rest of the search, or combined the outcode with the list page's trigram index on the type and so read
-- every flat in the country: 280 such searches at a million listings took p50 13-15 ms and p95 163-191 ms.
-- This index holds everything the search reads of a listed home, so the count and the page come from it
-- alone (app/modules/search/search.server.ts, docs/decisions/0021): p50 4-5 ms, p95 13 ms, at most 20-25 ms.
-- Written by hand, like 20261122041524: Prisma cannot declare a partial index.

-- CreateIndex
CREATE INDEX "Project_outcode_search_idx" ON "Project"("outcode", "propertyType", "price", "bedrooms", "listedAt", "latitude", "longitude", "id") WHERE "status" IN ('completed', 'sold');
