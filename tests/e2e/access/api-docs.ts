import { adminOnly, all, type Manifest } from "./types";

export const apiDocs: Manifest = {
  "api/v1/openapi.json": [{ expect: all(200) }, { method: "POST", data: {}, expect: all(405) }],
  "api/v1/*": [
    { url: "/api/v1/no-such-endpoint", expect: all(404) },
    { method: "POST", url: "/api/v1/no-such-endpoint", data: {}, expect: all(404) },
  ],
  "api/docs": [{ expect: all(200) }],
  "admin/api-tokens": [
    { expect: adminOnly },
    {
      method: "POST",
      form: { intent: "create", name: "" },
      expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 400 },
    },
    {
      method: "POST",
      form: { intent: "revoke", tokenId: "99999999" },
      expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 302 },
    },
  ],
};
