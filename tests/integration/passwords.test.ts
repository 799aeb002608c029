// Forgotten passwords (an emailed single-use link that never tells whether an address has an account) and
// changing a password, on the pages and the API.
import { afterEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { createApiToken } from "../../app/modules/api-tokens/api-tokens.server";
import { ACCOUNT_MAIL_DELAY_MS } from "../../app/modules/auth/account-mail.server";
import { registerAccount, verifyLogin } from "../../app/modules/auth/accounts.server";
import { getAuth } from "../../app/modules/auth/identity.server";
import { changePassword, PASSWORD_CHANGED } from "../../app/modules/auth/passwords.server";
import { action as accountAction } from "../../app/routes/account";
import { action as changeApi } from "../../app/routes/api.v1.auth.change-password";
import { action as forgotApi } from "../../app/routes/api.v1.auth.forgot-password";
import { action as resetApi } from "../../app/routes/api.v1.auth.reset-password";
import { action as forgotPage } from "../../app/routes/forgot-password";
import { action as resetPage, loader as resetPageLoader } from "../../app/routes/reset-password";
import { operationsOf, registerConfirmed } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { routeArgs, settle } from "../support/payments";
import { CookieJar, formPost, jsonPost, signedInJar } from "../support/requests";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();
afterEach(() => resetLimiters());

const ann = {
  fullName: "Ann Seller",
  email: "ann@example.com",
  phoneNumber: "07700 900123",
  password: "correct horse",
};
const net = { ipAddress: "203.0.113.7" };
const NEW_PASSWORD = "a brand new password";

/** The subjects of the mail sent to `to` once what is queued has been sent. */
async function subjects(to: string) {
  await sendQueuedMail();
  return inbox.filter((m) => m.to.includes(to)).map((m) => /^Subject: (.*?)\r?$/m.exec(m.raw)![1]);
}
async function resetToken() {
  await sendQueuedMail();
  return /\/reset-password\?token=([\w-]+)/.exec(
    textOf(inbox.findLast((m) => m.raw.includes("Subject: Reset your MoveWise password"))!),
  )![1]!;
}

const askPage = (email: string) =>
  settle(() => forgotPage(routeArgs(new Request("http://localhost/forgot-password", formPost({ email })))));
const askApi = async (email: string) => {
  const response = await forgotApi(
    routeArgs(new Request("http://localhost/api/v1/auth/forgot-password", jsonPost({ email }))),
  );
  return { status: response.status, body: await response.json() };
};

describe("forgot password", () => {
  test("mails a link when an account uses the address, and answers exactly alike when none does", async () => {
    await registerAccount(ann, net);
    const known = await askPage(ann.email);
    const unknown = await askPage("nobody@example.com");
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 302, location: "/login" });
    // The same work too: one job each, which looks the address up later.
    expect(
      await prisma.$queryRaw`SELECT data->>'to' AS to FROM pgboss.job WHERE name = 'account-mail' ORDER BY 1`,
    ).toEqual([{ to: ann.email }, { to: "nobody@example.com" }]);
    expect(await askApi(ann.email)).toEqual(await askApi("nobody@example.com"));
    expect((await askApi(ann.email)).status).toBe(202);
    expect(await subjects(ann.email)).toEqual([
      "Confirm your email address for MoveWise",
      "Reset your MoveWise password",
      "Reset your MoveWise password",
      "Reset your MoveWise password",
    ]);
    expect(await subjects("nobody@example.com")).toEqual([]);
    const stored = await prisma.accountToken.findFirstOrThrow({ where: { purpose: "reset_password" } });
    expect((stored.expiresAt.getTime() - Date.now()) / 60_000).toBeCloseTo(60, 0);
    expect(JSON.stringify(await prisma.accountToken.findMany())).not.toContain(await resetToken());
  });

  test("the request does the same work for every address; the job that differs runs 1 to 5 s later", async () => {
    await registerConfirmed(ann, net);
    const known = await operationsOf(() => askApi(ann.email));
    const unknown = await operationsOf(() => askApi("nobody@example.com"));
    // No lookup of the address, no link, no message while the visitor waits: only the job is added.
    expect(known).toEqual(unknown);
    expect(known.filter((operation) => !operation.startsWith("RateLimit"))).toEqual([]);
    expect(await prisma.accountToken.count({ where: { purpose: "reset_password" } })).toBe(0);
    const jobs = await prisma.$queryRaw<{ to: string; delay: number }[]>`
      SELECT data->>'to' AS to, EXTRACT(EPOCH FROM start_after - created_on)::float AS delay
      FROM pgboss.job WHERE name = 'account-mail' ORDER BY created_on`;
    expect(jobs.map((job) => job.to)).toEqual([ann.email, "nobody@example.com"]);
    for (const job of jobs) {
      expect(job.delay).toBeGreaterThanOrEqual(ACCOUNT_MAIL_DELAY_MS.min / 1000 - 0.05);
      expect(job.delay).toBeLessThanOrEqual(ACCOUNT_MAIL_DELAY_MS.max / 1000 + 0.05);
    }
    expect(await subjects(ann.email)).toEqual([
      "Confirm your email address for MoveWise",
      "Reset your MoveWise password",
    ]);
  });

  test("a reset asked for before the password changed sends no link after it", async () => {
    const user = await registerConfirmed(ann, net);
    await askApi(ann.email);
    await changePassword(
      user.id,
      { currentPassword: ann.password, newPassword: NEW_PASSWORD },
      { keepSessionId: null, ipAddress: net.ipAddress },
    );
    expect(await subjects(ann.email)).toEqual([
      "Confirm your email address for MoveWise",
      "Your MoveWise password was changed",
    ]);
    expect(await prisma.accountToken.count({ where: { purpose: "reset_password" } })).toBe(0);
  });

  test("sends an address at most five such mails an hour, and limits requests per network", async () => {
    await registerAccount(ann, net);
    for (let i = 0; i < 8; i++) await askApi(ann.email);
    expect((await subjects(ann.email)).filter((subject) => subject === "Reset your MoveWise password")).toHaveLength(5);
    resetLimiters();
    for (let i = 0; i < 10; i++) await askApi(`someone${i}@example.com`);
    expect(await askApi("one-more@example.com")).toMatchObject({ status: 429 });
  });

  test("the link sets a new password once: sessions and API tokens end, the address counts as confirmed, the browser is trusted", async () => {
    const user = await registerAccount(ann, net);
    await prisma.user.update({ where: { id: user.id }, data: { role: "admin" } });
    const { token: apiToken } = await createApiToken({ id: user.id, role: "admin" }, "Feed");
    const session = await signedInJar(user.id);
    await askPage(ann.email);
    const token = await resetToken();
    const url = `http://localhost/reset-password?token=${token}`;
    expect(await resetPageLoader(routeArgs(new Request(url)))).toMatchObject({ works: true, token });

    const mismatch = await settle(() =>
      resetPage(
        routeArgs(new Request(url, formPost({ token, password: NEW_PASSWORD, confirmPassword: "something else" }))),
      ),
    );
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.data)).toContain("Passwords do not match");
    expect(JSON.stringify(mismatch.data)).not.toContain(NEW_PASSWORD);

    const browser = new CookieJar();
    const done = (await resetPage(
      routeArgs(browser.request(url, formPost({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(browser.take(done).header()).toMatch(/__device=/);

    await expect(verifyLogin({ email: ann.email, password: ann.password }, net)).rejects.toMatchObject({ status: 401 });
    await expect(verifyLogin({ email: ann.email, password: NEW_PASSWORD }, net)).resolves.toMatchObject({
      email: ann.email,
      emailVerified: true,
    });
    expect(await getAuth(session.request("http://localhost/account"))).toBeNull();
    const me = await getAuth(
      new Request("http://localhost/api/v1/auth/me", { headers: { Authorization: `Bearer ${apiToken}` } }),
    ).catch((e: unknown) => e);
    expect((me as Response).status).toBe(401);
    expect(await prisma.apiToken.count({ where: { revokedAt: null } })).toBe(0);
    expect(await subjects(ann.email)).toContain("Your MoveWise password was changed");
    expect(await prisma.auditEvent.count({ where: { action: "account.password_reset" } })).toBe(1);

    // Once only.
    expect(await resetPageLoader(routeArgs(new Request(url)))).toMatchObject({ works: false });
    const again = await settle(() =>
      resetPage(
        routeArgs(
          new Request(
            url,
            formPost({ token, password: "yet another password", confirmPassword: "yet another password" }),
          ),
        ),
      ),
    );
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.data)).toContain("This link has expired or has already been used.");
  });

  test("an expired link does not work, on the page or the API", async () => {
    await registerConfirmed(ann, net);
    await askApi(ann.email);
    const token = await resetToken();
    await prisma.accountToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await resetApi(
      routeArgs(
        new Request("http://localhost/api/v1/auth/reset-password", jsonPost({ token, password: NEW_PASSWORD })),
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: { token: ["This link has expired or has already been used."] },
    });
    await expect(verifyLogin({ email: ann.email, password: ann.password }, net)).resolves.toBeTruthy();
  });

  test("resetting clears the account's sign-in limits that strangers' failures set", async () => {
    await registerAccount(ann, net);
    for (let i = 0; i < 25; i++)
      await verifyLogin({ email: ann.email, password: "wrong password" }, { ipAddress: `192.0.2.${i}` }).catch(
        () => null,
      );
    await expect(
      verifyLogin({ email: ann.email, password: ann.password }, { ipAddress: "198.51.100.9" }),
    ).rejects.toMatchObject({ name: "ServiceError", status: 429 });
    await askApi(ann.email);
    const response = await resetApi({
      request: new Request(
        "http://localhost/api/v1/auth/reset-password",
        jsonPost({ token: await resetToken(), password: NEW_PASSWORD }),
      ),
      params: {},
      context: { clientIp: "198.51.100.9" },
    } as never);
    expect(response.status).toBe(200);
    await expect(
      verifyLogin({ email: ann.email, password: NEW_PASSWORD }, { ipAddress: "198.51.100.9" }),
    ).resolves.toBeTruthy();
  });
});

describe("changing the password", () => {
  const change = (jar: CookieJar, fields: Record<string, string>) =>
    settle(() =>
      accountAction(
        routeArgs(
          jar.request("http://localhost/account", {
            method: "POST",
            body: new URLSearchParams({ intent: "change-password", ...fields }),
          }),
        ),
      ),
    );

  test("on /account: needs the current password, keeps this session and ends the others", async () => {
    const user = await registerConfirmed(ann, net);
    const here = await signedInJar(user.id);
    const elsewhere = await signedInJar(user.id);

    const wrong = await change(here, {
      currentPassword: "not it at all",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      intent: "change-password",
      result: { error: { currentPassword: ["That password is not right."] } },
    });
    expect(JSON.stringify(wrong.data)).not.toContain(NEW_PASSWORD);
    const short = await change(here, { currentPassword: ann.password, newPassword: "short", confirmPassword: "short" });
    expect(short.data).toMatchObject({ result: { error: { newPassword: ["Use at least 8 characters."] } } });

    const done = await change(here, {
      currentPassword: ann.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done).toMatchObject({ status: 302, location: "/account" });
    expect(await getAuth(here.request("http://localhost/account"))).toMatchObject({ user: { id: user.id } });
    expect(await getAuth(elsewhere.request("http://localhost/account"))).toBeNull();
    await expect(verifyLogin({ email: ann.email, password: NEW_PASSWORD }, net)).resolves.toBeTruthy();
    expect(await subjects(ann.email)).toEqual([
      "Confirm your email address for MoveWise",
      "Your MoveWise password was changed",
    ]);
  });

  test("ends the account's API tokens and the reset links sent before, on the page and the API", async () => {
    const user = await registerConfirmed(ann, net);
    await prisma.user.update({ where: { id: user.id }, data: { role: "admin" } });
    const bearer = (token: string) =>
      new Request("http://localhost/api/v1/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    const refused = async (token: string) =>
      ((await getAuth(bearer(token)).catch((e: unknown) => e)) as Response).status;

    // On the page: a reset link mailed before the change no longer works, nor does a token made before it.
    const { token: feed } = await createApiToken({ id: user.id, role: "admin" }, "Feed");
    expect(await getAuth(bearer(feed))).toMatchObject({ user: { id: user.id } });
    await askApi(ann.email);
    const oldLink = await resetToken();
    const here = await signedInJar(user.id);
    const done = await change(here, {
      currentPassword: ann.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done).toMatchObject({ status: 302, location: "/account" });
    expect(await refused(feed)).toBe(401);
    expect(await prisma.apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    const reused = await resetApi(
      routeArgs(
        new Request(
          "http://localhost/api/v1/auth/reset-password",
          jsonPost({ token: oldLink, password: "the attacker's choice" }),
        ),
      ),
    );
    expect(reused.status).toBe(400);
    await expect(verifyLogin({ email: ann.email, password: NEW_PASSWORD }, net)).resolves.toBeTruthy();

    // Through the API with a token: every token ends, the one making the call too; the session that is
    // not making the call ends as well.
    const { token: caller } = await createApiToken({ id: user.id, role: "admin" }, "Script");
    const { token: other } = await createApiToken({ id: user.id, role: "admin" }, "Other");
    const answer = await changeApi(
      routeArgs(
        new Request("http://localhost/api/v1/auth/change-password", {
          ...jsonPost({ currentPassword: NEW_PASSWORD, newPassword: "a third long password" }),
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${caller}` },
        }),
      ),
    );
    expect(answer.status).toBe(200);
    expect(await refused(caller)).toBe(401);
    expect(await refused(other)).toBe(401);
    expect(await getAuth(here.request("http://localhost/account"))).toBeNull();
  });

  test("through the API, with wrong current passwords limited per account", async () => {
    const user = await registerConfirmed(ann, net);
    const jar = await signedInJar(user.id);
    const call = (body: unknown) =>
      changeApi(routeArgs(jar.request("http://localhost/api/v1/auth/change-password", jsonPost(body))));
    expect(
      (
        await changeApi(
          routeArgs(
            new Request(
              "http://localhost/api/v1/auth/change-password",
              jsonPost({ currentPassword: ann.password, newPassword: NEW_PASSWORD }),
            ),
          ),
        )
      ).status,
    ).toBe(401);
    for (let i = 0; i < 10; i++)
      expect((await call({ currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD })).status).toBe(400);
    const limited = await call({ currentPassword: ann.password, newPassword: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    resetLimiters();
    const done = await call({ currentPassword: ann.password, newPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({
      message: PASSWORD_CHANGED,
    });
    expect(await getAuth(jar.request("http://localhost/api/v1/auth/me"))).toMatchObject({ user: { id: user.id } });
  });
});
