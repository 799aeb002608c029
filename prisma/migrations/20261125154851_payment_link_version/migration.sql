-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "paymentLinkVersion" INTEGER NOT NULL DEFAULT 1;
