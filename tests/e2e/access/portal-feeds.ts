import { adminOnlyApi, all, type Manifest } from "./types";

// Issue 25 (lane blm): the Rightmove BLM zip.
export const portalFeeds: Manifest = {
  "api/v1/admin/feeds/rightmove.zip": [{ expect: adminOnlyApi }, { method: "POST", expect: all(405) }],
};
