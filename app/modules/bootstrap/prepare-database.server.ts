import { seedDemoData } from "../../../prisma/seed";
import { prisma } from "../../lib/db.server";
import type { Env } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { upsertAdmin } from "../auth/admins.server";
import { verifyPassword } from "../auth/password.server";
import {
  DEMO_ACCOUNTS,
  demoDataRefusal,
  demoLoginsFile,
  demoPasswords,
  readDemoPasswords,
  signsOfRealInstallation,
} from "./demo-logins.server";

/**
 * What the start-up banner says of the demo accounts there are: each one's password when this installation
 * made it and it still works (null otherwise), and the file it is kept in. `hidden` says why no password is
 * shown (this looks like a real installation, and SEED_DEMO is not force).
 */
export type DemoLogins = {
  accounts: { label: string; email: string; password: string | null }[];
  file: string;
  hidden: string | null;
};

/** Start-up data tasks, after migrations: the configured admin, and demo data in an empty database. */
export async function prepareDatabase(env: Env): Promise<{ demo: DemoLogins }> {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const admin = await upsertAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, keepSamePassword: true });
    if (admin.changed)
      logger.info(
        { email: admin.email },
        admin.created ? "admin created from ADMIN_EMAIL" : "admin password set from ADMIN_PASSWORD",
      );
  }
  const refused = demoDataRefusal(env);
  if (env.SEED_DEMO && (await prisma.project.count()) === 0) {
    if (refused) logger.warn(refused);
    else {
      const seeded = await seedDemoData({ dataDir: env.DATA_DIR, passwords: demoPasswords(env.DATA_DIR) });
      logger.info(seeded, "demo data loaded (set SEED_DEMO=false to start empty)");
    }
  }
  const signs = signsOfRealInstallation(env);
  const hidden = signs.length && env.SEED_DEMO !== "force" ? signs.join(" and ") : null;
  return { demo: await demoLogins(env.DATA_DIR, hidden) };
}

/** The demo accounts in the database, with the kept password of each that still signs in to it. */
async function demoLogins(dataDir: string, hidden: string | null): Promise<DemoLogins> {
  const found = await prisma.user.findMany({
    where: { email: { in: DEMO_ACCOUNTS.map((a) => a.email) }, closedAt: null },
    select: { email: true, passwordHash: true },
  });
  const kept = readDemoPasswords(dataDir);
  const accounts = await Promise.all(
    DEMO_ACCOUNTS.flatMap((account) => {
      const user = found.find((u) => u.email === account.email);
      if (!user) return [];
      const password = kept[account.email];
      return [
        (async () => ({
          ...account,
          // A password changed since (or a file from another installation) is not shown.
          password: !hidden && password && (await verifyPassword(user.passwordHash, password)) ? password : null,
        }))(),
      ];
    }),
  );
  return { accounts, file: demoLoginsFile(dataDir), hidden };
}
