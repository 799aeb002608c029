// The portal settings this server runs with, from the environment (app/lib/env.server.ts,
// docs/portals.md). A portal whose settings are incomplete is off: nothing is queued for it.
import { getEnv } from "../../lib/env.server";

export type ClientCertificate = {
  certFile: string;
  keyFile: string;
  passphrase?: string;
  /** Extra authorities to trust for the portal's server (a test environment, or a local fake in tests). */
  caFile?: string;
};

export type RightmoveSettings = ClientCertificate & {
  networkId: number;
  branchId: number;
  /** The RTDF base URL, ending in "/"; requests go to v1/property/sendpropertydetails and removeproperty. */
  baseUrl: string;
};

export type ZooplaSettings = ClientCertificate & {
  branchReference: string;
  /** The base URL, ending in "/"; requests go to listing/update and listing/delete. */
  baseUrl: string;
};

/** The Real Time Datafeed's settings, or null when it is off. */
export function rightmoveSettings(): RightmoveSettings | null {
  const env = getEnv();
  if (!env.RIGHTMOVE_NETWORK_ID || !env.RIGHTMOVE_BRANCH_ID || !env.RIGHTMOVE_CERT_FILE || !env.RIGHTMOVE_KEY_FILE)
    return null;
  return {
    networkId: Number(env.RIGHTMOVE_NETWORK_ID),
    branchId: Number(env.RIGHTMOVE_BRANCH_ID),
    baseUrl: env.RIGHTMOVE_RTDF_URL,
    certFile: env.RIGHTMOVE_CERT_FILE,
    keyFile: env.RIGHTMOVE_KEY_FILE,
    passphrase: env.RIGHTMOVE_KEY_PASSPHRASE,
    caFile: env.RIGHTMOVE_CA_FILE,
  };
}

/** Zoopla's real-time feed settings, or null when it is off. */
export function zooplaSettings(): ZooplaSettings | null {
  const env = getEnv();
  if (!env.ZOOPLA_BRANCH_REFERENCE || !env.ZOOPLA_CERT_FILE || !env.ZOOPLA_KEY_FILE) return null;
  return {
    branchReference: env.ZOOPLA_BRANCH_REFERENCE,
    baseUrl: env.ZOOPLA_API_URL,
    certFile: env.ZOOPLA_CERT_FILE,
    keyFile: env.ZOOPLA_KEY_FILE,
    passphrase: env.ZOOPLA_KEY_PASSPHRASE,
    caFile: env.ZOOPLA_CA_FILE,
  };
}

/**
 * The Rightmove branch the BLM file is made for. Unset, the file is still made (to check what would go) for
 * branch 0, which Rightmove would refuse; /admin/portals says so.
 */
export function blmBranchId(): number {
  const id = getEnv().RIGHTMOVE_BRANCH_ID;
  return id ? Number(id) : 0;
}

/** The portals that are on, in the order the admin page shows them. */
export function activePortals() {
  return [...(rightmoveSettings() ? (["rightmove"] as const) : []), ...(zooplaSettings() ? (["zoopla"] as const) : [])];
}
