// The embedded default: the person uploads documents on their check page and a member of staff records
// what was seen. Nothing leaves the server.
import type { IdentityProvider } from "./types";

export const checkPagePath = (checkId: number) => `/my-checks/${checkId}`;

export function createManualProvider(): IdentityProvider {
  return {
    name: "manual",
    startSession: async ({ checkId }) => ({ sessionId: `manual_${checkId}`, url: checkPagePath(checkId) }),
    outcome: async () => null,
  };
}
