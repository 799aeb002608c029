-- CreateEnum
CREATE TYPE "AccountTokenPurpose" AS ENUM ('verify_email', 'reset_password', 'unlock_sign_in');

-- AlterTable: existing tokens were made for their owner's present role.
ALTER TABLE "ApiToken" ADD COLUMN     "role" "Role";
UPDATE "ApiToken" SET "role" = "User"."role" FROM "User" WHERE "User"."id" = "ApiToken"."userId";
ALTER TABLE "ApiToken" ALTER COLUMN "role" SET NOT NULL;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "closedAt" TIMESTAMP(3),
ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3),
ADD COLUMN     "passwordResetAt" TIMESTAMP(3);

-- Admins were all made by the operator (ADMIN_EMAIL, create-admin, the demo data), who vouches for their
-- addresses, and the demo accounts' addresses are the product's own. Other vendor accounts were never
-- checked, so they confirm their address like new ones.
UPDATE "User" SET "emailVerifiedAt" = CURRENT_TIMESTAMP WHERE "role" = 'admin' OR "email" IN ('admin@demo.movewise.test', 'vendor@demo.movewise.test');
-- Accounts closed before this column existed (closing renamed them).
UPDATE "User" SET "closedAt" = "updatedAt" WHERE "email" LIKE 'closed-%@closed.invalid' AND "fullName" = 'Closed account';

-- CreateTable
CREATE TABLE "AccountToken" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "purpose" "AccountTokenPurpose" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccountToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountToken_tokenHash_key" ON "AccountToken"("tokenHash");

-- CreateIndex
CREATE INDEX "AccountToken_userId_purpose_idx" ON "AccountToken"("userId", "purpose");

-- AddForeignKey
ALTER TABLE "AccountToken" ADD CONSTRAINT "AccountToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
