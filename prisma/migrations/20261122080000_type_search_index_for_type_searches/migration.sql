-- Project_type_search_idx serves searches for a type of home only. PostgreSQL 18 (and PGlite, which is
-- PostgreSQL 18) can skip-scan an index on its leading column, and chose this one for searches of any
-- type too, stepping through every property type: about four times slower than Project_search_idx. With
-- the property types in its predicate, only a search that names types (which then implies it) can use it.
-- Written by hand, like 20261122041524: Prisma cannot declare a partial index.

-- DropIndex
DROP INDEX "Project_type_search_idx";

-- CreateIndex
CREATE INDEX "Project_type_search_idx" ON "Project"("propertyType", "latitude", "longitude", "price", "bedrooms", "listedAt", "id") WHERE "status" IN ('completed', 'sold') AND "propertyType" IN ('Detached', 'Semi-Detached', 'Terraced', 'Flat/Apartment', 'Maisonette', 'Studio', 'Bungalow', 'Other');
