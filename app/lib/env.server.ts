// Every setting, read once from the environment and validated. A bad value stops start-up with a
// message naming the variable (see server/exit.ts). Documented in .env.example and docs/configuration.md.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import proxyaddr from "proxy-addr";
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "expected true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * TRUST_PROXY as Express's "trust proxy" takes it: a number of hops, or the proxies' addresses and CIDR
 * ranges (and loopback, linklocal, uniquelocal). Null when it is neither.
 */
function trustedProxies(value: string): number | string[] | null {
  if (/^\d+$/.test(value.trim())) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => !entry)) return null;
  try {
    proxyaddr.compile(entries);
    return entries;
  } catch {
    return null;
  }
}

/** A positive id a portal issued (Rightmove's network and branch ids). */
const wholeId = (name: string) =>
  z.string().regex(/^[1-9]\d{0,9}$/, {
    error: `expected the number Rightmove issued for ${name.replace("RIGHTMOVE_", "").toLowerCase().replace("_", " ")}`,
  });

/** How many backups of a kind (daily, weekly, monthly) to keep. */
const keepCount = z.coerce
  .number({ error: "expected a whole number from 0 to 1000" })
  .int({ error: "expected a whole number from 0 to 1000" })
  .min(0, { error: "expected a whole number from 0 to 1000" })
  .max(1000, { error: "expected a whole number from 0 to 1000" });

/** A portal's API address: https, or plain http to this machine only (tests' fake portals). */
const portalUrl = z
  .url({ protocol: /^https?$/, error: "expected an https URL" })
  .refine((url) => url.startsWith("https://") || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(url), {
    error: "plain http is only allowed to this machine (127.0.0.1 or localhost)",
  })
  .transform((url) => (url.endsWith("/") ? url : `${url}/`));

/** A file that must be there when the server starts (certificates and keys). */
const readableFile = z
  .string()
  .min(1)
  .refine((file) => existsSync(file), { error: "no such file" });

const EnvSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], { error: "expected development, production or test" })
      .default("production"),
    PORT: z.coerce
      .number({ error: "expected a whole number between 1 and 65535" })
      .int({ error: "expected a whole number between 1 and 65535" })
      .min(1, { error: "expected a whole number between 1 and 65535" })
      .max(65535, { error: "expected a whole number between 1 and 65535" })
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("var"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, {
        error: "expected a PostgreSQL URL such as postgresql://user:password@host:5432/database",
      })
      .optional(),
    SESSION_SECRET: z.string().min(32, { error: "expected at least 32 characters" }).optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://homes.example.co.uk" })
      .optional(),
    // "force" loads demo data even where it looks like a real installation (see bootstrap/demo-logins.server.ts).
    SEED_DEMO: z
      .enum(["true", "false", "1", "0", "yes", "no", "force"], { error: "expected true, false or force" })
      .transform((v) => (v === "force" ? ("force" as const) : v === "true" || v === "1" || v === "yes"))
      .default(true),
    ADMIN_EMAIL: z.email({ error: "expected an email address" }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { error: "expected at least 8 characters" }).optional(),
    CONTACT_PHONE: z.string().min(5).default("0330 912 4570"),
    // Mail: SMTP when SMTP_URL is set (smtp:// or smtps://user:pass@host:port), otherwise files in DATA_DIR/mail/outbox.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, { error: "expected an SMTP URL such as smtps://user:password@smtp.example.com:465" })
      .optional(),
    MAIL_FROM: z.string().min(3).default("MoveWise <hello@movewise.example>"),
    // Background jobs (mail, schedules): "on" runs them in the web process too; "off" leaves them to `npm run worker`.
    WORKERS: z.enum(["on", "off"], { error: 'expected "on" or "off"' }).default("on"),
    // Instant search alerts wait this long after a home is listed or reduced, so changes made together go in one email.
    ALERT_DELAY_SECONDS: z.coerce
      .number({ error: "expected a whole number of seconds from 0 to 240" })
      .int({ error: "expected a whole number of seconds from 0 to 240" })
      .min(0, { error: "expected a whole number of seconds from 0 to 240" })
      .max(240, { error: "expected a whole number of seconds from 0 to 240" })
      .default(60),
    // Where enquiries (valuations, viewings, contact messages) are sent.
    AGENCY_EMAIL: z.email({ error: "expected an email address" }).default("office@movewise.example"),
    // Where "Get ready to remortgage" sends people (an external mortgage broker).
    MORTGAGE_BROKER_URL: z
      .url({ protocol: /^https?$/, error: "expected an http(s) URL" })
      .default("https://www.moneyhelper.org.uk/en/homes/buying-a-home/mortgage-brokers"),
    // Map tiles ({z}/{x}/{y}); "none" draws maps without a background (markers only), e.g. offline.
    MAP_TILE_URL: z
      .string()
      .regex(/^(none|https?:\/\/\S*\{z\}\S*)$/, { error: 'expected a tile URL with {z}, {x} and {y}, or "none"' })
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_TILE_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Unset: pretty lines at a terminal, JSON lines otherwise (app/lib/logger.server.ts reads it before this check).
    LOG_FORMAT: z.enum(["json", "pretty"], { error: "expected json or pretty" }).optional(),
    // Only for the end-to-end tests: enables /__e2e/crash.
    E2E_TEST_ROUTES: booleanString.default(false),
    // The proxies in front of this server whose X-Forwarded-For, -Proto and -Host are believed; unset, none
    // are, and the address a connection comes from is the client's (see trustedProxies).
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const trusted = trustedProxies(value);
        if (trusted !== null) return trusted;
        ctx.issues.push({
          code: "custom",
          input: value,
          message:
            "expected the number of proxies in front of the server (such as 1), or their addresses or CIDR ranges, comma-separated (loopback, linklocal and uniquelocal name those ranges)",
        });
        return z.NEVER;
      })
      .optional(),
    RATE_LIMIT_FACTOR: z.coerce
      .number({ error: "expected a positive number" })
      .positive({ error: "expected a positive number" })
      .default(1),
    // The selling package before VAT, in pence; the card charge adds VAT (see app/modules/payments/price.server.ts).
    // The default is the price the marketing pages quote (app/modules/marketing/packages.ts; a test keeps them equal).
    PACKAGE_NET_PENCE: z.coerce
      .number({ error: "expected a whole number of pence between 100 and 10000000" })
      .int({ error: "expected a whole number of pence between 100 and 10000000" })
      .min(100, { error: "expected a whole number of pence between 100 and 10000000" })
      .max(10_000_000, { error: "expected a whole number of pence between 100 and 10000000" })
      .default(149_500),
    // The supplier on VAT receipts.
    BUSINESS_NAME: z.string().min(2).default("MoveWise Ltd"),
    BUSINESS_ADDRESS: z.string().min(5).default("1 Example Street, Leicester LE1 1AA"),
    VAT_NUMBER: z
      .string()
      .regex(/^GB ?\d{3} ?\d{4} ?\d{2}( ?\d{3})?$/, {
        error: "expected a UK VAT registration number such as GB 123 4567 89",
      })
      .default("GB 999 9999 73"),
    // The redress scheme the agency belongs to (Estate Agents Act 1979 / CEAR 2007): named in the terms, the
    // complaints procedure and the complaints log.
    REDRESS_SCHEME: z.string().min(3).max(120).default("The Property Ombudsman"),
    // Referral arrangements, disclosed wherever the service is offered and in the terms: who the partner is and
    // what the agency receives for a referral ("nothing" when it receives nothing).
    REFERRAL_MORTGAGE_PARTNER: z.string().min(2).max(120).default("Example Mortgage Services Ltd"),
    REFERRAL_MORTGAGE_PAYMENT: z.string().min(2).max(200).default("£250 for each mortgage they arrange for you"),
    REFERRAL_CONVEYANCING_PARTNER: z.string().min(2).max(120).default("Example Conveyancing LLP"),
    REFERRAL_CONVEYANCING_PAYMENT: z
      .string()
      .min(2)
      .max(200)
      .default("£150 for each sale or purchase they act on for you"),
    // How strictly the compliance checks hold: "enforce" refuses to list a home or issue a memorandum of sale
    // until they pass; "warn" shows what is missing and records each override for the nominated officer.
    LISTING_CHECKS: z.enum(["enforce", "warn"], { error: 'expected "enforce" or "warn"' }).default("warn"),
    // The online identity check (Stripe Identity) uses the Stripe keys below when "stripe"; "manual" keeps to
    // documents a member of staff checks.
    IDENTITY_PROVIDER: z.enum(["manual", "stripe"], { error: 'expected "manual" or "stripe"' }).default("manual"),
    // Where the daily job fetches the UK sanctions list (OFSI's ConList.csv); unset, it is imported by hand.
    SANCTIONS_LIST_URL: z
      .url({ protocol: /^https?$/, error: "expected the address of the list's CSV file" })
      .optional(),
    // Card payments through Stripe when both keys are set; otherwise the offline sandbox.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { error: "expected a Stripe secret key (sk_test_… or sk_live_…)" })
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, { error: "expected a Stripe publishable key (pk_test_… or pk_live_…)" })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, { error: "expected a webhook signing secret (whsec_…)" })
      .optional(),
    // Other sites whose pages may call /api/v1 from a browser (CORS), comma-separated origins; unset = same-origin only.
    CORS_ORIGINS: z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .refine((origins) => origins.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), {
        error:
          "expected origins such as https://partner.example.com,https://app.example.com (scheme and host, no path)",
      })
      .default([]),
    // Only for tests: send Stripe API calls to a local fake server, e.g. http://127.0.0.1:12111.
    STRIPE_API_BASE: z
      .url({ protocol: /^https?$/, error: "expected a URL such as http://127.0.0.1:12111" })
      .refine(
        (url) => url.startsWith("https://") || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/?$/.test(url),
        {
          error: "plain http is only allowed to this machine (127.0.0.1 or localhost)",
        },
      )
      .optional(),
    // File storage: an S3-compatible bucket when S3_BUCKET is set (all four of endpoint, bucket and keys together); otherwise DATA_DIR/uploads.
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://s3.eu-west-2.amazonaws.com" })
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: "expected a bucket name (3–63 lower-case letters, digits, dots and hyphens)",
      })
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, { error: "expected a region such as eu-west-2 (or auto for Cloudflare R2)" })
      .default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Backups (app/modules/backups, docs/operations.md). Archives are encrypted to these age public keys
    // (age1…, comma-separated); the agency keeps the matching secret key away from the server.
    BACKUP_RECIPIENTS: z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^age1[02-9ac-hj-np-z]{20,}$/, { error: "expected age public keys (age1…), comma-separated" }),
        ),
      )
      .default([]),
    // The secret key (AGE-SECRET-KEY-1…) npm run restore decrypts with; better given as --identity <file>.
    BACKUP_IDENTITY: z
      .string()
      .regex(/^AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{20,}$/, { error: "expected an age secret key (AGE-SECRET-KEY-1…)" })
      .optional(),
    // Where archives are kept (default DATA_DIR/backups), when scheduled backups run ("off" for never), and how many are kept.
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_SCHEDULE: z
      .string()
      .regex(/^(off|\S+ \S+ \S+ \S+ \S+)$/, { error: 'expected a cron expression such as "0 2 * * *", or off' })
      .default("0 2 * * *"),
    BACKUP_KEEP_DAILY: keepCount.default(7),
    BACKUP_KEEP_WEEKLY: keepCount.default(4),
    BACKUP_KEEP_MONTHLY: keepCount.default(12),
    // Property portals (app/modules/portals, docs/portals.md). Rightmove: the network and branch ids
    // Rightmove issued; the branch id alone turns on the daily BLM file, and with the network id and the client
    // certificate (PEM files) the Real Time Datafeed too.
    RIGHTMOVE_NETWORK_ID: wholeId("RIGHTMOVE_NETWORK_ID").optional(),
    RIGHTMOVE_BRANCH_ID: wholeId("RIGHTMOVE_BRANCH_ID").optional(),
    RIGHTMOVE_RTDF_URL: portalUrl.default("https://adfapi.rightmove.co.uk/"),
    RIGHTMOVE_CERT_FILE: readableFile.optional(),
    RIGHTMOVE_KEY_FILE: readableFile.optional(),
    RIGHTMOVE_KEY_PASSPHRASE: z.string().min(1).optional(),
    // Extra certificate authorities to trust for the portal's server (its test environment, or a local fake).
    RIGHTMOVE_CA_FILE: readableFile.optional(),
    // Where the daily BLM zip is written: a folder (e.g. one an SFTP upload job watches); unset, the file store
    // (the S3 bucket when S3_BUCKET is set, otherwise DATA_DIR/uploads) under private/feeds/rightmove/.
    RIGHTMOVE_BLM_EXPORT_DIR: z.string().min(1).optional(),
    // Zoopla: the branch reference Zoopla issued and its client certificate (PEM files).
    ZOOPLA_BRANCH_REFERENCE: z
      .string()
      .regex(/^\S{1,64}$/, { error: "expected the branch reference Zoopla issued (no spaces)" })
      .optional(),
    ZOOPLA_API_URL: portalUrl.default("https://realtime-listings-api.webservices.zpg.co.uk/live/v1/"),
    ZOOPLA_CERT_FILE: readableFile.optional(),
    ZOOPLA_KEY_FILE: readableFile.optional(),
    ZOOPLA_KEY_PASSPHRASE: z.string().min(1).optional(),
    ZOOPLA_CA_FILE: readableFile.optional(),
    // Changes to a home wait this long before going to the portals, so edits made together go as one update.
    PORTAL_DELAY_SECONDS: z.coerce
      .number({ error: "expected a whole number of seconds from 0 to 600" })
      .int({ error: "expected a whole number of seconds from 0 to 600" })
      .min(0, { error: "expected a whole number of seconds from 0 to 600" })
      .max(600, { error: "expected a whole number of seconds from 0 to 600" })
      .default(30),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD go together",
      });
    }
    if (env.IDENTITY_PROVIDER === "stripe" && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["IDENTITY_PROVIDER"],
        message: "the online identity check (Stripe Identity) needs STRIPE_SECRET_KEY",
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.STRIPE_SECRET_KEY ? "STRIPE_PUBLISHABLE_KEY" : "STRIPE_SECRET_KEY"],
        message: "STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together",
      });
    }
    if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
      if (!env.STRIPE_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: "custom",
          path: ["STRIPE_WEBHOOK_SECRET"],
          message: "required with Stripe keys: webhooks record the outcome of every payment",
        });
      }
      if (env.STRIPE_SECRET_KEY.includes("_live_") !== env.STRIPE_PUBLISHABLE_KEY.includes("_live_")) {
        ctx.addIssue({
          code: "custom",
          path: ["STRIPE_PUBLISHABLE_KEY"],
          message: "one Stripe key is live and the other is a test key",
        });
      }
    }
    const s3 = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
    const missing = s3.filter((name) => !env[name]);
    if (missing.length > 0 && missing.length < s3.length) {
      ctx.addIssue({
        code: "custom",
        path: [missing[0]!],
        message: `S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`,
      });
    }
    for (const portal of ["RIGHTMOVE", "ZOOPLA"] as const) {
      const cert = `${portal}_CERT_FILE` as const;
      const key = `${portal}_KEY_FILE` as const;
      if (Boolean(env[cert]) !== Boolean(env[key]))
        ctx.addIssue({
          code: "custom",
          path: [env[cert] ? key : cert],
          message: `${cert} and ${key} go together (the client certificate and its private key)`,
        });
    }
    if (env.RIGHTMOVE_CERT_FILE && !(env.RIGHTMOVE_NETWORK_ID && env.RIGHTMOVE_BRANCH_ID))
      ctx.addIssue({
        code: "custom",
        path: [env.RIGHTMOVE_NETWORK_ID ? "RIGHTMOVE_BRANCH_ID" : "RIGHTMOVE_NETWORK_ID"],
        message: "the Real Time Datafeed needs RIGHTMOVE_NETWORK_ID and RIGHTMOVE_BRANCH_ID with the certificate",
      });
    if (env.ZOOPLA_CERT_FILE && !env.ZOOPLA_BRANCH_REFERENCE)
      ctx.addIssue({
        code: "custom",
        path: ["ZOOPLA_BRANCH_REFERENCE"],
        message: "Zoopla's real-time feed needs ZOOPLA_BRANCH_REFERENCE with the certificate",
      });
    if (env.WORKERS === "off" && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WORKERS"],
        message:
          "the embedded database can only be opened by one process, so the web process must run the background jobs: set DATABASE_URL to run workers apart",
      });
    }
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "required in production with PostgreSQL, so that every server process signs cookies alike",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & { DATA_DIR: string; PUBLIC_URL: string; SESSION_SECRET: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses a set of variables. Empty strings count as unset, as they do in most .env files. */
export function parseEnv(
  source: Record<string, string | undefined>,
): Omit<Env, "SESSION_SECRET"> & { SESSION_SECRET?: string } {
  const input = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = input[name];
      const shown =
        got === undefined || /SECRET|PASSWORD|PASSPHRASE|DATABASE_URL|ACCESS_KEY/.test(name) ? "" : ` (got "${got}")`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
  };
}

/** The session secret from SESSION_SECRET, or one generated once and kept in DATA_DIR. */
function resolveSessionSecret(env: ReturnType<typeof parseEnv>): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.DATA_DIR, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

let cached: Env | undefined;

/** The validated settings of this process; throws ConfigError on the first call when a value is bad. */
export function getEnv(): Env {
  if (!cached) {
    const env = parseEnv(process.env);
    cached = { ...env, SESSION_SECRET: resolveSessionSecret(env) };
  }
  return cached;
}

/** For tests that change settings: the next getEnv() reads process.env again. */
export function reloadEnv() {
  cached = undefined;
}
