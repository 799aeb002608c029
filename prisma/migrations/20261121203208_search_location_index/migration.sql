-- CreateIndex
CREATE INDEX "Project_latitude_longitude_idx" ON "Project"("latitude", "longitude");
