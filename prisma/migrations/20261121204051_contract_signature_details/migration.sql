-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "contractSignerUserAgent" TEXT,
ADD COLUMN     "contractStartEarly" BOOLEAN,
ADD COLUMN     "contractTerms" JSONB,
ADD COLUMN     "contractTextHash" TEXT;
