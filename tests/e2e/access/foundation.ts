import { adminOnly, all, guestOnly, type Manifest, signedIn, vendorOnly } from "./types";

export const foundation: Manifest = {
  "": [{ expect: all(200) }],
  home: [{ expect: all(200) }],
  signup: [{ expect: guestOnly }],
  login: [{ expect: guestOnly }],
  logout: [{ expect: all(302) }],
  "admin-propertylisting": [{ expect: adminOnly }],
  "vendor-propertylisting": [{ expect: vendorOnly }],
  "api/v1/auth/signup": [{ method: "POST", data: {}, expect: all(400) }, { expect: all(405) }],
  "api/v1/auth/signin": [{ method: "POST", data: {}, expect: all(400) }, { expect: all(405) }],
  "api/v1/auth/me": [{ expect: signedIn(200, 401) }, { method: "POST", expect: all(405) }],
  // Runs last (see the spec file): it signs each identity out.
  "api/v1/auth/logout": [{ method: "POST", expect: all(200) }],
  healthz: [{ expect: all(200) }],
  readyz: [{ expect: all(200) }],
  "__e2e/crash": [{ expect: all(500) }],
  "*": [{ url: "/no-such-page", expect: all(404) }],
};
