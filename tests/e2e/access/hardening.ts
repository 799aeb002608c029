import { adminOnly, adminOnlyApi, all, type Manifest, signedIn } from "./types";

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
  "admin/jobs": [
    { expect: adminOnly },
    { url: "/admin/jobs?state=failed", expect: adminOnly },
    // An unknown job: the admin is sent back with a message; the others never get that far.
    {
      method: "POST",
      form: { intent: "retry", jobId: "00000000-0000-4000-8000-000000000000" },
      expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 302 },
    },
  ],
  "admin/backups": [
    { expect: adminOnly },
    // "Back up now": the admin is sent back with a message; the others never get that far.
    { method: "POST", form: {}, expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 302 } },
  ],
  "admin/backups/:fileName": [
    { url: "/admin/backups/movewise-20260101T000000Z.tar.age", expect: { ...adminOnly, admin: 404 } },
    { url: "/admin/backups/..%2F..%2Fpackage.json", expect: { ...adminOnly, admin: 404 } },
  ],
  "api/v1/admin/jobs": [
    { expect: adminOnlyApi },
    { url: "/api/v1/admin/jobs?state=nonsense", expect: { ...adminOnlyApi, admin: 400 } },
  ],
  "api/v1/admin/jobs/:id/retry": [
    {
      method: "POST",
      url: "/api/v1/admin/jobs/00000000-0000-4000-8000-000000000000/retry",
      expect: { ...adminOnlyApi, admin: 404 },
    },
    { url: "/api/v1/admin/jobs/00000000-0000-4000-8000-000000000000/retry", expect: all(405) },
  ],
  "api/v1/admin/jobs/:id/cancel": [
    { method: "POST", url: "/api/v1/admin/jobs/not-a-job/cancel", expect: { ...adminOnlyApi, admin: 404 } },
  ],
};
