-- The public list's search box matches listings whose address or property type contains each word typed
-- (ILIKE '%word%', app/modules/listings/listings.server.ts). Without an index that read every listing: at
-- 100,000 listings the uncached list page answered 3.7 requests a second. Trigram indexes (pg_trgm, shipped by
-- PostgreSQL and loaded into PGlite by app/lib/pglite-extensions.ts) let ILIKE read only the candidates.
-- The list by price reads (price, id) in order and tests the status on the way: Prisma casts the statuses
-- it is given, so the partial order indexes of the search never serve its queries.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Project_price_id_idx" ON "Project"("price", "id");

-- CreateIndex
CREATE INDEX "Project_address_trgm_idx" ON "Project" USING GIN ("address" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Project_type_trgm_idx" ON "Project" USING GIN ("propertyType" gin_trgm_ops);
