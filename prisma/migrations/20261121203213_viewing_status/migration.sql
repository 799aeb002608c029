-- CreateEnum
CREATE TYPE "ViewingStatus" AS ENUM ('pending', 'confirmed', 'declined');

-- AlterTable
ALTER TABLE "ViewingRequest" ADD COLUMN     "status" "ViewingStatus" NOT NULL DEFAULT 'pending';

-- CreateIndex
CREATE INDEX "ViewingRequest_preferredDate_preferredTime_idx" ON "ViewingRequest"("preferredDate", "preferredTime");
