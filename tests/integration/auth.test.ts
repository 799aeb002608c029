import { afterEach, describe, expect, test } from "vitest";
import { prisma } from "../../app/lib/db.server";
import { AuthError, registerVendor, verifyLogin } from "../../app/modules/auth/accounts.server";
import { RateLimitError, resetLimiters } from "../../app/modules/auth/rate-limits.server";
import { REMEMBER_ME_SECONDS, createUserSession, destroyUserSession, getAuth } from "../../app/modules/auth/session.server";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

const ann = { fullName: "Ann Seller", email: "ann@example.com", phoneNumber: "07700 900123", password: "correct horse" };
const net = { ipAddress: "203.0.113.7" };

afterEach(() => {
  delete process.env.RATE_LIMIT_STORE;
  resetLimiters();
});

const requestWith = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });

describe("sign-up", () => {
  test("creates a vendor with an argon2id hash, never an admin", async () => {
    const user = await registerVendor(ann, net);
    expect(user).toMatchObject({ email: "ann@example.com", role: "vendor", fullName: "Ann Seller" });
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.passwordHash).not.toContain(ann.password);
  });

  test("refuses an address that is already registered with 409", async () => {
    await registerVendor(ann, net);
    await expect(registerVendor({ ...ann, fullName: "Someone Else" }, net)).rejects.toMatchObject({ status: 409, field: "email" });
  });

  test("limits accounts per network", async () => {
    for (let i = 0; i < 10; i++) await registerVendor({ ...ann, email: `user${i}@example.com` }, net);
    await expect(registerVendor({ ...ann, email: "one-more@example.com" }, net)).rejects.toBeInstanceOf(RateLimitError);
    await expect(registerVendor({ ...ann, email: "other-network@example.com" }, { ipAddress: "198.51.100.1" })).resolves.toBeTruthy();
  });
});

describe("sign-in", () => {
  test("accepts the right password and refuses a wrong one or an unknown address alike", async () => {
    await registerVendor(ann, net);
    await expect(verifyLogin({ email: ann.email, password: ann.password }, net)).resolves.toMatchObject({ email: ann.email, role: "vendor" });
    const wrong = await verifyLogin({ email: ann.email, password: "nope nope" }, net).catch((e: unknown) => e);
    const unknown = await verifyLogin({ email: "nobody@example.com", password: "nope nope" }, net).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AuthError);
    expect(unknown).toBeInstanceOf(AuthError);
    expect((wrong as AuthError).message).toBe((unknown as AuthError).message);
    expect((wrong as AuthError).status).toBe(401);
  });

  test.each(["memory", "prisma"])("blocks an address after 10 failures in 15 minutes, even with the right password (%s store)", async (store) => {
    if (store === "prisma") process.env.RATE_LIMIT_STORE = "prisma";
    resetLimiters();
    await registerVendor(ann, net);
    for (let i = 0; i < 10; i++) {
      // Each from a different network: the per-address limit does not depend on the IP.
      await expect(verifyLogin({ email: ann.email, password: "wrong password" }, { ipAddress: `192.0.2.${i}` })).rejects.toBeInstanceOf(AuthError);
    }
    const blocked = await verifyLogin({ email: ann.email, password: ann.password }, net).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(RateLimitError);
    expect((blocked as RateLimitError).retryAfterSeconds).toBeGreaterThan(800);
    expect((blocked as RateLimitError).message).toMatch(/Too many failed sign-ins for this account\. Try again in \d+ minutes\./);
    if (store === "prisma") expect(await prisma.rateLimiterFlexible.count()).toBeGreaterThan(0);
  });

  test("a successful sign-in clears the failure count", async () => {
    await registerVendor(ann, net);
    for (let i = 0; i < 9; i++) await verifyLogin({ email: ann.email, password: "wrong password" }, net).catch(() => {});
    await verifyLogin({ email: ann.email, password: ann.password }, net);
    for (let i = 0; i < 9; i++) await verifyLogin({ email: ann.email, password: "wrong password" }, net).catch(() => {});
    await expect(verifyLogin({ email: ann.email, password: ann.password }, net)).resolves.toBeTruthy();
  });
});

describe("sessions", () => {
  test("remember me gives a 30-day cookie and session; otherwise a browser-session cookie and 12 hours", async () => {
    const user = await registerVendor(ann, net);
    const remembered = await createUserSession(user.id, { persistent: true });
    const plain = await createUserSession(user.id, { persistent: false });
    expect(remembered).toContain(`Max-Age=${REMEMBER_ME_SECONDS}`);
    expect(remembered).toMatch(/HttpOnly/);
    expect(remembered).toMatch(/SameSite=Lax/);
    expect(plain).not.toMatch(/Max-Age|Expires/);
    const sessions = await prisma.session.findMany({ orderBy: { expiresAt: "desc" } });
    const hours = (d: Date) => (d.getTime() - Date.now()) / 3_600_000;
    expect(hours(sessions[0]!.expiresAt)).toBeCloseTo(30 * 24, 0);
    expect(hours(sessions[1]!.expiresAt)).toBeCloseTo(12, 0);
  });

  test("the cookie finds the user; an expired, deleted or forged session is signed out", async () => {
    const user = await registerVendor(ann, net);
    const cookie = await createUserSession(user.id, { persistent: false });
    expect((await getAuth(requestWith(cookie)))?.user.email).toBe(ann.email);

    await prisma.session.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getAuth(requestWith(cookie))).toBeNull();
    expect(await prisma.session.count()).toBe(0); // the expired row is removed

    const second = await createUserSession(user.id, { persistent: false });
    await prisma.session.deleteMany();
    expect(await getAuth(requestWith(second))).toBeNull();

    const forged = second.replace(/__session=([^.;]+)/, "__session=Zm9yZ2Vk");
    expect(await getAuth(requestWith(forged))).toBeNull();
  });

  test("logout deletes the session and clears the cookie, even when the database fails", async () => {
    const user = await registerVendor(ann, net);
    const cookie = await createUserSession(user.id, { persistent: true });
    const cleared = await destroyUserSession(requestWith(cookie));
    expect(cleared).toMatch(/__session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await prisma.session.count()).toBe(0);

    const working = globalThis.__database;
    globalThis.__database = { prisma: { session: { deleteMany: () => Promise.reject(new Error("down")) } } as never, close: async () => {} };
    try {
      expect(await destroyUserSession(requestWith(cookie))).toMatch(/Max-Age=0/);
    } finally {
      globalThis.__database = working;
    }
  });
});
