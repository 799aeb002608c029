-- CreateEnum
CREATE TYPE "AlertFrequency" AS ENUM ('instant', 'daily', 'weekly', 'never');

-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'buyer';

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "previousPrice" INTEGER,
ADD COLUMN     "priceChangedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PriceChange" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "fromPrice" INTEGER NOT NULL,
    "toPrice" INTEGER NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PriceChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SavedHome" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "projectId" INTEGER,
    "savedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "priceAtSave" INTEGER NOT NULL,
    "statusAtSave" "ProjectStatus" NOT NULL,
    "addressAtSave" TEXT NOT NULL,

    CONSTRAINT "SavedHome_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SavedSearch" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "frequency" "AlertFrequency" NOT NULL DEFAULT 'daily',
    "checkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SavedSearch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SavedSearchAlert" (
    "savedSearchId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "price" INTEGER NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SavedSearchAlert_pkey" PRIMARY KEY ("savedSearchId","projectId")
);

-- CreateIndex
CREATE INDEX "PriceChange_projectId_changedAt_idx" ON "PriceChange"("projectId", "changedAt");

-- CreateIndex
CREATE INDEX "PriceChange_changedAt_idx" ON "PriceChange"("changedAt");

-- CreateIndex
CREATE INDEX "SavedHome_projectId_idx" ON "SavedHome"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "SavedHome_userId_projectId_key" ON "SavedHome"("userId", "projectId");

-- CreateIndex
CREATE INDEX "SavedSearch_userId_idx" ON "SavedSearch"("userId");

-- CreateIndex
CREATE INDEX "SavedSearch_frequency_checkedAt_idx" ON "SavedSearch"("frequency", "checkedAt");

-- CreateIndex
CREATE INDEX "SavedSearchAlert_projectId_idx" ON "SavedSearchAlert"("projectId");

-- AddForeignKey
ALTER TABLE "PriceChange" ADD CONSTRAINT "PriceChange_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedHome" ADD CONSTRAINT "SavedHome_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedHome" ADD CONSTRAINT "SavedHome_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedSearch" ADD CONSTRAINT "SavedSearch_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedSearchAlert" ADD CONSTRAINT "SavedSearchAlert_savedSearchId_fkey" FOREIGN KEY ("savedSearchId") REFERENCES "SavedSearch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedSearchAlert" ADD CONSTRAINT "SavedSearchAlert_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
