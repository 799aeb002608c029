-- CreateEnum
CREATE TYPE "SaleStatus" AS ENUM ('for_sale', 'under_offer', 'sold_stc');

-- CreateEnum
CREATE TYPE "BuyerPosition" AS ENUM ('first_time_buyer', 'nothing_to_sell', 'sold_stc', 'needs_to_sell', 'cash');

-- CreateEnum
CREATE TYPE "FeedbackSource" AS ENUM ('agency', 'buyer');

-- CreateEnum
CREATE TYPE "ViewingInterest" AS ENUM ('interested', 'unsure', 'not_interested');

-- CreateEnum
CREATE TYPE "OfferStatus" AS ENUM ('pending', 'countered', 'accepted', 'rejected', 'withdrawn', 'fallen_through');

-- CreateEnum
CREATE TYPE "SaleState" AS ENUM ('in_progress', 'completed', 'fallen_through');

-- CreateEnum
CREATE TYPE "SaleMilestoneKey" AS ENUM ('seller_solicitor_instructed', 'buyer_solicitor_instructed', 'id_checks', 'searches_ordered', 'searches_received', 'mortgage_valuation', 'mortgage_offer', 'enquiries_answered', 'exchange', 'completion');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "ViewingStatus" ADD VALUE 'proposed';
ALTER TYPE "ViewingStatus" ADD VALUE 'cancelled';

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "saleStatus" "SaleStatus" NOT NULL DEFAULT 'for_sale';

-- AlterTable
ALTER TABLE "ViewingRequest" ADD COLUMN     "feedbackRequestedAt" TIMESTAMP(3),
ADD COLUMN     "proposedDate" DATE,
ADD COLUMN     "proposedTime" TEXT,
ADD COLUMN     "userId" INTEGER;

-- CreateTable
CREATE TABLE "ViewingFeedback" (
    "id" SERIAL NOT NULL,
    "viewingId" INTEGER NOT NULL,
    "source" "FeedbackSource" NOT NULL,
    "attended" BOOLEAN NOT NULL,
    "interest" "ViewingInterest",
    "comment" TEXT NOT NULL DEFAULT '',
    "buyerPosition" "BuyerPosition",
    "recordedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ViewingFeedback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Offer" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "buyerId" INTEGER,
    "buyerName" TEXT NOT NULL,
    "buyerEmail" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "counterAmount" INTEGER,
    "position" "BuyerPosition" NOT NULL,
    "mortgageInPrinciple" BOOLEAN NOT NULL,
    "status" "OfferStatus" NOT NULL DEFAULT 'pending',
    "proofKey" TEXT,
    "proofFileName" TEXT,
    "proofContentType" TEXT,
    "proofByteSize" INTEGER,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Offer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OfferEvent" (
    "id" SERIAL NOT NULL,
    "offerId" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "amount" INTEGER,
    "by" TEXT NOT NULL,
    "actorId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OfferEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Sale" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "offerId" INTEGER NOT NULL,
    "agreedPrice" INTEGER NOT NULL,
    "state" "SaleState" NOT NULL DEFAULT 'in_progress',
    "buyerSolicitorFirm" TEXT,
    "buyerSolicitorName" TEXT,
    "buyerSolicitorEmail" TEXT,
    "buyerSolicitorPhone" TEXT,
    "buyerSolicitorAddress" TEXT,
    "sellerSolicitorFirm" TEXT,
    "sellerSolicitorName" TEXT,
    "sellerSolicitorEmail" TEXT,
    "sellerSolicitorPhone" TEXT,
    "sellerSolicitorAddress" TEXT,
    "subjectTo" TEXT,
    "memorandumIssuedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "fallThroughReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Sale_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SaleMilestone" (
    "id" SERIAL NOT NULL,
    "saleId" INTEGER NOT NULL,
    "key" "SaleMilestoneKey" NOT NULL,
    "doneOn" DATE,
    "note" TEXT NOT NULL DEFAULT '',
    "updatedById" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SaleMilestone_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ViewingFeedback_viewingId_source_key" ON "ViewingFeedback"("viewingId", "source");

-- CreateIndex
CREATE INDEX "Offer_projectId_status_idx" ON "Offer"("projectId", "status");

-- CreateIndex
CREATE INDEX "Offer_buyerId_idx" ON "Offer"("buyerId");

-- CreateIndex
CREATE INDEX "OfferEvent_offerId_createdAt_idx" ON "OfferEvent"("offerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Sale_offerId_key" ON "Sale"("offerId");

-- CreateIndex
CREATE INDEX "Sale_projectId_state_idx" ON "Sale"("projectId", "state");

-- CreateIndex
CREATE UNIQUE INDEX "SaleMilestone_saleId_key_key" ON "SaleMilestone"("saleId", "key");

-- CreateIndex
CREATE INDEX "ViewingRequest_userId_idx" ON "ViewingRequest"("userId");

-- AddForeignKey
ALTER TABLE "ViewingRequest" ADD CONSTRAINT "ViewingRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ViewingFeedback" ADD CONSTRAINT "ViewingFeedback_viewingId_fkey" FOREIGN KEY ("viewingId") REFERENCES "ViewingRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Offer" ADD CONSTRAINT "Offer_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Offer" ADD CONSTRAINT "Offer_buyerId_fkey" FOREIGN KEY ("buyerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OfferEvent" ADD CONSTRAINT "OfferEvent_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "Offer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OfferEvent" ADD CONSTRAINT "OfferEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sale" ADD CONSTRAINT "Sale_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sale" ADD CONSTRAINT "Sale_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "Offer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SaleMilestone" ADD CONSTRAINT "SaleMilestone_saleId_fkey" FOREIGN KEY ("saleId") REFERENCES "Sale"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- At most one accepted offer per home (see Offer in schema.prisma): two sellers' clicks, or a seller and an
-- admin, accepting different offers at once cannot both succeed. Prisma cannot declare a partial index.
CREATE UNIQUE INDEX "Offer_one_accepted_per_home" ON "Offer"("projectId") WHERE "status" = 'accepted';
