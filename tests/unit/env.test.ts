import { describe, expect, test } from "vitest";

import { ConfigError, parseEnv } from "../../app/lib/env.server";

describe("parseEnv", () => {
  test("defaults give a working local set-up", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      SEED_DEMO: true,
      PUBLIC_URL: "http://localhost:3000",
      RATE_LIMIT_FACTOR: 1,
    });
    expect(env.DATA_DIR).toMatch(/\/var$/);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test("a typo stops start-up with a message naming the variable and the value", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrowError(ConfigError);
    expect(() => parseEnv({ PORT: "abc" })).toThrowError(
      /PORT: expected a whole number between 1 and 65535 \(got "abc"\)/,
    );
    expect(() => parseEnv({ PORT: "70000" })).toThrowError(/PORT/);
    expect(() => parseEnv({ SEED_DEMO: "maybe" })).toThrowError(/SEED_DEMO: expected true, false or force/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrowError(/DATABASE_URL: expected a PostgreSQL URL/);
    expect(() => parseEnv({ PUBLIC_URL: "example.com" })).toThrowError(/PUBLIC_URL/);
    expect(() => parseEnv({ LOG_FORMAT: "yaml" })).toThrowError(/LOG_FORMAT: expected json or pretty/);
  });

  test("every bad variable is reported at once, and secrets are never echoed", () => {
    const error = (() => {
      try {
        parseEnv({ PORT: "x", SESSION_SECRET: "short-secret-value", LOG_LEVEL: "loud" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/PORT/);
    expect(error?.message).toMatch(/LOG_LEVEL/);
    expect(error?.message).toMatch(/SESSION_SECRET: expected at least 32 characters/);
    expect(error?.message).not.toContain("short-secret-value");
  });

  test("ALERT_DELAY_SECONDS keeps instant alerts within 5 minutes: 0 to 240 seconds, 60 by default", () => {
    expect(parseEnv({}).ALERT_DELAY_SECONDS).toBe(60);
    expect(parseEnv({ ALERT_DELAY_SECONDS: "0" }).ALERT_DELAY_SECONDS).toBe(0);
    expect(parseEnv({ ALERT_DELAY_SECONDS: "240" }).ALERT_DELAY_SECONDS).toBe(240);
    for (const bad of ["241", "-1", "1.5", "soon"])
      expect(() => parseEnv({ ALERT_DELAY_SECONDS: bad })).toThrowError(
        /ALERT_DELAY_SECONDS: expected a whole number of seconds from 0 to 240/,
      );
  });

  test("empty strings count as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test("TRUST_PROXY names the proxies whose forwarding headers are believed; unset, none are", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,fd00::/8, uniquelocal" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
      "uniquelocal",
    ]);
    for (const bad of ["true", "proxy.example.com", "10.0.0.0/33", "10.0.0.1,,10.0.0.2", "-1"]) {
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrowError(
        /TRUST_PROXY: expected the number of proxies in front of the server \(such as 1\), or their addresses/,
      );
    }
    expect(() => parseEnv({ TRUST_PROXY: "proxy.example.com" })).toThrowError(/\(got "proxy\.example\.com"\)/);
  });

  test("booleans accept the usual spellings", () => {
    expect(parseEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: "yes" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ SEED_DEMO: "force" }).SEED_DEMO).toBe("force");
  });

  test("the S3 settings go together and are checked; the region defaults", () => {
    const s3 = {
      S3_ENDPOINT: "https://s3.eu-west-2.amazonaws.com",
      S3_BUCKET: "movewise-media",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseEnv(s3)).toMatchObject({ ...s3, S3_REGION: "us-east-1" });
    expect(() => parseEnv({ ...s3, S3_SECRET_ACCESS_KEY: "" })).toThrowError(
      /S3_SECRET_ACCESS_KEY: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => parseEnv({ ...s3, S3_BUCKET: "Not_A_Bucket" })).toThrowError(/S3_BUCKET: expected a bucket name/);
    expect(() => parseEnv({ ...s3, S3_REGION: "EU WEST" })).toThrowError(/S3_REGION: expected a region/);
  });

  test("admin email and password go together", () => {
    expect(() => parseEnv({ ADMIN_EMAIL: "boss@example.com" })).toThrowError(
      /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together/,
    );
    expect(() => parseEnv({ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "long enough" })).toThrowError(
      /ADMIN_EMAIL: expected an email address/,
    );
    expect(parseEnv({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "long enough" }).ADMIN_EMAIL).toBe(
      "boss@example.com",
    );
  });

  test("production on PostgreSQL needs a shared session secret", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://u@h/db" })).toThrowError(
      /SESSION_SECRET: required in production with PostgreSQL/,
    );
    expect(parseEnv({ NODE_ENV: "development", DATABASE_URL: "postgresql://u@h/db" }).DATABASE_URL).toBe(
      "postgresql://u@h/db",
    );
    expect(
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://u@h/db", SESSION_SECRET: "x".repeat(32) })
        .SESSION_SECRET,
    ).toHaveLength(32);
  });

  test("the package price defaults to £1,495 before VAT and must be whole pence", () => {
    expect(parseEnv({}).PACKAGE_NET_PENCE).toBe(149_500);
    expect(parseEnv({ PACKAGE_NET_PENCE: "120000" }).PACKAGE_NET_PENCE).toBe(120_000);
    expect(() => parseEnv({ PACKAGE_NET_PENCE: "1495.50" })).toThrowError(
      /PACKAGE_NET_PENCE: expected a whole number of pence/,
    );
    expect(() => parseEnv({ PACKAGE_NET_PENCE: "0" })).toThrowError(/PACKAGE_NET_PENCE/);
  });

  test("Stripe needs both keys and the webhook secret, of one mode; secrets are never echoed", () => {
    const keys = {
      STRIPE_SECRET_KEY: "sk_test_abc123",
      STRIPE_PUBLISHABLE_KEY: "pk_test_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
    };
    expect(parseEnv(keys).STRIPE_SECRET_KEY).toBe("sk_test_abc123");
    expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => parseEnv({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrowError(
      /STRIPE_PUBLISHABLE_KEY: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together/,
    );
    expect(() => parseEnv({ ...keys, STRIPE_WEBHOOK_SECRET: "" })).toThrowError(
      /STRIPE_WEBHOOK_SECRET: required with Stripe keys/,
    );
    expect(() => parseEnv({ ...keys, STRIPE_PUBLISHABLE_KEY: "pk_live_abc123" })).toThrowError(
      /one Stripe key is live and the other is a test key/,
    );
    const error = (() => {
      try {
        parseEnv({ ...keys, STRIPE_SECRET_KEY: "pk_test_wrong-place" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/STRIPE_SECRET_KEY: expected a Stripe secret key/);
    expect(error?.message).not.toContain("pk_test_wrong-place");
  });

  test("STRIPE_API_BASE may use plain http only to this machine", () => {
    expect(parseEnv({ STRIPE_API_BASE: "http://127.0.0.1:12111" }).STRIPE_API_BASE).toBe("http://127.0.0.1:12111");
    expect(parseEnv({ STRIPE_API_BASE: "https://stripe-proxy.example.com" }).STRIPE_API_BASE).toBe(
      "https://stripe-proxy.example.com",
    );
    expect(() => parseEnv({ STRIPE_API_BASE: "http://api.stripe.com" })).toThrowError(
      /STRIPE_API_BASE: plain http is only allowed to this machine/,
    );
  });

  test("PUBLIC_URL loses a trailing slash", () => {
    expect(parseEnv({ PUBLIC_URL: "https://homes.example.co.uk/" }).PUBLIC_URL).toBe("https://homes.example.co.uk");
  });
});
