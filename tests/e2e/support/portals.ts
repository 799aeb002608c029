// The fake Rightmove and Zoopla servers of the end-to-end run (tests/support/fake-portals.ts): Playwright's
// global setup starts a pair for each project's server on ports above it, the app is configured to send to them
// (playwright.config.ts), and tests read what they received through their control paths.
import { expect } from "@playwright/test";

import {
  fakePortalControl,
  type FakePortalMode,
  type FakePortalName,
  type PortalRequest,
  startFakePortal,
} from "../../support/fake-portals";
import { PROJECT_PORTS, serverPort } from "./server";

/** The fake portals of the server on `port`, on ports above it. */
export const fakePortalUrls = (port: number): Record<FakePortalName, string> => ({
  rightmove: `https://127.0.0.1:${port + 30}/`,
  zoopla: `https://127.0.0.1:${port + 40}/`,
});

/** Playwright global setup: the fakes of each project's server for the whole run; the returned function stops them. */
export default async function startFakePortals() {
  const fakes = await Promise.all(
    Object.values(PROJECT_PORTS).flatMap((port) => [
      startFakePortal("rightmove", port + 30),
      startFakePortal("zoopla", port + 40),
    ]),
  );
  return async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
  };
}

const portalUrl = (portal: FakePortalName) => fakePortalUrls(serverPort())[portal];

/** What the running test's server's `portal` has received so far in this run (all its project's tests), oldest first. */
export const portalRequests = (portal: FakePortalName) =>
  fakePortalControl<PortalRequest[]>(`${portalUrl(portal)}__fake/requests`, "GET");

/** How `portal` answers from now on ("ok" again when a test is done with it). */
export const setPortalMode = (portal: FakePortalName, mode: FakePortalMode) =>
  fakePortalControl(`${portalUrl(portal)}__fake/mode`, "POST", { mode });

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
