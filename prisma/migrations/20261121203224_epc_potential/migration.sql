-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "epcPotential" TEXT;
