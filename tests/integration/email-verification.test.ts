// An email address is trusted only once its owner has opened the link mailed to it: until then nothing found
// by that address (enquiries, projects the agency made for it) is the account's, in the data export, when the
// account is closed, or on the vendor's dashboard.
import { afterEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { signUp } from "../../app/modules/auth/accounts.server";
import { upsertAdmin } from "../../app/modules/auth/admins.server";
import { action as accountAction, loader as accountLoader } from "../../app/routes/account";
import { loader as dataLoader } from "../../app/routes/account.data";
import { loader as me } from "../../app/routes/api.v1.auth.me";
import { action as resendApi } from "../../app/routes/api.v1.auth.resend-verification";
import { action as verifyApi } from "../../app/routes/api.v1.auth.verify-email";
import { loader as verifyPage } from "../../app/routes/verify-email";
import { setupTestDatabase } from "../support/database";
import { projectOf, routeArgs, settle } from "../support/payments";
import { jsonPost, signedInJar } from "../support/requests";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();
// Account ids start again in every test, and so would the per-account limits.
afterEach(() => resetLimiters());

const ann = {
  fullName: "Ann Seller",
  email: "ann@example.com",
  phoneNumber: "07700 900123",
  password: "correct horse",
};
const net = { ipAddress: "203.0.113.7" };

/** The token of the last link to `path` mailed to `to` (the queued mail is sent first). */
async function linkToken(to: string, path: string) {
  await sendQueuedMail();
  const mail = inbox.findLast((m) => m.to.includes(to) && textOf(m).includes(path));
  if (!mail) throw new Error(`no mail to ${to} with a ${path} link`);
  return new RegExp(`${path}\\?token=([\\w-]+)`).exec(textOf(mail))![1]!;
}

async function signedUp(who = ann) {
  await signUp(who, net);
  return prisma.user.findUniqueOrThrow({ where: { email: who.email } });
}

const openLink = (token: string | null) =>
  settle(() =>
    verifyPage(routeArgs(new Request(`http://localhost/verify-email${token === null ? "" : `?token=${token}`}`))),
  );

async function enquiriesFrom(email: string, projectId: number) {
  await prisma.viewingRequest.create({
    data: {
      projectId,
      firstName: "Vera",
      lastName: "Victim",
      email,
      phoneNumber: "07700 900999",
      preferredDate: new Date("2030-01-02"),
      preferredTime: "10:00",
      message: "My new address is 1 Secret Lane",
    },
  });
  await prisma.valuationRequest.create({
    data: {
      postcode: "LE2 6BF",
      firstName: "Vera",
      lastName: "Victim",
      email,
      contactNumber: "07700 900999",
      message: "Selling after the divorce",
    },
  });
  await prisma.contactMessage.create({
    data: { firstName: "Vera", lastName: "Victim", email, phoneNumber: "07700 900999", message: "Please call after 6" },
  });
}

const currentUser = async (userId: number) =>
  (await me(routeArgs((await signedInJar(userId)).request("http://localhost/api/v1/auth/me")))).json();

describe("confirming an email address", () => {
  test("sign-up mails a single-use link; opening it confirms the address, and /auth/me says so", async () => {
    const user = await signedUp();
    expect(user.emailVerifiedAt).toBeNull();
    expect(await currentUser(user.id)).toMatchObject({ email: ann.email, userType: "vendor", emailVerified: false });
    const token = await linkToken(ann.email, "/verify-email");
    expect(inbox.map((m) => m.to)).toEqual([[ann.email]]);
    expect(inbox[0]!.raw).toMatch(/^Subject: Confirm your email address for MoveWise\r?$/m);

    // Only a keyed hash of the token is stored.
    const stored = await prisma.accountToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({ purpose: "verify_email", usedAt: null });
    expect(stored.tokenHash).toMatch(/^[a-f0-9]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((stored.expiresAt.getTime() - Date.now()) / 3_600_000).toBeCloseTo(48, 0);

    const opened = await openLink(token);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ title: "Thank you: your email address is confirmed.", next: { to: "/login" } });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
    expect(await currentUser(user.id)).toMatchObject({ emailVerified: true });
    expect(await prisma.auditEvent.count({ where: { action: "account.verify_email", actorId: user.id } })).toBe(1);

    // Mail scanners open links before people do: a second visit says it is done rather than failing.
    expect(await openLink(token)).toMatchObject({
      status: 200,
      data: { title: "Your email address is already confirmed." },
    });
  });

  test("a made-up, missing or expired link does not work, on the page or the API", async () => {
    const user = await signedUp();
    expect((await openLink(null)).status).toBe(400);
    expect(await openLink("x".repeat(43))).toMatchObject({ status: 400, data: { title: "This link no longer works" } });
    const token = await linkToken(ann.email, "/verify-email");
    await prisma.accountToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await openLink(token)).status).toBe(400);
    const viaApi = await verifyApi(
      routeArgs(new Request("http://localhost/api/v1/auth/verify-email", jsonPost({ token }))),
    );
    expect(viaApi.status).toBe(400);
    expect(await viaApi.json()).toEqual({
      message: "This link has expired or has already been used.",
      errors: { token: ["This link has expired or has already been used."] },
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeNull();
  });

  test("the API confirms with the token from the link", async () => {
    const user = await signedUp();
    const response = await verifyApi(
      routeArgs(
        new Request(
          "http://localhost/api/v1/auth/verify-email",
          jsonPost({ token: await linkToken(ann.email, "/verify-email") }),
        ),
      ),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Thank you: your email address is confirmed.",
      emailVerified: true,
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
  });

  test("/account shows the unconfirmed address and resends the link (a few an hour), on the page and the API", async () => {
    const user = await signedUp();
    const jar = await signedInJar(user.id);
    expect(await settle(() => accountLoader(routeArgs(jar.request("http://localhost/account"))))).toMatchObject({
      data: { user: { emailVerified: false } },
    });
    const resend = () =>
      accountAction(
        routeArgs(
          jar.request("http://localhost/account", {
            method: "POST",
            body: new URLSearchParams({ intent: "resend-verification" }),
          }),
        ),
      );
    const first = (await resend()) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/account");
    const api = () =>
      resendApi(routeArgs(jar.request("http://localhost/api/v1/auth/resend-verification", { method: "POST" })));
    expect((await api()).status).toBe(202);
    expect((await settle(resend)).status).toBe(302);
    const limited = await settle(resend);
    expect(limited.status).toBe(429);
    expect(JSON.stringify(limited.data)).toContain("several verification emails");
    await sendQueuedMail();
    expect(inbox.filter((m) => m.to.includes(ann.email))).toHaveLength(4);
    // Any of the links works; the account is then confirmed, and asking again is refused.
    expect((await openLink(await linkToken(ann.email, "/verify-email"))).status).toBe(200);
    const confirmedJar = await signedInJar(user.id);
    expect(
      (
        await resendApi(
          routeArgs(confirmedJar.request("http://localhost/api/v1/auth/resend-verification", { method: "POST" })),
        )
      ).status,
    ).toBe(409);
  });

  test("admins made by the operator, and so the demo and ADMIN_EMAIL admins, count as confirmed", async () => {
    const admin = await upsertAdmin({ email: "boss@example.com", password: "a long admin password" });
    expect(await currentUser(admin.id)).toMatchObject({ userType: "admin", emailVerified: true });
  });
});

describe("before the address is confirmed", () => {
  test("a stranger who signs up with someone's address gets none of their enquiries, and closing the account leaves them alone", async () => {
    const listing = await projectOf(null);
    await enquiriesFrom("vera@example.com", listing.id);
    const stranger = await signedUp({ ...ann, fullName: "Mallory", email: "vera@example.com" });
    const jar = await signedInJar(stranger.id);

    const exported = JSON.parse(
      await ((await dataLoader(routeArgs(jar.request("http://localhost/account/data.json")))) as Response).text(),
    );
    expect(exported).toMatchObject({
      viewingRequests: [],
      valuationRequests: [],
      contactMessages: [],
      account: { email: "vera@example.com", emailVerifiedAt: null },
    });
    expect(exported.note).toMatch(/not confirmed/);
    expect(JSON.stringify(exported)).not.toMatch(/Secret Lane|divorce|after 6|07700 900999/);

    const closed = await accountAction(
      routeArgs(
        jar.request("http://localhost/account", {
          method: "POST",
          body: new URLSearchParams({ intent: "close-account", password: ann.password, confirm: "on" }),
        }),
      ),
    );
    expect((closed as Response).headers.get("Location")).toBe("/");
    for (const rows of [
      await prisma.viewingRequest.findMany(),
      await prisma.valuationRequest.findMany(),
      await prisma.contactMessage.findMany(),
    ]) {
      expect(rows).toEqual([expect.objectContaining({ firstName: "Vera", email: "vera@example.com" })]);
    }
    expect((await prisma.auditEvent.findFirstOrThrow({ where: { action: "account.close" } })).detail).toEqual({
      viewingRequests: 0,
      valuationRequests: 0,
      contactMessages: 0,
      savedHomes: 0,
      savedSearches: 0,
      offersWithdrawn: 0,
    });
  });

  test("once confirmed, the export includes them", async () => {
    const listing = await projectOf(null);
    await enquiriesFrom(ann.email, listing.id);
    const user = await signedUp();
    await openLink(await linkToken(ann.email, "/verify-email"));
    const jar = await signedInJar(user.id);
    const exported = JSON.parse(
      await ((await dataLoader(routeArgs(jar.request("http://localhost/account/data.json")))) as Response).text(),
    );
    expect(exported.note).toBeUndefined();
    expect([
      exported.viewingRequests.length,
      exported.valuationRequests.length,
      exported.contactMessages.length,
    ]).toEqual([1, 1, 1]);
  });
});
