import { DEMO_LOGINS, seedDemoData } from "../../../prisma/seed";
import { prisma } from "../../lib/db.server";
import type { Env } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { upsertAdmin } from "../auth/admins.server";

/** Start-up data tasks, after migrations: the configured admin, and demo data in an empty database. */
export async function prepareDatabase(env: Env) {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const admin = await upsertAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, keepSamePassword: true });
    if (admin.changed)
      logger.info(
        { email: admin.email },
        admin.created ? "admin created from ADMIN_EMAIL" : "admin password set from ADMIN_PASSWORD",
      );
  }
  if (env.SEED_DEMO && (await prisma.project.count()) === 0) {
    const seeded = await seedDemoData({ dataDir: env.DATA_DIR });
    logger.info(seeded, "demo data loaded (set SEED_DEMO=false to start empty)");
  }
  const demoAccounts = await prisma.user.findMany({
    where: { email: { in: DEMO_LOGINS.map((l) => l.email) } },
    select: { email: true },
  });
  const logins = DEMO_LOGINS.filter((l) => demoAccounts.some((a) => a.email === l.email));
  return { logins };
}
