-- CreateEnum
CREATE TYPE "Portal" AS ENUM ('rightmove', 'zoopla');

-- CreateEnum
CREATE TYPE "PortalAction" AS ENUM ('send', 'remove');

-- CreateEnum
CREATE TYPE "PortalOutcome" AS ENUM ('accepted', 'rejected', 'failed');

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "sendToPortals" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "PortalListing" (
    "id" SERIAL NOT NULL,
    "portal" "Portal" NOT NULL,
    "projectId" INTEGER NOT NULL,
    "listingRef" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "live" BOOLEAN NOT NULL DEFAULT false,
    "lastAction" "PortalAction",
    "lastOutcome" "PortalOutcome",
    "lastStatus" TEXT,
    "lastAttemptAt" TIMESTAMP(3),
    "lastPayloadHash" TEXT,
    "portalId" TEXT,
    "portalUrl" TEXT,
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalListing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalSubmission" (
    "id" SERIAL NOT NULL,
    "listingId" INTEGER NOT NULL,
    "action" "PortalAction" NOT NULL,
    "reason" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "outcome" "PortalOutcome" NOT NULL,
    "httpStatus" INTEGER,
    "answer" JSONB,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeedExport" (
    "id" SERIAL NOT NULL,
    "fileName" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "propertyCount" INTEGER NOT NULL,
    "mediaCount" INTEGER NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeedExport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PortalListing_lastAttemptAt_idx" ON "PortalListing"("lastAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "PortalListing_portal_projectId_key" ON "PortalListing"("portal", "projectId");

-- CreateIndex
CREATE INDEX "PortalSubmission_listingId_createdAt_idx" ON "PortalSubmission"("listingId", "createdAt");

-- CreateIndex
CREATE INDEX "FeedExport_createdAt_idx" ON "FeedExport"("createdAt");

-- AddForeignKey
ALTER TABLE "PortalSubmission" ADD CONSTRAINT "PortalSubmission_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "PortalListing"("id") ON DELETE CASCADE ON UPDATE CASCADE;
