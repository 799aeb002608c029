-- CreateEnum
CREATE TYPE "ListingReviewDecision" AS ENUM ('approved', 'changes_requested', 'voided');

-- CreateEnum
CREATE TYPE "ComplaintStatus" AS ENUM ('open', 'resolved');

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "approvalRequestedAt" TIMESTAMP(3),
ADD COLUMN     "personalInterest" TEXT,
ADD COLUMN     "personalInterestRecordedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ListingReview" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "decision" "ListingReviewDecision" NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "sections" JSONB NOT NULL,
    "userId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ListingReview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ListingChangeRequest" (
    "id" SERIAL NOT NULL,
    "reviewId" INTEGER NOT NULL,
    "section" TEXT NOT NULL,
    "comment" TEXT NOT NULL,

    CONSTRAINT "ListingChangeRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Complaint" (
    "id" SERIAL NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "projectId" INTEGER,
    "details" TEXT NOT NULL,
    "status" "ComplaintStatus" NOT NULL DEFAULT 'open',
    "finalResponse" TEXT,
    "finalResponseAt" TIMESTAMP(3),
    "recordedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Complaint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ListingReview_projectId_id_idx" ON "ListingReview"("projectId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ListingChangeRequest_reviewId_section_key" ON "ListingChangeRequest"("reviewId", "section");

-- CreateIndex
CREATE INDEX "Complaint_status_receivedAt_idx" ON "Complaint"("status", "receivedAt");

-- AddForeignKey
ALTER TABLE "ListingReview" ADD CONSTRAINT "ListingReview_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ListingReview" ADD CONSTRAINT "ListingReview_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ListingChangeRequest" ADD CONSTRAINT "ListingChangeRequest_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "ListingReview"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_recordedById_fkey" FOREIGN KEY ("recordedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
