import { afterEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { ServiceError } from "../../app/lib/service-error";
import { toasts } from "../../app/lib/toast.server";
import { registerAccount, SIGN_IN_FAILED, signUp, verifyLogin } from "../../app/modules/auth/accounts.server";
import { trustedDeviceFor } from "../../app/modules/auth/devices.server";
import { getAuth } from "../../app/modules/auth/identity.server";
import { createUserSession, destroyUserSession, REMEMBER_ME_SECONDS } from "../../app/modules/auth/session.server";
import { action as signinApi } from "../../app/routes/api.v1.auth.signin";
import { action as signupApi } from "../../app/routes/api.v1.auth.signup";
import { action as loginPage } from "../../app/routes/login";
import { action as signupPage } from "../../app/routes/signup";
import { action as unlockAction, loader as unlockLoader } from "../../app/routes/unlock-account";
import { confirmAddressOf, operationsOf, registerConfirmed } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { CookieJar, formPost, jsonPost } from "../support/requests";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();

const ann = {
  fullName: "Ann Seller",
  email: "ann@example.com",
  phoneNumber: "07700 900123",
  password: "correct horse",
};
const net = { ipAddress: "203.0.113.7" };

afterEach(() => {
  delete process.env.RATE_LIMIT_STORE;
  resetLimiters();
});

const requestWith = (cookie: string) =>
  new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
describe("sign-up", () => {
  test("creates a vendor with an argon2id hash, never an admin, its address not yet confirmed", async () => {
    const user = await registerAccount(ann, net);
    expect(user).toMatchObject({
      email: "ann@example.com",
      role: "vendor",
      fullName: "Ann Seller",
      emailVerified: false,
    });
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.passwordHash).not.toContain(ann.password);
    expect(stored.emailVerifiedAt).toBeNull();
  });

  test("the service refuses an address that is already registered with 409", async () => {
    await registerAccount(ann, net);
    await expect(registerAccount({ ...ann, fullName: "Someone Else" }, net)).rejects.toMatchObject({
      status: 409,
      fieldErrors: { email: ["An account with this email already exists."] },
    });
  });

  test("limits accounts per network", async () => {
    for (let i = 0; i < 10; i++) await signUp({ ...ann, email: `user${i}@example.com` }, net);
    await expect(signUp({ ...ann, email: "one-more@example.com" }, net)).rejects.toMatchObject({
      name: "ServiceError",
      status: 429,
    });
    await expect(
      signUp({ ...ann, email: "other-network@example.com" }, { ipAddress: "198.51.100.1" }),
    ).resolves.toBeUndefined();
  });

  test("a taken address gets exactly the answer a new one gets, on the page and the API; its owner is told by email", async () => {
    await registerAccount(ann, net);
    const before = await prisma.user.findUniqueOrThrow({ where: { email: ann.email } });
    const page = async (email: string) => {
      const response = (await signupPage({
        request: new Request(
          "http://localhost/signup",
          formPost({ ...ann, email, password: "mallory's password", confirmPassword: "mallory's password" }),
        ),
        params: {},
        context: { clientIp: "198.51.100.3" },
      } as never)) as Response;
      const toast = (
        await toasts().getToast(
          new Request("http://localhost/", { headers: { Cookie: response.headers.get("Set-Cookie")!.split(";")[0]! } }),
        )
      ).toast;
      return {
        status: response.status,
        location: response.headers.get("Location"),
        toast: toast?.message,
        type: toast?.type,
      };
    };
    const api = async (email: string) => {
      const response = await signupApi({
        request: new Request(
          "http://localhost/api/v1/auth/signup",
          jsonPost({ ...ann, email, password: "mallory's password" }),
        ),
        params: {},
        context: { clientIp: "198.51.100.3" },
      } as never);
      return { status: response.status, body: JSON.stringify(await response.json()).replace(email, "EMAIL") };
    };
    const taken = { page: await page(ann.email), api: await api(ann.email) };
    expect(taken.page).toEqual(await page("new-one@example.com"));
    expect(taken.page).toMatchObject({ status: 302, location: "/login", type: "success" });
    expect(taken.api).toEqual(await api("new-two@example.com"));
    expect(taken.api.status).toBe(201);

    // The account is as it was, and nobody can sign in to it with the stranger's password.
    expect(await prisma.user.findUniqueOrThrow({ where: { email: ann.email } })).toEqual(before);
    await expect(verifyLogin({ email: ann.email, password: "mallory's password" }, net)).rejects.toMatchObject({
      name: "ServiceError",
      status: 401,
    });
    await sendQueuedMail();
    const toOwner = inbox.filter(
      (m) => m.to.includes(ann.email) && !m.raw.includes("Subject: Confirm your email address"),
    );
    expect(toOwner).toHaveLength(2);
    expect(toOwner[0]!.raw).toMatch(
      /^Subject: Someone tried to create a MoveWise account with your email address\r?$/m,
    );
    expect(textOf(toOwner[0]!)).toContain("/forgot-password");
    expect(textOf(toOwner[0]!)).not.toMatch(/mallory/i);
    // The new addresses got links to confirm them instead.
    expect(
      inbox.filter((m) => m.to.includes("new-one@example.com")).map((m) => /^Subject: (.*?)\r?$/m.exec(m.raw)![1]),
    ).toEqual(["Confirm your email address for MoveWise"]);
  });
});

describe("sign-in", () => {
  test("accepts the right password and refuses a wrong one or an unknown address alike", async () => {
    await registerConfirmed(ann, net);
    await expect(verifyLogin({ email: ann.email, password: ann.password }, net)).resolves.toMatchObject({
      email: ann.email,
      role: "vendor",
    });
    const wrong = await verifyLogin({ email: ann.email, password: "nope nope" }, net).catch((e: unknown) => e);
    const unknown = await verifyLogin({ email: "nobody@example.com", password: "nope nope" }, net).catch(
      (e: unknown) => e,
    );
    expect(wrong).toMatchObject({ name: "ServiceError", status: 401 });
    expect(unknown).toMatchObject({ name: "ServiceError", status: 401 });
    expect((wrong as ServiceError).message).toBe((unknown as ServiceError).message);
    expect((wrong as ServiceError).status).toBe(401);
  });

  test("a wrong password and an unknown address do the same database work (timing tells nothing)", async () => {
    await registerConfirmed(ann, net);
    const known = await operationsOf(() => verifyLogin({ email: ann.email, password: "nope nope" }, net));
    const unknown = await operationsOf(() => verifyLogin({ email: "nobody@example.com", password: "nope nope" }, net));
    expect(known).toEqual(unknown);
    expect(known).toEqual(["User.findUnique", "AuditEvent.create"]);
  });

  test("an unconfirmed address signs in to nothing: the right password gets a wrong one's answer and work", async () => {
    await registerAccount(ann, net);
    const right = await verifyLogin({ email: ann.email, password: ann.password }, net).catch((e: unknown) => e);
    const wrong = await verifyLogin({ email: ann.email, password: "nope nope" }, net).catch((e: unknown) => e);
    expect(right).toBeInstanceOf(ServiceError);
    expect(right).toMatchObject({ status: 401, message: SIGN_IN_FAILED });
    expect(wrong).toMatchObject({ status: 401, message: SIGN_IN_FAILED });
    expect(await operationsOf(() => verifyLogin({ email: ann.email, password: ann.password }, net))).toEqual(
      await operationsOf(() => verifyLogin({ email: ann.email, password: "nope nope" }, net)),
    );
    // Once the emailed link has confirmed it, the account signs in.
    await confirmAddressOf(ann.email);
    resetLimiters();
    await expect(verifyLogin({ email: ann.email, password: ann.password }, net)).resolves.toMatchObject({
      email: ann.email,
    });
  });

  test("signing up with an address and then signing in tells nothing of whether it had an account", async () => {
    await registerConfirmed(ann, net);
    const mallory = { fullName: "Mallory", phoneNumber: "07700 900999", password: "mallory's password" };
    const call = async (action: typeof signupApi | typeof signinApi, path: string, body: object, email: string) => {
      const response = await action({
        request: new Request(`http://localhost/api/v1/auth/${path}`, jsonPost(body)),
        params: {},
        context: { clientIp: "198.51.100.3" },
      } as never);
      return {
        status: response.status,
        body: JSON.stringify(await response.json()).replaceAll(email, "EMAIL"),
        cookie: response.headers.has("Set-Cookie"),
      };
    };
    const probe = async (email: string) => ({
      signup: await call(signupApi, "signup", { ...mallory, email }, email),
      signin: await call(signinApi, "signin", { email, password: mallory.password }, email),
    });
    const taken = await probe(ann.email);
    const fresh = await probe("fresh@example.com");
    expect(taken).toEqual(fresh);
    expect(taken.signup.status).toBe(201);
    expect(taken.signin).toMatchObject({ status: 401, cookie: false });
    expect(JSON.parse(taken.signin.body)).toEqual({ message: SIGN_IN_FAILED });
  });

  test("a successful sign-in clears its network's failures", async () => {
    await registerConfirmed(ann, net);
    for (let i = 0; i < 9; i++)
      await verifyLogin({ email: ann.email, password: "wrong password" }, net).catch(() => {});
    await verifyLogin({ email: ann.email, password: ann.password }, net);
    for (let i = 0; i < 9; i++)
      await verifyLogin({ email: ann.email, password: "wrong password" }, net).catch(() => {});
    await expect(verifyLogin({ email: ann.email, password: ann.password }, net)).resolves.toBeTruthy();
  });
});

const wrongFrom = (ipAddress: string, email = ann.email) =>
  verifyLogin({ email, password: "wrong password" }, { ipAddress }).catch((e: unknown) => e);

/** Signs in through /login with the browser `jar`, from `ipAddress`; the jar keeps what the answer sets. */
async function logIn(jar: CookieJar, ipAddress: string, password = ann.password) {
  const result = await loginPage({
    request: jar.request("http://localhost/login", formPost({ email: ann.email, password })),
    params: {},
    context: { clientIp: ipAddress },
  } as never);
  if (result instanceof Response) {
    jar.take(result);
    return { status: result.status, message: "" };
  }
  const wrapped = result as { data: { result: { error?: Record<string, string[]> } }; init: { status: number } };
  return { status: wrapped.init.status, message: wrapped.data.result.error?.[""]?.[0] ?? "" };
}

describe("sign-in limits: no stranger can lock the owner out", () => {
  test.each(["memory", "prisma"])(
    "ten failures from one network close that network to the account for 15 minutes, right password included (%s store)",
    async (store) => {
      if (store === "prisma") process.env.RATE_LIMIT_STORE = "prisma";
      resetLimiters();
      await registerConfirmed(ann, net);
      for (let i = 0; i < 10; i++)
        expect(await wrongFrom(net.ipAddress)).toMatchObject({ name: "ServiceError", status: 401 });
      const blocked = await verifyLogin({ email: ann.email, password: ann.password }, net).catch((e: unknown) => e);
      expect(blocked).toMatchObject({ name: "ServiceError", status: 429 });
      expect((blocked as ServiceError).retryAfterSeconds).toBeGreaterThan(800);
      expect((blocked as ServiceError).message).toMatch(
        /^Too many failed sign-ins for this account\. Try again in \d+ minutes\.$/,
      );
      if (store === "prisma") expect(await prisma.rateLimiterFlexible.count()).toBeGreaterThan(0);
      // Another network is not walled off.
      await expect(
        verifyLogin({ email: ann.email, password: ann.password }, { ipAddress: "198.51.100.20" }),
      ).resolves.toMatchObject({ email: ann.email });
    },
  );

  test("failures from many networks never stop a browser that has signed in to the account before", async () => {
    await registerConfirmed(ann, net);
    const owner = new CookieJar();
    expect(await logIn(owner, net.ipAddress)).toMatchObject({ status: 302 });
    expect(owner.header()).toMatch(/__device=/);
    for (let i = 0; i < 40; i++) await wrongFrom(`192.0.2.${i}`);
    for (let round = 0; round < 3; round++) expect(await logIn(owner, net.ipAddress)).toMatchObject({ status: 302 });
    // Even from a network the strangers used up.
    for (let i = 0; i < 10; i++) await wrongFrom("192.0.2.99");
    expect(await logIn(owner, "192.0.2.99")).toMatchObject({ status: 302 });
  });

  test("after 20 failures in an hour, other browsers are slowed to one attempt every 5 minutes between them, never walled off", async () => {
    await registerConfirmed(ann, net);
    for (let i = 0; i < 20; i++) await wrongFrom(`192.0.2.${i}`);
    // The next stranger gets the one attempt…
    expect(await wrongFrom("192.0.2.50")).toMatchObject({ name: "ServiceError", status: 401 });
    // …and the others wait for the next one.
    const waiting = await verifyLogin(
      { email: ann.email, password: ann.password },
      { ipAddress: "198.51.100.30" },
    ).catch((e: unknown) => e);
    expect(waiting).toMatchObject({ name: "ServiceError", status: 429 });
    expect((waiting as ServiceError).retryAfterSeconds).toBeLessThanOrEqual(300);
    expect((waiting as ServiceError).message).toMatch(
      /^Too many failed sign-ins for this account from browsers it does not know\. Try again in \d+ minutes\.$/,
    );
    // An address with no account is held back exactly alike.
    for (let i = 0; i < 21; i++) await wrongFrom(`192.0.2.${i}`, "nobody@example.com");
    const nobody = await verifyLogin(
      { email: "nobody@example.com", password: "x" },
      { ipAddress: "198.51.100.30" },
    ).catch((e: unknown) => e);
    expect((nobody as ServiceError).message).toBe((waiting as ServiceError).message);
  });

  test("reaching the limit mails the owner a link that lets their browser straight in", async () => {
    await registerConfirmed(ann, net);
    for (let i = 0; i < 25; i++) await wrongFrom(`192.0.2.${i}`);
    await sendQueuedMail();
    const mails = inbox.filter((m) => /^Subject: Failed sign-ins to your MoveWise account\r?$/m.test(m.raw));
    expect(mails).toHaveLength(1);
    const link = /\/unlock-account\?token=([\w-]+)/.exec(textOf(mails[0]!))![1]!;

    // Opening the link only shows a button (mail scanners open links too).
    const url = `http://localhost/unlock-account?token=${link}`;
    expect(
      await unlockLoader({ request: new Request(url), params: {}, context: { clientIp: "198.51.100.40" } } as never),
    ).toMatchObject({ works: true });
    const browser = new CookieJar();
    const unlocked = (await unlockAction({
      request: browser.request(url, formPost({ token: link })),
      params: {},
      context: { clientIp: "198.51.100.40" },
    } as never)) as Response;
    expect(unlocked.status).toBe(302);
    expect(unlocked.headers.get("Location")).toBe("/login");
    browser.take(unlocked);
    expect(await trustedDeviceFor(browser.request(url), ann.email)).toBeTruthy();
    // Strangers go on failing; that browser still gets in, and the link is spent.
    for (let i = 0; i < 25; i++) await wrongFrom(`192.0.2.${i}`);
    expect(await logIn(browser, "198.51.100.40")).toMatchObject({ status: 302 });
    expect(
      await unlockLoader({ request: new Request(url), params: {}, context: { clientIp: "198.51.100.40" } } as never),
    ).toMatchObject({ works: false });
    expect(await prisma.auditEvent.count({ where: { action: "account.unlock_sign_in" } })).toBe(1);
  });

  test("a device cookie speaks for one account only, and a forged one for none", async () => {
    await registerConfirmed(ann, net);
    const owner = new CookieJar();
    await logIn(owner, net.ipAddress);
    const login = owner.request("http://localhost/login");
    expect(await trustedDeviceFor(login, ann.email)).toMatch(/^[\w-]{22}$/);
    expect(await trustedDeviceFor(login, "someone-else@example.com")).toBeNull();
    const forged = new Request("http://localhost/login", {
      headers: { Cookie: owner.header().replace(/__device=([^;.]+)/, "__device=W10") },
    });
    expect(await trustedDeviceFor(forged, ann.email)).toBeNull();
  });
});

describe("sessions", () => {
  test("remember me gives a 30-day cookie and session; otherwise a browser-session cookie and 12 hours", async () => {
    const user = await registerAccount(ann, net);
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
    const user = await registerAccount(ann, net);
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
    const user = await registerAccount(ann, net);
    const cookie = await createUserSession(user.id, { persistent: true });
    const cleared = await destroyUserSession(requestWith(cookie));
    expect(cleared).toMatch(/__session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await prisma.session.count()).toBe(0);

    const working = globalThis.__database;
    globalThis.__database = {
      prisma: { session: { deleteMany: () => Promise.reject(new Error("down")) } } as never,
      close: async () => {},
    };
    try {
      expect(await destroyUserSession(requestWith(cookie))).toMatch(/Max-Age=0/);
    } finally {
      globalThis.__database = working;
    }
  });
});
