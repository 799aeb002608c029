// The /valuation flow's progress between its steps, kept in a small cookie signed with SESSION_SECRET,
// so every step is a plain form post that works without JavaScript and cannot be skipped or forged.
import { createCookieSessionStorage } from "react-router";

import { getEnv } from "../../lib/env.server";
import { type Draft, DraftSchema } from "./flow";

const DRAFT_KEY = "draft" as const;

let storage: ReturnType<typeof createCookieSessionStorage<{ [DRAFT_KEY]: Draft }>> | undefined;
function draftStorage() {
  const env = getEnv();
  return (storage ??= createCookieSessionStorage<{ [DRAFT_KEY]: Draft }>({
    cookie: {
      name: "valuation_flow",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 2 * 60 * 60,
      secure: env.PUBLIC_URL.startsWith("https://"),
      secrets: [env.SESSION_SECRET],
    },
  }));
}

export async function readDraft(request: Request): Promise<Draft> {
  const session = await draftStorage().getSession(request.headers.get("Cookie"));
  const parsed = DraftSchema.safeParse(session.get(DRAFT_KEY) ?? {});
  return parsed.success ? parsed.data : {};
}

/** The Set-Cookie header that stores `draft` (an empty draft removes the cookie). */
export async function saveDraft(draft: Draft): Promise<string> {
  const session = await draftStorage().getSession();
  if (Object.keys(draft).length === 0) return draftStorage().destroySession(session);
  session.set(DRAFT_KEY, draft);
  return draftStorage().commitSession(session);
}
