import { type Manifest, adminOnly, all, signedIn } from "./types";

export const hardening: Manifest = {
  "csp-report": [
    // An empty report: a real one would be logged as a violation and fail the end-to-end run.
    { method: "POST", data: {}, expect: all(204) },
    { expect: all(405) },
  ],
  account: [
    { expect: signedIn(200, 302) },
    // An empty form never closes anything: the password and the tick are missing.
    { method: "POST", form: {}, expect: signedIn(400, 302) },
  ],
  "account/data.json": [{ expect: signedIn(200, 302) }],
  "admin/audit": [{ expect: adminOnly }, { url: "/admin/audit?action=auth.sign_in&page=1", expect: adminOnly }],
};
