-- Radius search reads listed homes only (status completed or sold): its four indexes hold only those
-- rows, so the status test is the indexes' own predicate rather than a check on every entry scanned.
-- Written by hand: the Prisma schema cannot declare a partial index, and Prisma does not read them, so
-- they are not in schema.prisma and no later migration Prisma writes will drop or re-create them.

-- DropIndex
DROP INDEX "Project_search_idx";

-- CreateIndex
CREATE INDEX "Project_search_idx" ON "Project"("latitude", "longitude", "price", "bedrooms", "listedAt", "propertyType", "id") WHERE "status" IN ('completed', 'sold');

-- The same led by the property type: a search for houses, flats or bungalows reads only their entries
-- (one range per type) instead of skipping every other type's on the way.
-- CreateIndex
CREATE INDEX "Project_type_search_idx" ON "Project"("propertyType", "latitude", "longitude", "price", "bedrooms", "listedAt", "id") WHERE "status" IN ('completed', 'sold');

-- A dense search reads its page along the sort order and stops (walkPage in search.server.ts): each
-- order's columns first, then every column the search filters on, so the walk reads the index alone.
-- CreateIndex
CREATE INDEX "Project_price_order_idx" ON "Project"("price", "id", "latitude", "longitude", "bedrooms", "listedAt", "propertyType") WHERE "status" IN ('completed', 'sold');

-- CreateIndex
CREATE INDEX "Project_listed_order_idx" ON "Project"("listedAt", "id", "latitude", "longitude", "price", "bedrooms", "propertyType") WHERE "status" IN ('completed', 'sold');
