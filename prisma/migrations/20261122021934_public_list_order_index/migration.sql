-- CreateIndex
CREATE INDEX "Project_public_order_idx" ON "Project"("status", "listedAt" DESC, "id" DESC);
