-- The search indexes led by latitude made a search read every listing in its latitude band, across the whole
-- width of Great Britain, to find those within its longitudes: at a million listings a 10-mile count read
-- about 200,000 entries. They now lead with the band of latitude (0.05°, about 3.5 miles) a home lies in,
-- then its longitude: a search names its bands and reads, in each, only its own longitudes
-- (latitudeBands in app/modules/search/search.server.ts, and docs/decisions/0016).
-- Written by hand, like 20261122041524: Prisma cannot declare a partial or expression index.

-- DropIndex
DROP INDEX "Project_search_idx";

-- CreateIndex
CREATE INDEX "Project_search_idx" ON "Project"((floor("latitude" * 20)), "longitude", "latitude", "price", "bedrooms", "listedAt", "propertyType", "id") WHERE "status" IN ('completed', 'sold');

-- DropIndex
DROP INDEX "Project_type_search_idx";

-- CreateIndex
CREATE INDEX "Project_type_search_idx" ON "Project"("propertyType", (floor("latitude" * 20)), "longitude", "latitude", "price", "bedrooms", "listedAt", "id") WHERE "status" IN ('completed', 'sold') AND "propertyType" IN ('Detached', 'Semi-Detached', 'Terraced', 'Flat/Apartment', 'Maisonette', 'Studio', 'Bungalow', 'Other');
