import { describe, expect, test, vi } from "vitest";

import { prisma } from "../../app/lib/db.server";
import {
  createApiToken,
  hashApiToken,
  listApiTokens,
  revokeApiToken,
} from "../../app/modules/api-tokens/api-tokens.server";
import { registerAccount } from "../../app/modules/auth/accounts.server";
import { upsertAdmin } from "../../app/modules/auth/admins.server";
import { getUser } from "../../app/modules/auth/identity.server";
import { closeAccount } from "../../app/modules/privacy/account.server";
import { action as tokensPage, loader as tokensPageLoader } from "../../app/routes/admin.api-tokens";
import { loader as me } from "../../app/routes/api.v1.auth.me";
import { loader as valuationRequests } from "../../app/routes/api.v1.valuation.requests";
import { loader as vendorBookings } from "../../app/routes/api.v1.vendor.bookings";
import { setupTestDatabase } from "../support/database";
import { signedInJar } from "../support/requests";

setupTestDatabase();

const vendorInput = {
  fullName: "Val Vendor",
  email: "val@example.com",
  phoneNumber: "07700 900123",
  password: "a long password",
};
const api = (path: string, token: string, init: RequestInit = {}) =>
  new Request(`http://localhost/api/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...init.headers },
  });
const call = async (handler: (args: never) => unknown, request: Request) => {
  try {
    return (await handler({ request, params: {}, context: { clientIp: "203.0.113.1" } } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
};

describe("API tokens", () => {
  test("are stored only as a SHA-256 hash, with a short prefix for display", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    const { token } = await createApiToken(admin, "Feed");
    expect(token).toMatch(/^mw_[\w-]{43}$/);
    const stored = await prisma.apiToken.findFirstOrThrow();
    expect(stored.tokenHash).toBe(hashApiToken(token));
    expect(stored.tokenHash).not.toContain(token.slice(3));
    expect(stored.prefix).toBe(token.slice(0, 9));
    expect(JSON.stringify(await listApiTokens())).not.toContain(token);
  });

  test("authenticate /api/v1 as their owner with the owner's role", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    const vendor = await registerAccount(vendorInput, { ipAddress: "203.0.113.2" });
    const adminToken = (await createApiToken(admin, "Admin tool")).token;
    const vendorToken = (await createApiToken(vendor, "Vendor tool")).token;
    expect(await (await call(me, api("/auth/me", vendorToken))).json()).toMatchObject({
      email: vendor.email,
      userType: "vendor",
    });
    expect((await call(valuationRequests, api("/valuation/requests", adminToken))).status).toBe(200);
    expect((await call(valuationRequests, api("/valuation/requests", vendorToken))).status).toBe(403);
    expect((await call(vendorBookings, api("/vendor/bookings", vendorToken))).status).toBe(200);
    expect((await call(vendorBookings, api("/vendor/bookings", adminToken))).status).toBe(403);
  });

  test("only on /api/v1: pages go by the cookie alone", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    const { token } = await createApiToken(admin, "Feed");
    expect(
      await getUser(new Request("http://localhost/admin/payments", { headers: { Authorization: `Bearer ${token}` } })),
    ).toBeNull();
  });

  test("the token wins over a cookie on the API", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    const vendor = await registerAccount(vendorInput, { ipAddress: "203.0.113.2" });
    const { token } = await createApiToken(admin, "Feed");
    const jar = await signedInJar(vendor.id);
    const request = jar.request("http://localhost/api/v1/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    expect((await getUser(request))?.email).toBe(admin.email);
  });

  test("unknown and revoked tokens get 401 with a message", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    const created = await createApiToken(admin, "Feed");
    const unknown = await call(me, api("/auth/me", "mw_nope"));
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/token/);
    await revokeApiToken(created.id);
    expect((await call(me, api("/auth/me", created.token))).status).toBe(401);
    await expect(revokeApiToken(created.id)).rejects.toMatchObject({ status: 409 });
    await expect(revokeApiToken(99999)).rejects.toMatchObject({ status: 404 });
  });

  test("record when they were last used, at most once a minute", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    const { id, token } = await createApiToken(admin, "Feed");
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-05-01T10:00:00Z") });
    try {
      await call(me, api("/auth/me", token));
      expect((await prisma.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt?.toISOString()).toBe(
        "2026-05-01T10:00:00.000Z",
      );
      vi.setSystemTime(new Date("2026-05-01T10:00:30Z"));
      await call(me, api("/auth/me", token));
      expect((await prisma.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt?.toISOString()).toBe(
        "2026-05-01T10:00:00.000Z",
      );
      vi.setSystemTime(new Date("2026-05-01T10:02:00Z"));
      await call(me, api("/auth/me", token));
      expect((await prisma.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt?.toISOString()).toBe(
        "2026-05-01T10:02:00.000Z",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  test("the admin page creates a token (shown once), lists it without the secret, and revokes it", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    const jar = await signedInJar(admin.id);
    const post = (form: Record<string, string>) =>
      jar.request("http://localhost/admin/api-tokens", { method: "POST", body: new URLSearchParams(form) });
    const empty = (await tokensPage({
      request: post({ intent: "create", name: " " }),
      params: {},
      context: {},
    } as never)) as { data: { created: null }; init: { status: number } };
    expect(empty.init.status).toBe(400);
    const made = (await tokensPage({
      request: post({ intent: "create", name: "Rightmove feed" }),
      params: {},
      context: {},
    } as never)) as { created: { token: string } };
    expect(made.created.token).toMatch(/^mw_/);
    const { tokens } = await tokensPageLoader({
      request: jar.request("http://localhost/admin/api-tokens"),
      params: {},
      context: {},
    } as never);
    expect(tokens).toHaveLength(1);
    expect(JSON.stringify(tokens)).not.toContain(made.created.token);
    const revoked = (await tokensPage({
      request: post({ intent: "revoke", tokenId: String(tokens[0]!.id) }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(revoked.status).toBe(302);
    expect((await prisma.apiToken.findFirstOrThrow()).revokedAt).not.toBeNull();
  });

  test("die with their owner's account, role or password, checked on every use whatever the rows say", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    const works = async (token: string) => (await call(me, api("/auth/me", token))).status === 200;
    const fresh = async () => (await createApiToken(admin, "Feed")).token;

    const demoted = await fresh();
    await prisma.user.update({ where: { id: admin.id }, data: { role: "vendor" } });
    expect(await works(demoted)).toBe(false);
    await prisma.user.update({ where: { id: admin.id }, data: { role: "admin" } });

    const beforeReset = await fresh();
    await prisma.user.update({ where: { id: admin.id }, data: { passwordResetAt: new Date(Date.now() + 1) } });
    expect(await works(beforeReset)).toBe(false);
    await prisma.user.update({ where: { id: admin.id }, data: { passwordResetAt: new Date(Date.now() - 60_000) } });

    const closed = await fresh();
    expect(await works(closed)).toBe(true);
    await prisma.user.update({ where: { id: admin.id }, data: { closedAt: new Date() } });
    expect(await works(closed)).toBe(false);
    expect(await prisma.apiToken.count({ where: { revokedAt: null } })).toBe(3);
  });

  test("closing the account or resetting the password with create-admin revokes them", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    await upsertAdmin({ email: "other@example.com", password: "another long password" });
    const first = await createApiToken(admin, "Feed");
    await upsertAdmin({ email: "ada@example.com", password: "a new long password" });
    expect(await prisma.apiToken.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      revokedAt: expect.any(Date),
    });
    expect((await call(me, api("/auth/me", first.token))).status).toBe(401);

    const second = await createApiToken(admin, "Feed");
    await closeAccount(admin.id, "a new long password", { ipAddress: "203.0.113.1" });
    expect(await prisma.apiToken.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({
      revokedAt: expect.any(Date),
    });
    expect((await call(me, api("/auth/me", second.token))).status).toBe(401);
  });

  test("ADMIN_PASSWORD applied again at start changes nothing when it already is the admin's password", async () => {
    const admin = await upsertAdmin({ email: "ada@example.com", password: "a long password" });
    const { token } = await createApiToken(admin, "Feed");
    const jar = await signedInJar(admin.id);
    expect(
      await upsertAdmin({ email: "ada@example.com", password: "a long password", keepSamePassword: true }),
    ).toMatchObject({ changed: false });
    expect((await call(me, api("/auth/me", token))).status).toBe(200);
    expect(await getUser(jar.request("http://localhost/account"))).toMatchObject({ email: "ada@example.com" });
    expect(
      await upsertAdmin({ email: "ada@example.com", password: "a changed password", keepSamePassword: true }),
    ).toMatchObject({ changed: true });
    expect((await call(me, api("/auth/me", token))).status).toBe(401);
    expect(await getUser(jar.request("http://localhost/account"))).toBeNull();
  });

  test("vendors cannot use the admin page", async () => {
    const vendor = await registerAccount(vendorInput, { ipAddress: "203.0.113.2" });
    const jar = await signedInJar(vendor.id);
    await expect(
      tokensPage({
        request: jar.request("http://localhost/admin/api-tokens", {
          method: "POST",
          body: new URLSearchParams({ intent: "create", name: "x" }),
        }),
        params: {},
        context: {},
      } as never),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
  });
});
