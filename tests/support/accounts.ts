// Accounts for integration tests that sign in: sign-in needs a confirmed address (the emailed link proves it),
// so these are registered as a visitor would and then marked confirmed, as opening that link does.
import type { z } from "zod";

import type { PrismaClient } from "../../app/generated/prisma/client";
import { prisma } from "../../app/lib/db.server";
import { registerAccount } from "../../app/modules/auth/accounts.server";
import type { SignupSchema } from "../../app/modules/auth/schemas";

/** registerAccount, with the address confirmed: an account that can sign in. */
export async function registerConfirmed(input: z.input<typeof SignupSchema>, context: { ipAddress: string }) {
  const user = await registerAccount(input, context);
  await confirmAddressOf(user.email);
  return { ...user, emailVerified: true };
}

/** Marks the address confirmed, as its emailed link does. */
export async function confirmAddressOf(email: string) {
  await prisma.user.update({ where: { email }, data: { emailVerifiedAt: new Date() } });
}

/** The model operations `run` makes, in order (the database client is wrapped while it runs). */
export async function operationsOf(run: () => Promise<unknown>) {
  const operations: string[] = [];
  const working = globalThis.__database!;
  const counting = working.prisma.$extends({
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          operations.push(`${model}.${operation}`);
          return query(args);
        },
      },
    },
  }) as unknown as PrismaClient;
  globalThis.__database = { prisma: counting, close: working.close };
  try {
    await run().catch(() => undefined);
  } finally {
    globalThis.__database = working;
  }
  return operations;
}
