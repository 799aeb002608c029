// The demo accounts' passwords, and whether demo data may be loaded at all. The passwords are made for each
// installation (node:crypto) the first time demo data is loaded, and kept in DATA_DIR/demo-logins.json (mode
// 0600) so that the next start's banner can show them again; no password of a demo account is in the
// repository, so nobody can sign in to a careless install with one read there.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The demo accounts (their details are in prisma/seed.ts); the label is what the banner calls them. */
export const DEMO_ACCOUNTS = [
  { label: "Demo admin", email: "admin@demo.movewise.test" },
  { label: "Demo vendor", email: "vendor@demo.movewise.test" },
  { label: "Demo buyer", email: "buyer@demo.movewise.test" },
] as const;

export type DemoPasswords = Record<string, string>;

export const demoLoginsFile = (dataDir: string) => path.join(dataDir, "demo-logins.json");

/** 16 characters from 96 random bits: nobody guesses it, anyone can copy it from the banner. */
export const newDemoPassword = () => randomBytes(12).toString("base64url");

/** The kept passwords by email, or an empty object when there is no file (or it is not one this wrote). */
export function readDemoPasswords(dataDir: string): DemoPasswords {
  let text: string;
  try {
    text = readFileSync(demoLoginsFile(dataDir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
}

/**
 * The password of every demo account: the kept ones, and new ones for accounts without one, written to the
 * file (readable by its owner only) before any account is made with them.
 */
export function demoPasswords(dataDir: string): DemoPasswords {
  const kept = readDemoPasswords(dataDir);
  const missing = DEMO_ACCOUNTS.filter((account) => !kept[account.email]);
  if (missing.length === 0) return kept;
  const passwords = { ...kept, ...Object.fromEntries(missing.map((a) => [a.email, newDemoPassword()])) };
  mkdirSync(dataDir, { recursive: true });
  const file = demoLoginsFile(dataDir);
  writeFileSync(file, `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
  // The mode above applies only to a new file; an old one may have been made readable by others.
  chmodSync(file, 0o600);
  return passwords;
}

/** A database host on this machine: a Unix socket, localhost or a loopback address. */
function isLocalDatabase(databaseUrl: string) {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return false;
  }
  const socket = url.searchParams.get("host");
  if (socket) return socket.startsWith("/");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "" || host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** What makes this look like a real installation: a site served over https, or a database on another machine. */
export function signsOfRealInstallation(env: { PUBLIC_URL: string; DATABASE_URL?: string | undefined }): string[] {
  return [
    ...(env.PUBLIC_URL.startsWith("https://") ? [`PUBLIC_URL is https (${env.PUBLIC_URL})`] : []),
    ...(env.DATABASE_URL && !isLocalDatabase(env.DATABASE_URL)
      ? ["DATABASE_URL points at a database server on another machine"]
      : []),
  ];
}

/**
 * Why demo data (with accounts anyone can look up) must not be loaded here, or null when it may: not where
 * this looks like a real installation, unless SEED_DEMO=force (a public demo site).
 */
export function demoDataRefusal(env: {
  SEED_DEMO: boolean | "force";
  PUBLIC_URL: string;
  DATABASE_URL?: string | undefined;
}): string | null {
  if (env.SEED_DEMO !== true) return null;
  const reasons = signsOfRealInstallation(env);
  if (reasons.length === 0) return null;
  return `demo data not loaded: ${reasons.join(" and ")}, so this looks like a real installation, where demo accounts would let strangers in. Set SEED_DEMO=false to start empty without this warning, or SEED_DEMO=force to load the demo data anyway.`;
}
