-- CreateEnum
CREATE TYPE "CheckParty" AS ENUM ('seller', 'buyer');

-- CreateEnum
CREATE TYPE "CheckProviderName" AS ENUM ('manual', 'stripe_identity');

-- CreateEnum
CREATE TYPE "CheckStatus" AS ENUM ('pending', 'in_review', 'possible_match', 'passed', 'failed');

-- CreateEnum
CREATE TYPE "RiskRating" AS ENUM ('standard', 'enhanced');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "nominatedOfficer" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "DueDiligenceCheck" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER,
    "offerId" INTEGER,
    "userId" INTEGER,
    "party" "CheckParty" NOT NULL,
    "capacity" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "email" TEXT NOT NULL DEFAULT '',
    "projectAddress" TEXT NOT NULL DEFAULT '',
    "provider" "CheckProviderName" NOT NULL DEFAULT 'manual',
    "providerSessionId" TEXT,
    "status" "CheckStatus" NOT NULL DEFAULT 'pending',
    "identityVerified" BOOLEAN NOT NULL DEFAULT false,
    "addressVerified" BOOLEAN NOT NULL DEFAULT false,
    "evidence" TEXT NOT NULL DEFAULT '',
    "sourceOfFunds" TEXT,
    "sourceOfFundsChecked" BOOLEAN NOT NULL DEFAULT false,
    "riskRating" "RiskRating",
    "riskReasons" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sanctionsScreenedAt" TIMESTAMP(3),
    "sanctionsMatches" JSONB,
    "decidedById" INTEGER,
    "decidedAt" TIMESTAMP(3),
    "decisionNote" TEXT NOT NULL DEFAULT '',
    "relationshipEndedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DueDiligenceCheck_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DueDiligenceDocument" (
    "id" SERIAL NOT NULL,
    "checkId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DueDiligenceDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SanctionsEntry" (
    "id" SERIAL NOT NULL,
    "groupId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "normalisedName" TEXT NOT NULL,
    "groupType" TEXT NOT NULL,
    "regime" TEXT NOT NULL DEFAULT '',
    "aliasType" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "SanctionsEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SanctionsImport" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "listUpdated" TEXT NOT NULL DEFAULT '',
    "entries" INTEGER NOT NULL,
    "groups" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SanctionsImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SuspiciousActivityReport" (
    "id" SERIAL NOT NULL,
    "raisedById" INTEGER,
    "projectId" INTEGER,
    "subject" TEXT NOT NULL,
    "details" TEXT NOT NULL,
    "outcome" TEXT NOT NULL DEFAULT '',
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SuspiciousActivityReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RiskAssessment" (
    "id" SERIAL NOT NULL,
    "summary" TEXT NOT NULL,
    "reviewDue" DATE NOT NULL,
    "savedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RiskAssessment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DueDiligenceCheck_providerSessionId_key" ON "DueDiligenceCheck"("providerSessionId");

-- CreateIndex
CREATE INDEX "DueDiligenceCheck_projectId_party_idx" ON "DueDiligenceCheck"("projectId", "party");

-- CreateIndex
CREATE INDEX "DueDiligenceCheck_status_idx" ON "DueDiligenceCheck"("status");

-- CreateIndex
CREATE INDEX "DueDiligenceCheck_relationshipEndedAt_idx" ON "DueDiligenceCheck"("relationshipEndedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DueDiligenceCheck_offerId_key" ON "DueDiligenceCheck"("offerId");

-- CreateIndex
CREATE INDEX "DueDiligenceDocument_checkId_idx" ON "DueDiligenceDocument"("checkId");

-- CreateIndex
CREATE INDEX "SanctionsEntry_groupId_idx" ON "SanctionsEntry"("groupId");

-- AddForeignKey
ALTER TABLE "DueDiligenceCheck" ADD CONSTRAINT "DueDiligenceCheck_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DueDiligenceCheck" ADD CONSTRAINT "DueDiligenceCheck_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "Offer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DueDiligenceCheck" ADD CONSTRAINT "DueDiligenceCheck_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DueDiligenceDocument" ADD CONSTRAINT "DueDiligenceDocument_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "DueDiligenceCheck"("id") ON DELETE CASCADE ON UPDATE CASCADE;
