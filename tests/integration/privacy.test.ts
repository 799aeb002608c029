import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { registerAccount, verifyLogin } from "../../app/modules/auth/accounts.server";
import { hashPassword } from "../../app/modules/auth/password.server";
import { purgeExpiredRecords, yearsBefore } from "../../app/modules/privacy/retention.server";
import { action as accountAction, loader as accountLoader } from "../../app/routes/account";
import { loader as dataLoader } from "../../app/routes/account.data";
import { loader as auditLoader } from "../../app/routes/admin.audit";
import { registerConfirmed } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { projectOf, request, routeArgs, settle } from "../support/payments";
import { signedInJar } from "../support/requests";

setupTestDatabase();

const ann = {
  fullName: "Ann Seller",
  email: "ann@example.com",
  phoneNumber: "07700 900123",
  password: "correct horse",
};
const net = { ipAddress: "203.0.113.7" };
const DAY = 24 * 60 * 60 * 1000;

/** A vendor whose owner has confirmed the address (the enquiries sent with it are then theirs). */
async function confirmedVendor() {
  const user = await registerAccount(ann, net);
  await prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
  return user;
}

async function enquiriesFrom(email: string, projectId: number, createdAt = new Date()) {
  await prisma.viewingRequest.create({
    data: {
      projectId,
      firstName: "Ann",
      lastName: "Seller",
      email,
      phoneNumber: "07700 900123",
      preferredDate: new Date("2030-01-02"),
      preferredTime: "10:00",
      message: "Can I bring my dog?",
      createdAt,
    },
  });
  await prisma.valuationRequest.create({
    data: {
      postcode: "LE2 6BF",
      firstName: "Ann",
      lastName: "Seller",
      email,
      contactNumber: "07700 900123",
      message: "Quickly please",
      createdAt,
    },
  });
  await prisma.contactMessage.create({
    data: {
      firstName: "Ann",
      lastName: "Seller",
      email,
      phoneNumber: "07700 900123",
      country: "UK",
      message: "Hello there",
      createdAt,
    },
  });
}

describe("retention", () => {
  test("deletes viewing and valuation requests after 6 years and contact messages after 3, and audits the run", async () => {
    const now = new Date("2030-06-15T12:00:00Z");
    const project = await projectOf(null);
    await enquiriesFrom("old@example.com", project.id, new Date(yearsBefore(now, 6).getTime() - DAY));
    await enquiriesFrom("middle@example.com", project.id, new Date(yearsBefore(now, 3).getTime() - DAY));
    await enquiriesFrom("recent@example.com", project.id, new Date(yearsBefore(now, 3).getTime() + DAY));

    const dry = await purgeExpiredRecords({ now, dryRun: true });
    expect(dry.deleted).toEqual({ viewingRequests: 1, valuationRequests: 1, contactMessages: 2, amlChecks: 0 });
    expect(await prisma.viewingRequest.count()).toBe(3);
    expect(await prisma.contactMessage.count()).toBe(3);
    expect(await prisma.auditEvent.count()).toBe(0);

    const run = await purgeExpiredRecords({ now });
    expect(run.deleted).toEqual({ viewingRequests: 1, valuationRequests: 1, contactMessages: 2, amlChecks: 0 });
    expect((await prisma.viewingRequest.findMany()).map((r) => r.email).sort()).toEqual([
      "middle@example.com",
      "recent@example.com",
    ]);
    expect((await prisma.valuationRequest.findMany()).map((r) => r.email).sort()).toEqual([
      "middle@example.com",
      "recent@example.com",
    ]);
    expect((await prisma.contactMessage.findMany()).map((r) => r.email)).toEqual(["recent@example.com"]);
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { action: "retention.purge" } });
    expect(audit.detail).toMatchObject({ viewingRequests: 1, valuationRequests: 1, contactMessages: 2 });

    expect((await purgeExpiredRecords({ now })).deleted).toEqual({
      viewingRequests: 0,
      valuationRequests: 0,
      contactMessages: 0,
      amlChecks: 0,
    });
  });

  test("counts years on the calendar", () => {
    expect(yearsBefore(new Date("2030-06-15T12:00:00Z"), 6).toISOString()).toBe("2024-06-15T12:00:00.000Z");
  });
});

describe("download my data", () => {
  test("gives the account, projects, enquiries made with the email, payments without card details, and audit events", async () => {
    const user = await confirmedVendor();
    await verifyLogin({ email: ann.email, password: ann.password }, net);
    const project = await projectOf(user);
    await prisma.payment.create({
      data: {
        projectId: project.id,
        userId: user.id,
        provider: "sandbox",
        providerPaymentId: "sb_1",
        amountPence: 120000,
        status: "completed",
        cardBrand: "visa",
        cardLast4: "4242",
      },
    });
    await enquiriesFrom("ANN@example.com", project.id);
    await enquiriesFrom("someone-else@example.com", project.id);

    const jar = await signedInJar(user.id);
    const response = (await dataLoader(routeArgs(jar.request("http://localhost/account/data.json")))) as Response;
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="movewise-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const body = await response.text();
    const json = JSON.parse(body);
    expect(json.account).toMatchObject({ email: ann.email, fullName: "Ann Seller", phoneNumber: "07700 900123" });
    expect(json.projects).toHaveLength(1);
    expect(json.projects[0]).toMatchObject({ address: project.address });
    expect(json.payments).toEqual([expect.objectContaining({ amountPence: 120000, status: "completed" })]);
    expect(json.viewingRequests).toHaveLength(1);
    expect(json.valuationRequests).toHaveLength(1);
    expect(json.contactMessages).toHaveLength(1);
    expect(json.auditEvents.map((e: { action: string }) => e.action)).toContain("auth.sign_in");
    expect(json.sessions).toHaveLength(1);
    expect(body).not.toContain("4242");
    expect(body).not.toContain("visa");
    expect(body).not.toContain("passwordHash");
    expect(body).not.toContain("argon2");
    expect(body).not.toContain("someone-else");
  });

  test("needs a signed-in user", async () => {
    const outcome = await settle(() => dataLoader(routeArgs(request("/account/data.json"))));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/login?redirectTo=%2Faccount%2Fdata.json");
  });
});

describe("close my account", () => {
  test("asks for the password and a tick, keeping nothing typed", async () => {
    const user = await registerAccount(ann, net);
    const jar = await signedInJar(user.id);
    const wrong = await settle(() =>
      accountAction(
        routeArgs(
          jar.request("http://localhost/account", {
            method: "POST",
            body: new URLSearchParams({ intent: "close-account", password: "wrong one", confirm: "on" }),
          }),
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain("That password is not right.");
    expect(JSON.stringify(wrong.data)).not.toContain("wrong one");
    const unticked = await settle(() =>
      accountAction(
        routeArgs(
          jar.request("http://localhost/account", {
            method: "POST",
            body: new URLSearchParams({ intent: "close-account", password: ann.password }),
          }),
        ),
      ),
    );
    expect(unticked.status).toBe(400);
    expect(JSON.stringify(unticked.data)).toContain("Tick the box");
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: ann.email });
  });

  test("removes the personal details, ends every session, anonymises enquiries and keeps the projects and payments", async () => {
    const user = await confirmedVendor();
    const project = await projectOf(user);
    await prisma.payment.create({
      data: {
        projectId: project.id,
        userId: user.id,
        provider: "sandbox",
        providerPaymentId: "sb_1",
        amountPence: 120000,
        status: "completed",
      },
    });
    await enquiriesFrom(ann.email, project.id);
    await enquiriesFrom("someone-else@example.com", project.id);
    const jar = await signedInJar(user.id);
    await signedInJar(user.id);
    expect((await settle(() => accountLoader(routeArgs(jar.request("http://localhost/account"))))).status).toBe(200);

    const response = await accountAction(
      routeArgs(
        jar.request("http://localhost/account", {
          method: "POST",
          body: new URLSearchParams({ intent: "close-account", password: ann.password, confirm: "on" }),
        }),
      ),
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe("/");
    expect((response as Response).headers.getSetCookie().join("\n")).toMatch(/__session=; .*Max-Age=0/);

    const closed = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(closed).toMatchObject({
      email: `closed-${user.id}@closed.invalid`,
      fullName: "Closed account",
      phoneNumber: "",
    });
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    await expect(
      verifyLogin({ email: ann.email, password: ann.password }, { ipAddress: "198.51.100.2" }),
    ).rejects.toMatchObject({ status: 401 });
    // The projects and payments stay for the agency's records, as the privacy policy says.
    expect(await prisma.project.findUniqueOrThrow({ where: { id: project.id } })).toMatchObject({
      ownerId: user.id,
      address: project.address,
    });
    expect(await prisma.payment.count({ where: { projectId: project.id } })).toBe(1);
    for (const rows of [
      await prisma.viewingRequest.findMany(),
      await prisma.valuationRequest.findMany(),
      await prisma.contactMessage.findMany(),
    ]) {
      expect(rows.map((r) => r.email).sort()).toEqual(["", "someone-else@example.com"]);
      const anonymised = rows.find((r) => r.email === "")!;
      expect(anonymised).toMatchObject({ firstName: "Anonymised", lastName: "" });
      expect(JSON.stringify(anonymised)).not.toMatch(/Ann|Seller|07700|dog|Quickly|Hello|UK/);
    }
    const event = await prisma.auditEvent.findFirstOrThrow({ where: { action: "account.close" } });
    expect(event).toMatchObject({ actorId: user.id, entity: "User", entityId: String(user.id) });
    expect(event.detail).toEqual({
      viewingRequests: 1,
      valuationRequests: 1,
      contactMessages: 1,
      savedHomes: 0,
      savedSearches: 0,
      offersWithdrawn: 0,
    });
  });

  test("keeps the last admin", async () => {
    const admin = await prisma.user.create({
      data: {
        email: "boss@example.com",
        fullName: "Ada Admin",
        passwordHash: await hashPassword("admin password"),
        role: "admin",
      },
    });
    const jar = await signedInJar(admin.id);
    const outcome = await settle(() =>
      accountAction(
        routeArgs(
          jar.request("http://localhost/account", {
            method: "POST",
            body: new URLSearchParams({ intent: "close-account", password: "admin password", confirm: "on" }),
          }),
        ),
      ),
    );
    expect(outcome.status).toBe(409);
    expect(JSON.stringify(outcome.data)).toContain("only admin");
  });
});

describe("audit log", () => {
  test("records sign-ins and failed sign-ins, and shows admins a filtered page with who did it", async () => {
    const user = await registerConfirmed(ann, net);
    await verifyLogin({ email: ann.email, password: ann.password }, net);
    await verifyLogin({ email: ann.email, password: "wrong password" }, net).catch(() => null);
    const admin = await prisma.user.create({
      data: { email: "boss@example.com", fullName: "Ada Admin", passwordHash: "x", role: "admin" },
    });
    const jar = await signedInJar(admin.id);

    const all = (await auditLoader(routeArgs(jar.request("http://localhost/admin/audit")))) as Awaited<
      ReturnType<typeof auditLoader>
    >;
    expect(all.page.items.map((e) => e.action)).toEqual(["auth.sign_in_failed", "auth.sign_in", "account.create"]);
    expect(all.page.items[1]).toMatchObject({
      actor: { email: ann.email },
      entity: "User",
      entityId: String(user.id),
      ipAddress: net.ipAddress,
    });
    expect(all.choices.actions).toEqual(["account.create", "auth.sign_in", "auth.sign_in_failed"]);

    const filtered = (await auditLoader(
      routeArgs(jar.request("http://localhost/admin/audit?action=auth.sign_in&entity=User")),
    )) as Awaited<ReturnType<typeof auditLoader>>;
    expect(filtered.page.items).toHaveLength(1);
    expect(filtered.page.total).toBe(1);

    const vendorJar = await signedInJar(user.id);
    expect((await settle(() => auditLoader(routeArgs(vendorJar.request("http://localhost/admin/audit"))))).status).toBe(
      403,
    );
  });
});
