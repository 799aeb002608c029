-- The public list's search box matches listings whose address or property type contains each word typed
-- (ILIKE '%word%', app/modules/listings/listings.server.ts). Without an index that read every listing: at
-- 100,000 listings the uncached list page answered 3.7 requests a second. Trigram indexes (pg_trgm, shipped by
-- PostgreSQL and loaded into PGlite by app/lib/pglite-extensions.ts) let ILIKE read only the candidates.
-- Written by hand, like 20261122041524: Prisma cannot declare a partial index (nor reads one).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Project_address_trgm_idx" ON "Project" USING gin ("address" gin_trgm_ops) WHERE "status" IN ('completed', 'sold');

-- CreateIndex
CREATE INDEX "Project_type_trgm_idx" ON "Project" USING gin ("propertyType" gin_trgm_ops) WHERE "status" IN ('completed', 'sold');
