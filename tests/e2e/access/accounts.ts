import { all, type Manifest, signedIn } from "./types";

/** A well-formed link token that is not a real one. */
const token = "x".repeat(43);

export const accounts: Manifest = {
  // Opening a verification link is the whole action; a made-up one says the link does not work.
  "verify-email": [{ url: `/verify-email?token=${token}`, expect: all(400) }],
  "forgot-password": [
    { expect: all(200) },
    { method: "POST", form: { email: "nobody@example.com" }, expect: all(302) },
  ],
  "reset-password": [
    { url: `/reset-password?token=${token}`, expect: all(200) },
    {
      method: "POST",
      form: { token, password: "a long password", confirmPassword: "a long password" },
      expect: all(400),
    },
  ],
  "unlock-account": [
    { url: `/unlock-account?token=${token}`, expect: all(200) },
    { method: "POST", form: { token }, expect: all(400) },
  ],
  "api/v1/auth/verify-email": [{ method: "POST", data: { token }, expect: all(400) }, { expect: all(405) }],
  // Every account that can sign in has a confirmed address (the test's new ones confirmed it to sign in).
  "api/v1/auth/resend-verification": [{ method: "POST", expect: signedIn(409, 401) }, { expect: all(405) }],
  "api/v1/auth/forgot-password": [
    { method: "POST", data: { email: "nobody@example.com" }, expect: all(202) },
    { expect: all(405) },
  ],
  "api/v1/auth/reset-password": [
    { method: "POST", data: { token, password: "a long password" }, expect: all(400) },
    { expect: all(405) },
  ],
  "api/v1/auth/change-password": [{ method: "POST", data: {}, expect: signedIn(400, 401) }, { expect: all(405) }],
};
