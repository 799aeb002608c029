// The fake Rightmove and Zoopla servers of the end-to-end run (tests/support/fake-portals.ts): Playwright's
// global setup starts them on ports next to the app's, the app is configured to send to them
// (playwright.config.ts), and tests read what they received through their control paths.
import { expect } from "@playwright/test";

import {
  fakePortalControl,
  type FakePortalMode,
  type FakePortalName,
  type PortalRequest,
  startFakePortal,
} from "../../support/fake-portals";

const PORT = Number(process.env.E2E_PORT ?? 3210);

export const FAKE_PORTAL_URLS: Record<FakePortalName, string> = {
  rightmove: `https://127.0.0.1:${PORT + 30}/`,
  zoopla: `https://127.0.0.1:${PORT + 31}/`,
};

/** Playwright global setup: both fakes for the whole run; the returned function stops them. */
export default async function startFakePortals() {
  const fakes = await Promise.all([startFakePortal("rightmove", PORT + 30), startFakePortal("zoopla", PORT + 31)]);
  return async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
  };
}

/** What `portal` has received so far in this run (all tests), oldest first. */
export const portalRequests = (portal: FakePortalName) =>
  fakePortalControl<PortalRequest[]>(`${FAKE_PORTAL_URLS[portal]}__fake/requests`, "GET");

/** How `portal` answers from now on ("ok" again when a test is done with it). */
export const setPortalMode = (portal: FakePortalName, mode: FakePortalMode) =>
  fakePortalControl(`${FAKE_PORTAL_URLS[portal]}__fake/mode`, "POST", { mode });

/** Waits until `portal` has received a request that `match` accepts, and returns it. */
export async function waitForPortalRequest(
  portal: FakePortalName,
  match: (request: PortalRequest) => boolean,
  timeout = 20_000,
): Promise<PortalRequest> {
  let found: PortalRequest | undefined;
  await expect
    .poll(
      async () => {
        found = (await portalRequests(portal)).find(match);
        return Boolean(found);
      },
      { timeout, message: `waiting for ${portal} to receive the expected request` },
    )
    .toBe(true);
  return found!;
}
