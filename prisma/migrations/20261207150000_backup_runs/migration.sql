-- CreateEnum
CREATE TYPE "BackupStatus" AS ENUM ('running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "BackupRun" (
    "id" SERIAL NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" "BackupStatus" NOT NULL DEFAULT 'running',
    "fileName" TEXT,
    "byteSize" BIGINT,
    "error" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "BackupRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BackupRun_status_finishedAt_idx" ON "BackupRun"("status", "finishedAt");
