// The portals' daily catch-up (app/modules/portals/catch-up.server.ts): homes listed before the portals were set
// up (the demo homes) go out, a listing a portal still holds for a deleted home is removed, and a home the
// portal refused is left for the admin rather than sent again every day. The admin page can ask for it too.
import { afterAll, beforeAll, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import { runDueJobs } from "../../app/modules/jobs/workers.server";
import { queuePortalCatchUp } from "../../app/modules/portals/catch-up.server";
import { action as portalsPage } from "../../app/routes/admin.portals";
import { setupTestDatabase } from "../support/database";
import { type FakePortal, fakePortalEnv, startFakePortal } from "../support/fake-portals";
import { createListing } from "../support/listings";
import { account, request, routeArgs } from "../support/payments";

setupTestDatabase();

let rightmove: FakePortal;
let zoopla: FakePortal;
let settings: Record<string, string>;

beforeAll(async () => {
  [rightmove, zoopla] = await Promise.all([startFakePortal("rightmove"), startFakePortal("zoopla")]);
  settings = fakePortalEnv({ rightmove: rightmove.url, zoopla: zoopla.url });
  Object.assign(process.env, settings);
  reloadEnv();
});

afterAll(async () => {
  for (const name of Object.keys(settings)) delete process.env[name];
  reloadEnv();
  await Promise.all([rightmove.close(), zoopla.close()]);
});

const sync = async () => {
  await runDueJobs("portal-rightmove");
  await runDueJobs("portal-zoopla");
};

test("sends homes never sent, removes listings that should have gone, and leaves refused homes to the admin", async () => {
  // Listed without passing through a write that queues a sync, as the demo homes are.
  const unsent = await createListing({ address: "5 Catch Lane, Leicester LE1 5CC", postcode: "LE1 5CC" });
  const refused = await createListing({ address: "6 Catch Lane, Leicester LE1 5CC", postcode: "LE1 5CC" });
  // Switched off: never sent, and not caught up.
  await createListing({ sendToPortals: false });
  for (const portal of ["rightmove", "zoopla"] as const)
    await prisma.portalListing.create({
      data: {
        portal,
        projectId: refused.id,
        listingRef: `MW${refused.id}`,
        address: refused.address,
        lastOutcome: "rejected",
      },
    });
  // A portal still holds a home that has since been deleted.
  await prisma.portalListing.create({
    data: {
      portal: "zoopla",
      projectId: 987654,
      listingRef: "MW987654",
      address: "Gone",
      live: true,
      lastStatus: "available",
    },
  });

  expect(await queuePortalCatchUp()).toEqual({ queued: 2 });
  await sync();
  const sentTo = (fake: FakePortal) => fake.requests.map((r) => [r.path, JSON.stringify(r.body).match(/MW\d+/)?.[0]]);
  expect(sentTo(rightmove)).toEqual([["/v1/property/sendpropertydetails", `MW${unsent.id}`]]);
  expect(sentTo(zoopla).sort()).toEqual([
    ["/listing/delete", "MW987654"],
    ["/listing/update", `MW${unsent.id}`],
  ]);

  // Done: nothing more to catch up.
  expect(await queuePortalCatchUp()).toEqual({ queued: 0 });
});

test("the admin page asks for it (once while one waits); with no portal on it says so", async () => {
  const admin = await account("admin");
  const ask = () =>
    portalsPage(routeArgs(request("/admin/portals", { cookie: admin.cookie, form: { intent: "catch-up" } })));
  expect(((await ask()) as Response).status).toBe(302);
  await ask();
  const [jobs] = await prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'portal-catch-up' AND state = 'created'`;
  expect(jobs?.count).toBe(1);
  expect(await prisma.auditEvent.count({ where: { action: "portals.catch_up" } })).toBe(2);

  for (const name of Object.keys(settings)) delete process.env[name];
  reloadEnv();
  try {
    const refused = (await ask()) as Response;
    expect(refused.status).toBe(302);
    expect(await prisma.auditEvent.count({ where: { action: "portals.catch_up" } })).toBe(2);
  } finally {
    Object.assign(process.env, settings);
    reloadEnv();
  }
});
