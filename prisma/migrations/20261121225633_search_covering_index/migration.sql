-- DropIndex
DROP INDEX "Project_latitude_longitude_idx";

-- CreateIndex
CREATE INDEX "Project_search_idx" ON "Project"("latitude", "longitude", "status", "price", "bedrooms", "listedAt", "propertyType", "id");
