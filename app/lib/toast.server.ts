// Flash toasts that survive a redirect and need no JavaScript (remix-toast), in a cookie signed with
// SESSION_SECRET rather than the library's built-in default secret.
import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";

import { getEnv } from "./env.server";

let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

export function toasts() {
  if (!utils) {
    const env = getEnv();
    utils = createToastUtilsWithCustomSession(
      createCookieSessionStorage({
        cookie: {
          name: "toast",
          httpOnly: true,
          sameSite: "lax",
          path: "/",
          secure: env.PUBLIC_URL.startsWith("https://"),
          secrets: [env.SESSION_SECRET],
        },
      }),
    );
  }
  return utils;
}
