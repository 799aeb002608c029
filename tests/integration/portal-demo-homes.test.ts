// Every demo home, as `npm start` seeds them, builds payloads both portals' published schemas accept, and a BLM
// file the parser reads back. (A click-through found two demo flats with a peppercorn ground rent that Zoopla's
// schema refuses; this keeps the whole demo catalogue honest, not just the test fixtures.)
import { unzipSync } from "fflate";
import { expect, test } from "vitest";

import { getEnv } from "../../app/lib/env.server";
import { demoPasswords } from "../../app/modules/bootstrap/demo-logins.server";
import { blmZipStream, loadBlmFeed } from "../../app/modules/portals/blm-feed.server";
import { portalHomesForFeed } from "../../app/modules/portals/portal-home.server";
import { rtdfSendPayload } from "../../app/modules/portals/rightmove-rtdf";
import { zooplaUpdatePayload } from "../../app/modules/portals/zoopla-listing";
import { seedDemoData } from "../../prisma/seed";
import { parseBlm } from "../support/blm-parser";
import { setupTestDatabase } from "../support/database";
import { schemaErrors } from "../support/portal-schemas";

setupTestDatabase();

test("the demo homes are schema-valid for Rightmove and Zoopla, and read back from the BLM file", async () => {
  await seedDemoData({ dataDir: getEnv().DATA_DIR, passwords: demoPasswords(getEnv().DATA_DIR) });
  const homes = await portalHomesForFeed();
  expect(homes.length).toBeGreaterThan(10);
  const site = "https://homes.example.co.uk";
  const problems = homes.flatMap((home) => [
    ...schemaErrors("rightmove-send", rtdfSendPayload(home, { networkId: 1001, branchId: 2002 }, site)).map(
      (error) => `${home.address} (Rightmove): ${error}`,
    ),
    ...schemaErrors("zoopla-update", zooplaUpdatePayload(home, "MW-LEICESTER", site)).map(
      (error) => `${home.address} (Zoopla): ${error}`,
    ),
  ]);
  expect(problems).toEqual([]);
  const { stream, done } = blmZipStream(await loadBlmFeed());
  const files = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
  expect((await done).missing).toEqual([]);
  const blm = Object.entries(files).find(([name]) => name.endsWith(".BLM"))![1];
  expect(parseBlm(new TextDecoder().decode(blm)).rows).toHaveLength(homes.length);
});
