import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import { ServiceError } from "../../app/lib/service-error";
import { hashPassword } from "../../app/modules/auth/password.server";
import type { SessionUser } from "../../app/modules/auth/roles";
import {
  addSellerCheck,
  decideMatch,
  myChecks,
  NO_SANCTIONS_LIST,
  recordCheck,
  refreshOnlineCheck,
  startOnlineCheck,
} from "../../app/modules/compliance/checks.server";
import { resetIdentityProviders } from "../../app/modules/compliance/identity/index.server";
import { listingGates } from "../../app/modules/compliance/listing-gates.server";
import {
  decideSuspiciousActivity,
  officerRegister,
  raiseSuspiciousActivity,
  saveRiskAssessment,
} from "../../app/modules/compliance/officer.server";
import { importSanctionsFrom, importSanctionsList, screenName } from "../../app/modules/compliance/sanctions.server";
import { closeAccount } from "../../app/modules/privacy/account.server";
import { purgeExpiredRecords } from "../../app/modules/privacy/retention.server";
import { changeProjectStatus, deleteAdminProject } from "../../app/modules/projects/admin-projects.server";
import { updateProgression } from "../../app/modules/sales/progression.server";
import { completeSale, openSale } from "../../app/modules/sales/sales.server";
import { setupTestDatabase } from "../support/database";
import { setupFakeStripe } from "../support/fake-stripe";

setupTestDatabase();
const stripe = setupFakeStripe();

const FIXTURE = new URL("../fixtures/sanctions/ConList.csv", import.meta.url);
const fixture = () => readFile(FIXTURE, "utf8");

let counter = 0;
async function user(
  role: "admin" | "vendor" | "buyer",
  { officer = false, name }: { officer?: boolean; name?: string } = {},
) {
  counter += 1;
  const row = await prisma.user.create({
    data: {
      email: `${role}${counter}@example.com`,
      fullName: name ?? `${role} ${counter}`,
      passwordHash: await hashPassword("correct horse battery"),
      role,
      emailVerifiedAt: new Date(),
      nominatedOfficer: officer,
    },
  });
  const session: SessionUser = {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    phoneNumber: "",
    role,
    emailVerified: true,
  };
  return { session, actor: { id: row.id, ipAddress: "203.0.113.9" } };
}

/** A home with its contract signed and its package paid, Part A complete, not yet listed. */
async function readyHome(ownerId: number | null = null, { paid = true } = {}) {
  const project = await prisma.project.create({
    data: {
      address: "12 Granby Street, Leicester LE1 6EJ",
      price: 250000,
      propertyType: "Terraced",
      tenure: "Freehold",
      councilTaxBand: "B",
      ownerId,
      contractSignedAt: new Date(),
      status: "pending",
    },
  });
  if (paid)
    await prisma.payment.create({
      data: {
        projectId: project.id,
        provider: "sandbox",
        providerPaymentId: `sb_${project.id}`,
        amountPence: 179400,
        status: "completed",
      },
    });
  return project;
}

const passing = {
  identityVerified: true,
  addressVerified: true,
  evidence: "Passport 123456789 and a council tax bill seen in the office by Ada.",
  sourceOfFunds: "",
  sourceOfFundsChecked: false,
  riskFactors: {
    politicallyExposed: false,
    highRiskCountry: false,
    companySeller: false,
    notMetInPerson: false,
    cashOrUnclearFunds: false,
  },
  outcome: "pass" as const,
};

const setMode = (mode: "enforce" | "warn") => {
  process.env.LISTING_CHECKS = mode;
  reloadEnv();
};

beforeEach(async () => {
  setMode("warn");
  await importSanctionsList(await fixture(), "fixture");
});
afterAll(() => {
  delete process.env.LISTING_CHECKS;
  delete process.env.IDENTITY_PROVIDER;
  reloadEnv();
  resetIdentityProviders();
});

describe("sanctions list", () => {
  test("imports the published file and replaces the previous import", async () => {
    await importSanctionsList(await fixture(), "again");
    expect(await prisma.sanctionsEntry.count()).toBe(5);
    const latest = await prisma.sanctionsImport.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(latest).toMatchObject({ source: "again", listUpdated: "02/05/2025", entries: 5, groups: 3 });
    expect(await prisma.auditEvent.count({ where: { action: "sanctions.import" } })).toBeGreaterThan(0);
  });

  test("imports from an address, as the job and the command do", async () => {
    const body = await fixture();
    const server = createServer((_, res) => res.end(body));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ConList.csv`;
      expect((await importSanctionsFrom(url)).entries).toBe(5);
      expect((await importSanctionsFrom(FIXTURE.pathname)).entries).toBe(5);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("screens a name against every alias", async () => {
    expect((await screenName("Dmitry Karavaev"))!.map((m) => m.groupId)).toEqual(["99001"]);
    expect(await screenName("Clara Customer")).toEqual([]);
  });
});

describe("a seller's manual check", () => {
  test("passes when identity and address are verified and the name is not listed", async () => {
    const admin = await user("admin");
    const home = await readyHome();
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Clara Customer", email: "", capacity: "owner" },
    });
    const done = await recordCheck({ actor: admin.actor, id: check.id, input: passing });
    expect(done).toMatchObject({ status: "passed", riskRating: "standard", riskReasons: [], sanctionsMatches: [] });
    expect(done.sanctionsScreenedAt).not.toBeNull();
  });

  test("a listed name stops the check until a person decides", async () => {
    const admin = await user("admin");
    const home = await readyHome();
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Dmitri Karavayev", email: "", capacity: "joint owner" },
    });
    const stopped = await recordCheck({ actor: admin.actor, id: check.id, input: passing });
    expect(stopped.status).toBe("possible_match");
    expect(stopped.sanctionsMatches[0]).toMatchObject({ groupId: "99001", regime: "Russia" });
    expect((await listingGates(home.id, admin.actor.id))!.find((g) => g.key === "sellers_checked")!.met).toBe(false);

    const cleared = await decideMatch({
      actor: admin.actor,
      id: check.id,
      input: { decision: "not_a_match", note: "Different date of birth: 1990, not 1971." },
    });
    expect(cleared.status).toBe("passed");
    expect(cleared.riskRating).toBe("enhanced");
    expect(cleared.riskReasons.join()).toMatch(/sanctions match was cleared/);
    await expect(
      decideMatch({
        actor: admin.actor,
        id: check.id,
        input: { decision: "confirmed_match", note: "Second thoughts here." },
      }),
    ).rejects.toMatchObject({ status: 409 });
  });

  test("a confirmed match fails the check", async () => {
    const admin = await user("admin");
    const home = await readyHome();
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Northwind Trading LLC", email: "", capacity: "beneficial owner" },
    });
    await recordCheck({ actor: admin.actor, id: check.id, input: passing });
    const failed = await decideMatch({
      actor: admin.actor,
      id: check.id,
      input: { decision: "confirmed_match", note: "Same company registration, confirmed." },
    });
    expect(failed.status).toBe("failed");
  });

  test("cannot pass without verified identity and address, nor before a list is imported", async () => {
    const admin = await user("admin");
    const home = await readyHome();
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Clara Customer", email: "", capacity: "owner" },
    });
    const refused = await recordCheck({
      actor: admin.actor,
      id: check.id,
      input: { ...passing, addressVerified: false },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).fieldErrors).toHaveProperty("addressVerified");
    await prisma.sanctionsImport.deleteMany();
    await expect(recordCheck({ actor: admin.actor, id: check.id, input: passing })).rejects.toMatchObject({
      status: 409,
      message: NO_SANCTIONS_LIST,
    });
  });

  test("a beneficial owner is rated enhanced, with the reason", async () => {
    const admin = await user("admin");
    const home = await readyHome();
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Clara Customer", email: "", capacity: "beneficial owner" },
    });
    const done = await recordCheck({ actor: admin.actor, id: check.id, input: passing });
    expect(done.riskRating).toBe("enhanced");
    expect(done.riskReasons.join()).toMatch(/company or trust/);
  });
});

describe("the online check (Stripe Identity)", () => {
  beforeAll(() => {
    process.env.IDENTITY_PROVIDER = "stripe";
    reloadEnv();
    resetIdentityProviders();
  });

  test("the person starts it, Stripe verifies them, the screen runs and staff finish it", async () => {
    const admin = await user("admin");
    const seller = await user("vendor", { name: "Clara Customer" });
    const home = await readyHome(seller.session.id);
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Clara Customer", email: seller.session.email, capacity: "owner" },
    });
    expect((await myChecks(seller.session)).map((c) => c.id)).toEqual([check.id]);

    const session = await startOnlineCheck({
      user: seller.session,
      id: check.id,
      returnUrl: "http://localhost/my-checks",
    });
    expect(session.url).toMatch(/^https:\/\/verify\.stripe\.com\//);
    const sent = stripe.requests.find((r) => r.path === "/v1/identity/verification_sessions")!;
    expect(sent.form).toMatchObject({
      type: "document",
      "metadata[checkId]": String(check.id),
      "options[document][require_matching_selfie]": "true",
    });

    expect((await refreshOnlineCheck(check.id)).status).toBe("pending");
    stripe.verifyIdentity(session.sessionId, { firstName: "Clara", lastName: "Customer", withAddress: true });
    const read = await refreshOnlineCheck(check.id);
    expect(read).toMatchObject({
      status: "in_review",
      provider: "stripe_identity",
      identityVerified: true,
      addressVerified: true,
    });
    expect(read.evidence).toMatch(/Name on the document: Clara Customer/);
    expect(
      (await recordCheck({ actor: admin.actor, id: check.id, input: { ...passing, evidence: read.evidence } })).status,
    ).toBe("passed");
  });

  test("a failed online check stays open for documents, with the reason recorded", async () => {
    const admin = await user("admin");
    const seller = await user("vendor");
    const home = await readyHome(seller.session.id);
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Val Vendor", email: seller.session.email, capacity: "owner" },
    });
    const session = await startOnlineCheck({
      user: seller.session,
      id: check.id,
      returnUrl: "http://localhost/my-checks",
    });
    stripe.failIdentity(session.sessionId);
    const read = await refreshOnlineCheck(check.id);
    expect(read.status).toBe("in_review");
    expect(read.identityVerified).toBe(false);
    expect(read.evidence).toMatch(/document was expired/);
  });

  test("another person's check is not found", async () => {
    const admin = await user("admin");
    const seller = await user("vendor");
    const other = await user("vendor");
    const home = await readyHome(seller.session.id);
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Val Vendor", email: seller.session.email, capacity: "owner" },
    });
    await expect(
      startOnlineCheck({ user: other.session, id: check.id, returnUrl: "http://localhost/" }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("gates", () => {
  async function homeWithPassedSeller(admin: Awaited<ReturnType<typeof user>>) {
    const home = await readyHome();
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Clara Customer", email: "", capacity: "owner" },
    });
    await recordCheck({ actor: admin.actor, id: check.id, input: passing });
    return home;
  }

  test("enforced: refuses to list until every check passes, naming what is missing", async () => {
    setMode("enforce");
    const admin = await user("admin");
    const home = await readyHome();
    await prisma.project.update({ where: { id: home.id }, data: { councilTaxBand: null } });
    const refused = await changeProjectStatus({ actor: admin.actor, id: home.id, to: "completed" }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ status: 409 });
    expect((refused as Error).message).toBe(
      "This home cannot be listed yet: not every seller has passed the identity and anti-money-laundering check; Part A of the material information is incomplete (price, tenure and council tax band).",
    );
    expect((await prisma.project.findUniqueOrThrow({ where: { id: home.id } })).status).toBe("pending");

    const ready = await homeWithPassedSeller(admin);
    expect(await changeProjectStatus({ actor: admin.actor, id: ready.id, to: "completed" })).toEqual({
      unmetGates: [],
    });
    expect((await prisma.project.findUniqueOrThrow({ where: { id: ready.id } })).status).toBe("completed");
  });

  test("warned: lists anyway and records the override for the officer", async () => {
    const admin = await user("admin");
    const officer = await user("admin", { officer: true });
    const home = await readyHome();
    const { unmetGates } = await changeProjectStatus({ actor: admin.actor, id: home.id, to: "completed" });
    expect(unmetGates.map((g) => g.key)).toEqual(["sellers_checked"]);
    const audit = await prisma.auditEvent.findFirstOrThrow({
      where: { action: "compliance.listing_override", entityId: String(home.id) },
    });
    expect(audit.detail).toMatchObject({ unmet: ["sellers_checked"] });
    const register = await officerRegister(officer.session);
    expect(register.overrides.find((o) => o.entityId === String(home.id))?.missing).toMatch(/not every seller/);
  });

  test("staff never list their own home, even when checks only warn", async () => {
    const admin = await user("admin");
    const home = await homeWithPassedSeller(admin);
    await prisma.project.update({ where: { id: home.id }, data: { ownerId: admin.session.id } });
    await expect(changeProjectStatus({ actor: admin.actor, id: home.id, to: "completed" })).rejects.toMatchObject({
      status: 409,
    });
  });

  test("the memorandum waits for the buyer's check when enforced; the relationship's end starts the clock", async () => {
    const admin = await user("admin");
    const buyer = await user("buyer", { name: "Bea Buyer" });
    const home = await homeWithPassedSeller(admin);
    await changeProjectStatus({ actor: admin.actor, id: home.id, to: "completed" });
    const offer = await prisma.offer.create({
      data: {
        projectId: home.id,
        buyerId: buyer.session.id,
        buyerName: "Bea Buyer",
        buyerEmail: buyer.session.email,
        amount: 245000,
        position: "first_time_buyer",
        mortgageInPrinciple: true,
        status: "accepted",
      },
    });
    const sale = await prisma.$transaction((tx) => openSale(tx, offer, 245000));
    const buyerCheck = await prisma.dueDiligenceCheck.findUniqueOrThrow({ where: { offerId: offer.id } });
    expect(buyerCheck).toMatchObject({
      party: "buyer",
      fullName: "Bea Buyer",
      userId: buyer.session.id,
      status: "pending",
    });

    setMode("enforce");
    const firm = (name: string) => ({ firm: name, name: undefined, email: undefined, address: undefined });
    const solicitors = { seller: firm("Seller & Co"), buyer: firm("Buyer LLP") };
    const memo = { actor: { userId: admin.actor.id, ipAddress: "203.0.113.9" }, projectId: home.id };
    await expect(updateProgression({ ...memo, input: { solicitors, issueMemorandum: true } })).rejects.toMatchObject({
      status: 409,
      message:
        "The memorandum of sale cannot be issued yet: the buyer has not passed the identity and anti-money-laundering check.",
    });
    const noFunds = await recordCheck({ actor: admin.actor, id: buyerCheck.id, input: passing }).catch(
      (e: unknown) => e,
    );
    expect((noFunds as ServiceError).fieldErrors).toHaveProperty("sourceOfFunds");
    await recordCheck({
      actor: admin.actor,
      id: buyerCheck.id,
      input: { ...passing, sourceOfFunds: "Savings and a mortgage from a UK bank", sourceOfFundsChecked: true },
    });
    const issued = await updateProgression({ ...memo, input: { solicitors, issueMemorandum: true } });
    expect(issued.memorandumIssuedAt).not.toBeNull();

    const now = new Date("2027-01-10T12:00:00Z");
    await prisma.$transaction((tx) => completeSale(tx, sale.id, home.id, now));
    const ended = await prisma.dueDiligenceCheck.findMany({ where: { projectId: home.id } });
    expect(ended.map((c) => c.relationshipEndedAt?.toISOString())).toEqual([now.toISOString(), now.toISOString()]);
  });
});

describe("records and the nominated officer", () => {
  test("checks outlive account closure and are purged five years after the relationship ended", async () => {
    const admin = await user("admin");
    const seller = await user("vendor");
    const home = await readyHome(seller.session.id, { paid: false });
    const check = await addSellerCheck({
      actor: admin.actor,
      projectId: home.id,
      input: { fullName: "Val Vendor", email: seller.session.email, capacity: "owner" },
    });
    await recordCheck({ actor: admin.actor, id: check.id, input: passing });
    await closeAccount(seller.session.id, "correct horse battery", { ipAddress: "203.0.113.9" });
    await deleteAdminProject({ actor: admin.actor, id: home.id });
    const kept = await prisma.dueDiligenceCheck.findUniqueOrThrow({ where: { id: check.id } });
    expect(kept).toMatchObject({
      fullName: "Val Vendor",
      status: "passed",
      projectAddress: home.address,
      projectId: null,
    });
    expect(kept.relationshipEndedAt).not.toBeNull();

    const ended = new Date("2027-03-10T00:00:00Z");
    await prisma.dueDiligenceCheck.update({ where: { id: check.id }, data: { relationshipEndedAt: ended } });
    expect((await purgeExpiredRecords({ now: new Date("2032-03-09T23:59:00Z") })).deleted.amlChecks).toBe(0);
    expect((await purgeExpiredRecords({ now: new Date("2032-03-10T00:01:00Z") })).deleted.amlChecks).toBe(1);
    expect(await prisma.dueDiligenceCheck.count({ where: { id: check.id } })).toBe(0);
  });

  test("suspicious-activity reports and the risk assessment are the officer's alone", async () => {
    const staff = await user("admin");
    const officer = await user("admin", { officer: true });
    const { id } = await raiseSuspiciousActivity({
      actor: staff.actor,
      input: { subject: "Buyer at 12 Granby Street", details: "Wants to pay the deposit in cash from several people." },
    });
    await expect(officerRegister(staff.session)).rejects.toMatchObject({ status: 404 });
    await expect(
      decideSuspiciousActivity({ user: staff.session, actor: staff.actor, reportId: id, outcome: "No further action" }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      saveRiskAssessment({
        user: staff.session,
        actor: staff.actor,
        input: { summary: "x".repeat(30), review_due: "2027-12-01" },
      }),
    ).rejects.toMatchObject({ status: 404 });

    await decideSuspiciousActivity({
      user: officer.session,
      actor: officer.actor,
      reportId: id,
      outcome: "Reported to the NCA",
    });
    await saveRiskAssessment({
      user: officer.session,
      actor: officer.actor,
      input: {
        summary: "Residential sales in Leicester; cash buyers and company sellers are our main risks.",
        review_due: "2027-12-01",
      },
    });
    const register = await officerRegister(officer.session);
    expect(register.reports.find((r) => r.id === id)).toMatchObject({ outcome: "Reported to the NCA" });
    expect(register.assessment).toMatchObject({ reviewDue: "2027-12-01" });
    // The audit log every admin reads names no subject.
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { action: "sar.raise", entityId: String(id) } });
    expect(JSON.stringify(audit)).not.toMatch(/Granby/);
  });
});
