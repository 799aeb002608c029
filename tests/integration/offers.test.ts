// Offers through the service, the API and the pages, on PGlite and on PostgreSQL: every allowed move and every
// refused one, with its event, audit record and emails in the same transaction; who may do what; concurrent
// accepts on one home (exactly one wins); proof of funds checked by its bytes and served only to the seller side.
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";

import { describe, expect, test } from "vitest";

import type { OfferStatus } from "../../app/generated/prisma/enums";
import { addDays, londonToday } from "../../app/lib/dates";
import { prisma, violatesUniqueIndex } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { ServiceError } from "../../app/lib/service-error";
import { VERIFICATION_SENT } from "../../app/modules/auth/email-verification.server";
import { hashPassword } from "../../app/modules/auth/password.server";
import type { SessionUser } from "../../app/modules/auth/roles";
import { mediaResponse } from "../../app/modules/media/serve.server";
import { fileFor, fileStore } from "../../app/modules/media/storage.server";
import { ALREADY_OPEN_MESSAGE, makeOffer, moveAsBuyer, moveAsSeller } from "../../app/modules/offers/offers.server";
import { closeAccount, exportAccountData } from "../../app/modules/privacy/account.server";
import { deleteAdminProject } from "../../app/modules/projects/admin-projects.server";
import { findSellerHome, sellerActor } from "../../app/modules/projects/seller-access.server";
import { CONTRACTS_EXCHANGED } from "../../app/modules/sales/milestones";
import { getSellerProgression, updateProgression } from "../../app/modules/sales/progression.server";
import { ALREADY_UNDER_OFFER } from "../../app/modules/sales/sales.server";
import type { ProgressionUpdate } from "../../app/modules/sales/schemas";
import { loader as offersApiList } from "../../app/routes/api.v1.offers";
import { action as offersApiMove } from "../../app/routes/api.v1.offers.$id";
import { action as proofApi } from "../../app/routes/api.v1.offers.$id.proof-of-funds";
import { action as makeOfferApi } from "../../app/routes/api.v1.properties.$id.offers";
import { loader as vendorOffersApi } from "../../app/routes/api.v1.vendor.bookings.$id.offers";
import { action as vendorOfferMoveApi } from "../../app/routes/api.v1.vendor.bookings.$id.offers.$offerId";
import { loader as homeSearchPage } from "../../app/routes/my-home-search";
import { action as myOffersAction, loader as myOffersPage } from "../../app/routes/my-offers";
import { loader as proofDownload } from "../../app/routes/offers.$offerId.proof-of-funds";
import { action as sellerTabAction, loader as sellerTabPage } from "../../app/routes/view-a-property.$projectId.offers";
import { action as offerFormAction, loader as offerFormPage } from "../../app/routes/view-properties.$projectId.offer";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";
import { type CookieJar, dataResult, formPost, jsonPost, signedInJar } from "../support/requests";
import { htmlPage, pdfDocument } from "../support/upload-files";

setupTestDatabase();

const ip = "203.0.113.7";
const context = { clientIp: ip };
const ADDRESS = "14 Offer Lane, Leicester LE2 2AB";

let users = 0;
async function account(role: SessionUser["role"], { verified = true, name = "Bea Buyer" } = {}): Promise<SessionUser> {
  users += 1;
  const user = await prisma.user.create({
    data: {
      email: `${role}${users}@example.com`,
      fullName: name,
      phoneNumber: "07700 900111",
      passwordHash: "x",
      role,
      emailVerifiedAt: verified ? new Date() : null,
    },
  });
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
    role,
    emailVerified: verified,
  };
}

async function scene() {
  await resetLimiters();
  const seller = await account("vendor", { name: "Sam Seller" });
  const home = await createListing({ address: ADDRESS, ownerId: seller.id, vendorEmail: "old.address@example.com" });
  const buyer = await account("buyer", { name: "Bea Buyer" });
  const admin = await account("admin", { name: "Ada Admin" });
  return { seller, home, buyer, admin };
}

const offerInput = { amount: 300_000, position: "first-time-buyer" as const, mortgageInPrinciple: true };

type QueuedMail = { to: string; subject: string; text: string };
async function queuedMails(): Promise<QueuedMail[]> {
  const rows = await prisma.$queryRaw<{ data: QueuedMail }[]>`
    SELECT data FROM pgboss.job WHERE name = 'mail' ORDER BY created_on, id`;
  return rows.map((row) => row.data);
}
const clearQueuedMail = () => prisma.$executeRaw`DELETE FROM pgboss.job WHERE name = 'mail'`;

async function audits(action: string) {
  return prisma.auditEvent.findMany({ where: { action }, orderBy: { id: "asc" } });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

const call = <T>(handler: (args: never) => T, request: Request, params: Record<string, string> = {}) =>
  handler({ request, params, context } as never);

async function sellerMove(
  user: SessionUser,
  projectId: number,
  offerId: number,
  move: Parameters<typeof moveAsSeller>[2],
) {
  const home = await findSellerHome(user, projectId);
  return moveAsSeller(home, offerId, move, sellerActor(user, ip));
}

describe("making an offer", () => {
  test("a verified buyer's offer is passed on at once to the seller and the agency, with a receipt", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    expect(offer).toMatchObject({
      status: "pending",
      amount: 300_000,
      buyerName: "Bea Buyer",
      buyerEmail: buyer.email,
    });
    expect(offer.events.map((e) => [e.action, e.amount, e.by])).toEqual([["made", 300_000, "buyer"]]);
    expect(await audits("offer.made")).toHaveLength(1);

    const mails = await queuedMails();
    const subject = `New offer of £300,000 on ${ADDRESS}`;
    // The owner's account address, not the address typed on the project.
    expect(
      mails
        .filter((m) => m.subject === subject)
        .map((m) => m.to)
        .sort(),
    ).toEqual([seller.email, "office@movewise.example"].sort());
    const toSeller = mails.find((m) => m.to === seller.email)!;
    expect(toSeller.text).toContain("Buyer's position: First-time buyer");
    expect(toSeller.text).toContain("Mortgage agreed in principle: Yes");
    expect(toSeller.text).toContain("Proof of funds: Not given");
    expect(toSeller.text).toContain("Buyer: Bea Buyer");
    expect(toSeller.text).toContain(`/view-a-property/${home.id}/offers`);
    expect(toSeller.text).toContain("Estate Agents Act");
    expect(mails.find((m) => m.to === buyer.email)?.subject).toBe(`Your offer on ${ADDRESS}: £300,000`);
  });

  test("a home without an owner account: the project's vendor email gets it", async () => {
    await resetLimiters();
    const home = await createListing({ address: ADDRESS, vendorEmail: "vera@example.com" });
    const buyer = await account("buyer");
    await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    expect((await queuedMails()).map((m) => m.to)).toContain("vera@example.com");
  });

  test("refused: unverified, not a buyer, unlisted, sold, a second open offer", async () => {
    const { home, seller } = await scene();
    const unverified = await account("buyer", { verified: false });
    expect(await refusal(makeOffer(unverified, home.id, offerInput, { ipAddress: ip }))).toMatchObject({
      status: 403,
      message: "Confirm your email address before making an offer.",
    });
    expect((await refusal(makeOffer(seller, home.id, offerInput, { ipAddress: ip }))).status).toBe(403);
    const buyer = await account("buyer");
    const unlisted = await createListing({ status: "pending", listedAt: null });
    expect((await refusal(makeOffer(buyer, unlisted.id, offerInput, { ipAddress: ip }))).status).toBe(404);
    const sold = await createListing({ status: "sold", soldAt: new Date() });
    expect(await refusal(makeOffer(buyer, sold.id, offerInput, { ipAddress: ip }))).toMatchObject({
      status: 409,
      message: "This home has been sold, so it takes no more offers.",
    });
    await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    expect((await refusal(makeOffer(buyer, home.id, offerInput, { ipAddress: ip }))).status).toBe(409);
    expect(await prisma.offer.count()).toBe(1);
  });

  test("offers on a home under offer or sold STC are still taken and passed on", async () => {
    const { home, buyer } = await scene();
    for (const saleStatus of ["under_offer", "sold_stc"] as const) {
      await prisma.project.update({ where: { id: home.id }, data: { saleStatus } });
      const other = await account("buyer");
      await makeOffer(other, home.id, offerInput, { ipAddress: ip });
    }
    void buyer;
    expect(await prisma.offer.count({ where: { projectId: home.id } })).toBe(2);
    expect((await queuedMails()).filter((m) => m.to === "office@movewise.example")).toHaveLength(2);
  });

  test("offers per account are limited", async () => {
    const { buyer } = await scene();
    for (let i = 0; i < 20; i++) {
      const home = await createListing();
      await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    }
    const home = await createListing();
    expect((await refusal(makeOffer(buyer, home.id, offerInput, { ipAddress: ip }))).status).toBe(429);
  });
});

describe("every allowed move", () => {
  test("seller accepts: the home goes under offer and the sale opens at the offer's amount", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    await clearQueuedMail();
    const accepted = await sellerMove(seller, home.id, offer.id, { action: "accept" });
    expect(accepted).toMatchObject({ status: "accepted", amount: 300_000 });
    expect(accepted.decidedAt).not.toBeNull();
    expect((await prisma.project.findUniqueOrThrow({ where: { id: home.id } })).saleStatus).toBe("under_offer");
    expect(await prisma.sale.findFirstOrThrow()).toMatchObject({
      offerId: offer.id,
      agreedPrice: 300_000,
      state: "in_progress",
    });
    expect(accepted.events.map((e) => [e.action, e.by])).toEqual([
      ["made", "buyer"],
      ["accepted", "seller"],
    ]);
    expect(await audits("offer.accepted")).toMatchObject([
      { actorId: seller.id, entity: "offer", entityId: String(offer.id) },
    ]);
    const mails = await queuedMails();
    expect(mails.map((m) => m.to).sort()).toEqual([buyer.email, "office@movewise.example"].sort());
    expect(mails.find((m) => m.to === buyer.email)!.subject).toBe(`Your offer on ${ADDRESS} has been accepted`);
  });

  test("seller rejects", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    await clearQueuedMail();
    expect((await sellerMove(seller, home.id, offer.id, { action: "reject" })).status).toBe("rejected");
    expect((await prisma.project.findUniqueOrThrow({ where: { id: home.id } })).saleStatus).toBe("for_sale");
    expect((await queuedMails()).find((m) => m.to === buyer.email)!.subject).toBe(
      `Your offer on ${ADDRESS} was not accepted`,
    );
    expect(await audits("offer.rejected")).toHaveLength(1);
  });

  test("seller counters, buyer accepts the counter: the counter is the agreed price", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    await clearQueuedMail();
    const countered = await sellerMove(seller, home.id, offer.id, { action: "counter", amount: 310_000 });
    expect(countered).toMatchObject({ status: "countered", amount: 300_000, counterAmount: 310_000 });
    const toBuyer = (await queuedMails()).find((m) => m.to === buyer.email)!;
    expect(toBuyer.text).toContain("The seller has countered with £310,000");
    await clearQueuedMail();
    const accepted = await moveAsBuyer(buyer, offer.id, { action: "accept" }, { ipAddress: ip });
    expect(accepted).toMatchObject({ status: "accepted", amount: 310_000, counterAmount: null });
    expect(await prisma.sale.findFirstOrThrow()).toMatchObject({ agreedPrice: 310_000 });
    const mails = await queuedMails();
    expect(mails.map((m) => m.to).sort()).toEqual([seller.email, "office@movewise.example"].sort());
    expect(mails[0]!.subject).toBe(`Counter-offer accepted: £310,000 on ${ADDRESS}`);
    expect(accepted.events.map((e) => [e.action, e.amount, e.by])).toEqual([
      ["made", 300_000, "buyer"],
      ["countered", 310_000, "seller"],
      ["accepted", 310_000, "buyer"],
    ]);
  });

  test("buyer raises a countered offer and a pending one: pending again, passed on as a new offer", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    await sellerMove(seller, home.id, offer.id, { action: "counter", amount: 320_000 });
    await clearQueuedMail();
    const raised = await moveAsBuyer(buyer, offer.id, { action: "raise", amount: 310_000 }, { ipAddress: ip });
    expect(raised).toMatchObject({ status: "pending", amount: 310_000, counterAmount: null });
    expect(
      (await queuedMails())
        .filter((m) => m.subject === `New offer of £310,000 on ${ADDRESS}`)
        .map((m) => m.to)
        .sort(),
    ).toEqual([seller.email, "office@movewise.example"].sort());
    const again = await moveAsBuyer(buyer, offer.id, { action: "raise", amount: 315_000 }, { ipAddress: ip });
    expect(again).toMatchObject({ status: "pending", amount: 315_000 });
    expect(await audits("offer.raised")).toHaveLength(2);
  });

  test("buyer withdraws a pending offer and a countered one", async () => {
    const { home, buyer, seller } = await scene();
    const first = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    await clearQueuedMail();
    expect((await moveAsBuyer(buyer, first.id, { action: "withdraw" }, { ipAddress: ip })).status).toBe("withdrawn");
    expect((await queuedMails()).map((m) => m.subject)).toEqual([
      `Offer withdrawn on ${ADDRESS}`,
      `Offer withdrawn on ${ADDRESS}`,
    ]);
    const second = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    await sellerMove(seller, home.id, second.id, { action: "counter", amount: 320_000 });
    expect((await moveAsBuyer(buyer, second.id, { action: "withdraw" }, { ipAddress: ip })).status).toBe("withdrawn");
  });

  test("buyer withdraws an accepted offer: the sale falls through and the home is for sale again", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    await sellerMove(seller, home.id, offer.id, { action: "accept" });
    await clearQueuedMail();
    const withdrawn = await moveAsBuyer(buyer, offer.id, { action: "withdraw" }, { ipAddress: ip });
    expect(withdrawn.status).toBe("fallen_through");
    expect(await prisma.sale.findFirstOrThrow()).toMatchObject({
      state: "fallen_through",
      fallThroughReason: "The buyer withdrew their offer.",
    });
    expect((await prisma.project.findUniqueOrThrow({ where: { id: home.id } })).saleStatus).toBe("for_sale");
    expect((await queuedMails()).map((m) => m.subject)).toContain(`Sale fallen through on ${ADDRESS}`);
    // The home takes offers again, and another can now be accepted.
    const next = await makeOffer(await account("buyer"), home.id, offerInput, { ipAddress: ip });
    expect((await sellerMove(seller, home.id, next.id, { action: "accept" })).status).toBe("accepted");
  });

  test("an admin acts for the seller: recorded as the agency, and the seller is told too", async () => {
    const { home, buyer, seller, admin } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    await clearQueuedMail();
    const accepted = await sellerMove(admin, home.id, offer.id, { action: "accept" });
    expect(accepted.events.at(-1)).toMatchObject({ action: "accepted", by: "agency", actorId: admin.id });
    expect((await queuedMails()).map((m) => m.to).sort()).toEqual(
      [buyer.email, seller.email, "office@movewise.example"].sort(),
    );
  });
});

describe("every refused move", () => {
  const statuses: OfferStatus[] = ["pending", "countered", "accepted", "rejected", "withdrawn", "fallen_through"];
  const sellerAllowed: Record<OfferStatus, string[]> = {
    pending: ["accept", "reject", "counter"],
    countered: [],
    accepted: [],
    rejected: [],
    withdrawn: [],
    fallen_through: [],
  };
  const buyerAllowed: Record<OfferStatus, string[]> = {
    pending: ["raise", "withdraw"],
    countered: ["accept", "raise", "withdraw"],
    accepted: ["withdraw"],
    rejected: [],
    withdrawn: [],
    fallen_through: [],
  };

  test("each side's moves that the state does not allow are 409s that change nothing and send nothing", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    let refused = 0;
    for (const status of statuses) {
      await prisma.offer.update({ where: { id: offer.id }, data: { status, amount: 300_000, counterAmount: 320_000 } });
      await clearQueuedMail();
      const events = await prisma.offerEvent.count();
      const auditCount = await prisma.auditEvent.count();
      const sellerMoves = [{ action: "accept" }, { action: "reject" }, { action: "counter", amount: 330_000 }] as const;
      for (const move of sellerMoves) {
        if (sellerAllowed[status].includes(move.action)) continue;
        const error = await refusal(sellerMove(seller, home.id, offer.id, move));
        expect(error.status, `seller ${move.action} on ${status}`).toBe(409);
        refused++;
      }
      const buyerMoves = [{ action: "accept" }, { action: "raise", amount: 340_000 }, { action: "withdraw" }] as const;
      for (const move of buyerMoves) {
        if (buyerAllowed[status].includes(move.action)) continue;
        const error = await refusal(moveAsBuyer(buyer, offer.id, move, { ipAddress: ip }));
        expect(error.status, `buyer ${move.action} on ${status}`).toBe(409);
        refused++;
      }
      expect(await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).toMatchObject({
        status,
        amount: 300_000,
      });
      expect(await prisma.offerEvent.count()).toBe(events);
      expect(await prisma.auditEvent.count()).toBe(auditCount);
      expect(await queuedMails()).toEqual([]);
    }
    // 0 + 3 + 3 + 3 + 3 + 3 for the seller, 1 + 0 + 2 + 3 + 3 + 3 for the buyer.
    expect(refused).toBe(15 + 12);
  });

  test("amounts: a counter must beat the offer, a new offer must beat the old one", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    expect(await refusal(sellerMove(seller, home.id, offer.id, { action: "counter", amount: 290_000 }))).toMatchObject({
      status: 409,
      message: "A counter-offer must be more than the offer of £300,000; to take it, accept it.",
    });
    expect(
      await refusal(moveAsBuyer(buyer, offer.id, { action: "raise", amount: 300_000 }, { ipAddress: ip })),
    ).toMatchObject({
      status: 409,
      message: "A new offer must be more than your offer of £300,000.",
    });
  });

  test("accepting a second offer on a home already under offer: 409, nothing changes", async () => {
    const { home, buyer, seller } = await scene();
    const first = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    const second = await makeOffer(
      await account("buyer"),
      home.id,
      { ...offerInput, amount: 305_000 },
      { ipAddress: ip },
    );
    await sellerMove(seller, home.id, first.id, { action: "accept" });
    expect(await refusal(sellerMove(seller, home.id, second.id, { action: "accept" }))).toMatchObject({
      status: 409,
      message: ALREADY_UNDER_OFFER,
    });
    expect((await prisma.offer.findUniqueOrThrow({ where: { id: second.id } })).status).toBe("pending");
    expect(await prisma.sale.count()).toBe(1);
  });

  test("only the offer's buyer and the home's seller side: others get 404, buyers 403 on the seller's side", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    const otherBuyer = await account("buyer");
    expect((await refusal(moveAsBuyer(otherBuyer, offer.id, { action: "withdraw" }, { ipAddress: ip }))).status).toBe(
      404,
    );
    const otherVendor = await account("vendor");
    expect((await refusal(findSellerHome(otherVendor, home.id))).status).toBe(404);
    expect((await refusal(findSellerHome(buyer, home.id))).status).toBe(403);
    const otherHome = await createListing({ ownerId: seller.id });
    // The offer is not on this home of the same seller.
    expect((await refusal(sellerMove(seller, otherHome.id, offer.id, { action: "accept" }))).status).toBe(404);
    expect((await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe("pending");
  });
});

describe("concurrent accepts", () => {
  test("two offers on one home accepted at the same moment: exactly one wins, every time", async () => {
    const { seller } = await scene();
    for (let round = 0; round < 5; round++) {
      const home = await createListing({ ownerId: seller.id });
      const a = await makeOffer(await account("buyer"), home.id, offerInput, { ipAddress: ip });
      const b = await makeOffer(await account("buyer"), home.id, { ...offerInput, amount: 301_000 }, { ipAddress: ip });
      const homeRow = await findSellerHome(seller, home.id);
      // Two transactions at once (on PostgreSQL each on its own connection).
      const results = await Promise.allSettled([
        moveAsSeller(homeRow, a.id, { action: "accept" }, sellerActor(seller, ip)),
        moveAsSeller(homeRow, b.id, { action: "accept" }, sellerActor(seller, ip)),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(ServiceError);
      expect((rejected.reason as ServiceError).status).toBe(409);
      expect(await prisma.offer.count({ where: { projectId: home.id, status: "accepted" } })).toBe(1);
      expect(await prisma.sale.count({ where: { projectId: home.id } })).toBe(1);
      expect(await prisma.offerEvent.count({ where: { offer: { projectId: home.id }, action: "accepted" } })).toBe(1);
    }
  });

  test("the same offer accepted twice at once (two tabs): one move, one event", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    const homeRow = await findSellerHome(seller, home.id);
    const results = await Promise.allSettled([
      moveAsSeller(homeRow, offer.id, { action: "accept" }, sellerActor(seller, ip)),
      moveAsSeller(homeRow, offer.id, { action: "reject" }, sellerActor(seller, ip)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await prisma.offerEvent.count({ where: { offerId: offer.id } })).toBe(2);
  });
});

describe("one open offer per buyer and home", () => {
  const proofFiles = async () =>
    (await readdir(path.dirname(fileFor("private/proof-of-funds/x.pdf")), { recursive: true }).catch(() => [])).length;

  test("the offer form sent six times at once stores one offer; the others get 409 on the amount field", async () => {
    const { home, buyer } = await scene();
    const jar = await jarFor(buyer);
    const filesBefore = await proofFiles();
    const post = () =>
      call(
        offerFormAction,
        jar.request(`http://localhost/view-properties/${home.id}/offer`, {
          method: "POST",
          body: multipart(
            { amount: "300000", position: "first-time-buyer", mortgageInPrinciple: "yes" },
            { field: "proof", name: "statement.pdf", bytes: pdfDocument(), type: "application/pdf" },
          ),
        }),
        { projectId: String(home.id) },
      );
    const answers = await Promise.all(Array.from({ length: 6 }, post));
    expect(answers.filter((a) => a instanceof Response && a.status === 302)).toHaveLength(1);
    const refused = answers.filter((a) => !(a instanceof Response)).map((a) => dataResult(a));
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect((answer.data as unknown as { failure: { errors: Record<string, string[]> } }).failure.errors).toEqual({
        amount: [ALREADY_OPEN_MESSAGE],
      });
    }
    expect(await prisma.offer.count({ where: { projectId: home.id } })).toBe(1);
    expect((await queuedMails()).filter((m) => m.to === buyer.email)).toHaveLength(1);
    // The losers' files are not left behind.
    expect((await proofFiles()) - filesBefore).toBe(1);
  });

  test("the API: six at once, one 201 and five 409s with the message; after a withdrawal a new offer is taken", async () => {
    const { home, buyer } = await scene();
    const jar = await jarFor(buyer);
    const send = () =>
      call(makeOfferApi, api(jar, `/api/v1/properties/${home.id}/offers`, jsonPost(offerInput)), {
        id: String(home.id),
      }) as Promise<Response>;
    const answers = await Promise.all(Array.from({ length: 6 }, send));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(await answer.json()).toEqual({
        message: ALREADY_OPEN_MESSAGE,
        errors: { amount: [ALREADY_OPEN_MESSAGE] },
      });
    const [offer] = await prisma.offer.findMany({ where: { projectId: home.id } });
    expect(await prisma.offer.count({ where: { projectId: home.id } })).toBe(1);

    // Only open offers count: once it is withdrawn the buyer may offer again, and others are never held back.
    await moveAsBuyer(buyer, offer!.id, { action: "withdraw" }, { ipAddress: ip });
    expect((await send()).status).toBe(201);
    await makeOffer(await account("buyer"), home.id, offerInput, { ipAddress: ip });
    expect(await prisma.offer.count({ where: { projectId: home.id, status: "pending" } })).toBe(2);
  });

  test("the database refuses a second open offer whatever code path writes it", async () => {
    const { home, buyer } = await scene();
    const row = {
      projectId: home.id,
      buyerId: buyer.id,
      buyerName: "Bea Buyer",
      buyerEmail: buyer.email,
      amount: 300_000,
      position: "first_time_buyer" as const,
      mortgageInPrinciple: true,
    };
    await prisma.offer.create({ data: row });
    const refused = await prisma.offer.create({ data: { ...row, status: "countered" } }).catch((e: unknown) => e);
    expect(violatesUniqueIndex(refused, "Offer_one_open_per_buyer_and_home")).toBe(true);
    await prisma.offer.create({ data: { ...row, status: "withdrawn" } });
  });
});

describe("once contracts are exchanged, and once an offer has ended", () => {
  const proof = { name: "statement.pdf", bytes: pdfDocument() };
  const progression = (admin: SessionUser, projectId: number, input: ProgressionUpdate) =>
    updateProgression({ actor: { userId: admin.id, ipAddress: ip }, projectId, input });

  test("after exchange the buyer cannot withdraw (service, API, My offers); the agency ends the sale with a reason", async () => {
    const { home, buyer, seller, admin } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    await sellerMove(seller, home.id, offer.id, { action: "accept" });
    const myOffers = async () =>
      (
        (await call(myOffersPage, (await jarFor(buyer)).request("http://localhost/my-offers"))) as {
          offers: { id: number; contractsExchanged: boolean }[];
        }
      ).offers[0]!.contractsExchanged;

    // A planned exchange binds nobody yet.
    await progression(admin, home.id, { milestones: [{ key: "exchange", date: addDays(londonToday(), 7) }] });
    expect(await myOffers()).toBe(false);

    await progression(admin, home.id, { milestones: [{ key: "exchange", date: londonToday() }] });
    expect(await myOffers()).toBe(true);
    await clearQueuedMail();
    expect(await refusal(moveAsBuyer(buyer, offer.id, { action: "withdraw" }, { ipAddress: ip }))).toMatchObject({
      status: 409,
      message: CONTRACTS_EXCHANGED,
    });
    const viaApi = (await call(
      offersApiMove,
      api(await jarFor(buyer), `/api/v1/offers/${offer.id}`, put({ action: "withdraw" })),
      {
        id: String(offer.id),
      },
    )) as Response;
    expect(viaApi.status).toBe(409);
    expect(await viaApi.json()).toEqual({ message: CONTRACTS_EXCHANGED });
    const viaPage = (await call(
      myOffersAction,
      (await jarFor(buyer)).request(
        "http://localhost/my-offers",
        formPost({ offerId: String(offer.id), intent: "withdraw" }),
      ),
    )) as { init: { status: number } };
    expect(viaPage.init.status).toBe(409);
    expect((await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe("accepted");
    expect((await prisma.sale.findFirstOrThrow()).state).toBe("in_progress");
    expect(await queuedMails()).toEqual([]);

    // Only the agency ends it now: with its reason, audited, and both sides told.
    await progression(admin, home.id, { fallThrough: { reason: "The buyer's lender withdrew the mortgage offer." } });
    expect((await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe("fallen_through");
    expect((await audits("sale.fall_through"))[0]).toMatchObject({
      actorId: admin.id,
      detail: { reason: "The buyer's lender withdrew the mortgage offer." },
    });
    expect((await queuedMails()).map((m) => m.to).sort()).toEqual([buyer.email, seller.email].sort());
  });

  test("an ended offer's buyer and proof of funds are no longer shown to the seller, nor downloadable by them", async () => {
    const { home, seller, admin } = await scene();
    const rejectedBuyer = await account("buyer", { name: "Rita Rejected" });
    const openBuyer = await account("buyer", { name: "Olly Open" });
    const rejected = await makeOffer(rejectedBuyer, home.id, offerInput, { ipAddress: ip, proof });
    const open = await makeOffer(openBuyer, home.id, offerInput, { ipAddress: ip, proof });
    await sellerMove(seller, home.id, rejected.id, { action: "reject" });
    const sellerJar = await jarFor(seller);

    type TabOffer = { id: number; buyerName: string | null; proofOfFunds: unknown };
    const tab = async (jar: CookieJar) =>
      (
        (await call(sellerTabPage, jar.request(`http://localhost/view-a-property/${home.id}/offers`), {
          projectId: String(home.id),
        })) as { offers: TabOffer[] }
      ).offers;
    const bySeller = await tab(sellerJar);
    expect(bySeller.find((o) => o.id === rejected.id)).toMatchObject({ buyerName: null, proofOfFunds: null });
    expect(bySeller.find((o) => o.id === open.id)).toMatchObject({
      buyerName: "Olly Open",
      proofOfFunds: { url: `/offers/${open.id}/proof-of-funds` },
    });
    // The agency keeps them.
    expect((await tab(await jarFor(admin))).find((o) => o.id === rejected.id)).toMatchObject({
      buyerName: "Rita Rejected",
      proofOfFunds: { url: `/offers/${rejected.id}/proof-of-funds` },
    });

    const listed = (await call(vendorOffersApi, api(sellerJar, `/api/v1/vendor/bookings/${home.id}/offers`), {
      id: String(home.id),
    })) as Response;
    const { offers } = (await listed.json()) as { offers: Record<string, unknown>[] };
    expect(offers.find((o) => o.id === rejected.id)).toMatchObject({ buyerName: null, proofOfFundsUrl: null });
    expect(JSON.stringify(offers)).not.toContain("Rita");

    const download = async (user: SessionUser, offerId: number) => {
      try {
        return (
          (await call(
            proofDownload,
            (await jarFor(user)).request(`http://localhost/offers/${offerId}/proof-of-funds`),
            { offerId: String(offerId) },
          )) as Response
        ).status;
      } catch (thrown) {
        return (thrown as { init?: { status?: number } }).init?.status ?? 0;
      }
    };
    expect(await download(seller, rejected.id)).toBe(404);
    expect(await download(seller, open.id)).toBe(200);
    expect(await download(admin, rejected.id)).toBe(200);

    // A sale that fell through: the seller's tab no longer names its buyer, nor offers its memorandum.
    await sellerMove(seller, home.id, open.id, { action: "accept" });
    await moveAsBuyer(openBuyer, open.id, { action: "withdraw" }, { ipAddress: ip });
    expect(await download(seller, open.id)).toBe(404);
    const { sale } = await getSellerProgression(seller, home.id);
    expect(sale).toMatchObject({ state: "fallen-through", buyerName: null, memorandumUrl: null });
    expect((await getSellerProgression(admin, home.id)).sale).toMatchObject({ buyerName: "Olly Open" });
  });

  test("deleting a home removes its buyers' proofs of funds from storage", async () => {
    const { home, admin } = await scene();
    const offers = [
      await makeOffer(await account("buyer"), home.id, offerInput, { ipAddress: ip, proof }),
      await makeOffer(await account("buyer"), home.id, offerInput, { ipAddress: ip, proof }),
    ];
    const keys = offers.map((offer) => offer.proofKey!);
    for (const key of keys) expect(await fileStore().exists(key)).toBe(true);
    await deleteAdminProject({ actor: { id: admin.id, ipAddress: ip }, id: home.id });
    for (const key of keys) expect(await fileStore().exists(key)).toBe(false);
  });
});

// ——— The API ———

async function jarFor(user: SessionUser) {
  return signedInJar(user.id);
}
const api = (jar: CookieJar, path: string, init: RequestInit = {}) => jar.request(`http://localhost${path}`, init);
const put = (body: unknown): RequestInit => ({ ...jsonPost(body), method: "PUT" });

describe("the API", () => {
  test("a buyer makes an offer, the seller counters, the buyer accepts: the documented shapes", async () => {
    const { home, buyer, seller } = await scene();
    const buyerJar = await jarFor(buyer);
    const made = (await call(
      makeOfferApi,
      api(
        buyerJar,
        `/api/v1/properties/${home.id}/offers`,
        jsonPost({ amount: 300000, position: "cash", mortgageInPrinciple: false }),
      ),
      { id: String(home.id) },
    )) as Response;
    expect(made.status).toBe(201);
    const { offer } = (await made.json()) as { offer: Record<string, unknown> & { id: number } };
    expect(offer).toEqual({
      id: expect.any(Number),
      propertyId: home.id,
      address: ADDRESS,
      propertyUrl: `/view-properties/${home.id}`,
      amount: 300000,
      counterAmount: null,
      position: "cash",
      mortgageInPrinciple: false,
      hasProofOfFunds: false,
      status: "pending",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      events: [{ action: "made", amount: 300000, by: "buyer", at: expect.any(String) }],
    });

    const sellerJar = await jarFor(seller);
    const listed = (await call(vendorOffersApi, api(sellerJar, `/api/v1/vendor/bookings/${home.id}/offers`), {
      id: String(home.id),
    })) as Response;
    expect(listed.status).toBe(200);
    const { offers } = (await listed.json()) as { offers: Record<string, unknown>[] };
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ buyerName: "Bea Buyer", proofOfFundsUrl: null });
    expect(offers[0]).not.toHaveProperty("buyerEmail");

    const countered = (await call(
      vendorOfferMoveApi,
      api(
        sellerJar,
        `/api/v1/vendor/bookings/${home.id}/offers/${offer.id}`,
        put({ action: "counter", amount: 310000 }),
      ),
      { id: String(home.id), offerId: String(offer.id) },
    )) as Response;
    expect(countered.status).toBe(200);
    expect(((await countered.json()) as { offer: unknown }).offer).toMatchObject({
      status: "countered",
      counterAmount: 310000,
    });

    const accepted = (await call(
      offersApiMove,
      api(buyerJar, `/api/v1/offers/${offer.id}`, put({ action: "accept" })),
      { id: String(offer.id) },
    )) as Response;
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { offer: unknown }).offer).toMatchObject({ status: "accepted", amount: 310000 });

    const mine = (await call(offersApiList, api(buyerJar, "/api/v1/offers"))) as Response;
    expect(((await mine.json()) as { offers: { status: string }[] }).offers.map((o) => o.status)).toEqual(["accepted"]);

    // The buyer withdraws: the API word for the status is "fallen-through".
    const withdrawn = (await call(
      offersApiMove,
      api(buyerJar, `/api/v1/offers/${offer.id}`, put({ action: "withdraw" })),
      { id: String(offer.id) },
    )) as Response;
    expect(((await withdrawn.json()) as { offer: { status: string } }).offer.status).toBe("fallen-through");
  });

  test("errors: bad bodies 400, wrong roles 403, others' records 404, refused moves 409", async () => {
    const { home, buyer, seller, admin } = await scene();
    const buyerJar = await jarFor(buyer);
    const post = async (jar: CookieJar, body: unknown) =>
      (await call(makeOfferApi, api(jar, `/api/v1/properties/${home.id}/offers`, jsonPost(body)), {
        id: String(home.id),
      })) as Response;
    for (const amount of [999, 100_000_001, 1500.5, "lots"]) {
      const response = await post(buyerJar, { amount, position: "cash", mortgageInPrinciple: true });
      expect(response.status, String(amount)).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty("amount");
    }
    expect((await post(buyerJar, { amount: 300000, position: "rich", mortgageInPrinciple: true })).status).toBe(400);
    expect((await post(await jarFor(seller), { ...offerInput })).status).toBe(403);
    const unverified = await post(await jarFor(await account("buyer", { verified: false })), offerInput);
    expect(unverified.status).toBe(403);
    expect(await unverified.json()).toEqual({ message: "Confirm your email address before making an offer." });

    const created = (await (await post(buyerJar, offerInput)).json()) as { offer: { id: number } };
    const offerId = created.offer.id;
    const buyerMove = async (jar: CookieJar, body: unknown) =>
      (await call(offersApiMove, api(jar, `/api/v1/offers/${offerId}`, put(body)), {
        id: String(offerId),
      })) as Response;
    expect((await buyerMove(buyerJar, { action: "accept" })).status).toBe(409);
    expect((await buyerMove(buyerJar, { action: "raise" })).status).toBe(400);
    expect((await buyerMove(buyerJar, { action: "counter", amount: 1 })).status).toBe(400);
    expect((await buyerMove(await jarFor(await account("buyer")), { action: "withdraw" })).status).toBe(404);

    const vendorMove = async (jar: CookieJar, body: unknown) =>
      (await call(vendorOfferMoveApi, api(jar, `/api/v1/vendor/bookings/${home.id}/offers/${offerId}`, put(body)), {
        id: String(home.id),
        offerId: String(offerId),
      })) as Response;
    expect((await vendorMove(await jarFor(await account("vendor")), { action: "accept" })).status).toBe(404);
    expect((await vendorMove(buyerJar, { action: "accept" })).status).toBe(403);
    expect((await vendorMove(await jarFor(seller), { action: "withdraw" })).status).toBe(400);
    // Admins see the buyer's contact details.
    const asAdmin = (await call(
      vendorOffersApi,
      api(await jarFor(admin), `/api/v1/vendor/bookings/${home.id}/offers`),
      {
        id: String(home.id),
      },
    )) as Response;
    expect(((await asAdmin.json()) as { offers: unknown[] }).offers[0]).toMatchObject({
      buyerEmail: buyer.email,
      buyerPhone: "07700 900111",
    });
  });
});

// ——— Proof of funds ———

function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; bytes: Buffer; type: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

describe("proof of funds", () => {
  /** A file sent as an offer's proof of funds through the API. */
  const sendProof = async (user: SessionUser, offerId: number, bytes: Buffer, name: string) =>
    (await call(
      proofApi,
      (await jarFor(user)).request(`http://localhost/api/v1/offers/${offerId}/proof-of-funds`, {
        method: "PUT",
        body: multipart({}, { field: "file", name, bytes, type: "application/octet-stream" }),
      }),
      { id: String(offerId) },
    )) as Response;
  const formFields = { amount: "£310,000", position: "nothing-to-sell", mortgageInPrinciple: "yes" };

  test("a real PDF with the offer form: stored privately, mentioned to the seller, downloaded only by the seller side", async () => {
    const { home, buyer, seller, admin } = await scene();
    const response = (await call(
      offerFormAction,
      (await jarFor(buyer)).request(`http://localhost/view-properties/${home.id}/offer`, {
        method: "POST",
        body: multipart(formFields, {
          field: "proof",
          name: "statement.pdf",
          bytes: pdfDocument(),
          type: "application/pdf",
        }),
      }),
      { projectId: String(home.id) },
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-offers");
    const offer = await prisma.offer.findFirstOrThrow();
    expect(offer).toMatchObject({
      amount: 310_000,
      position: "nothing_to_sell",
      mortgageInPrinciple: true,
      proofFileName: "statement.pdf",
      proofContentType: "application/pdf",
    });
    expect(offer.proofKey).toMatch(/^private\/proof-of-funds\/[0-9a-f]+\.pdf$/);
    expect(await fileStore().exists(offer.proofKey!)).toBe(true);
    // Never public under /media, never resizable.
    expect((await mediaResponse(offer.proofKey!)).status).toBe(404);
    expect((await queuedMails()).find((m) => m.to === seller.email)!.text).toContain("Proof of funds: Given");

    const download = async (user: SessionUser) => {
      try {
        return (await call(
          proofDownload,
          (await jarFor(user)).request(`http://localhost/offers/${offer.id}/proof-of-funds`),
          {
            offerId: String(offer.id),
          },
        )) as Response;
      } catch (thrown) {
        return { status: (thrown as { init?: { status?: number } }).init?.status ?? 0 } as Response;
      }
    };
    const bySeller = await download(seller);
    expect(bySeller.status).toBe(200);
    expect(bySeller.headers.get("Content-Disposition")).toMatch(/^attachment; filename="statement.pdf"/);
    expect(bySeller.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(bySeller.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await bySeller.arrayBuffer()).equals(pdfDocument())).toBe(true);
    expect((await download(admin)).status).toBe(200);
    expect((await download(await account("vendor"))).status).toBe(404);
    expect((await download(buyer)).status).toBe(403);
  });

  test("a .pdf that is really HTML: 415 on the field, nothing stored, no offer", async () => {
    const { home, buyer } = await scene();
    const result = await call(
      offerFormAction,
      (await jarFor(buyer)).request(`http://localhost/view-properties/${home.id}/offer`, {
        method: "POST",
        body: multipart(formFields, {
          field: "proof",
          name: "statement.pdf",
          bytes: htmlPage(),
          type: "application/pdf",
        }),
      }),
      { projectId: String(home.id) },
    );
    const { data, init } = result as {
      data: { failure: { errors: Record<string, string[]>; values: Record<string, string> } };
      init: { status: number };
    };
    expect(init.status).toBe(415);
    expect(data.failure.errors.proof).toEqual([
      "“statement.pdf” is not a PDF, JPEG or PNG file. Proof of funds must be a PDF, JPEG or PNG file.",
    ]);
    expect(data.failure.values.amount).toBe("£310,000");
    expect(await prisma.offer.count()).toBe(0);
  });

  test("too big: 413 on the form and through the API", async () => {
    const { home, buyer } = await scene();
    const big = Buffer.concat([pdfDocument(), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const result = await call(
      offerFormAction,
      (await jarFor(buyer)).request(`http://localhost/view-properties/${home.id}/offer`, {
        method: "POST",
        body: multipart(formFields, { field: "proof", name: "big.pdf", bytes: big, type: "application/pdf" }),
      }),
      { projectId: String(home.id) },
    );
    const { data, init } = result as {
      data: { failure: { errors: Record<string, string[]> } };
      init: { status: number };
    };
    expect(init.status).toBe(413);
    expect(data.failure.errors.proof).toEqual(["Proof of funds can be at most 10 MB."]);
    expect(await prisma.offer.count()).toBe(0);

    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    const viaApi = (await call(
      proofApi,
      (await jarFor(buyer)).request(`http://localhost/api/v1/offers/${offer.id}/proof-of-funds`, {
        method: "PUT",
        body: multipart({}, { field: "file", name: "big.pdf", bytes: big, type: "application/pdf" }),
      }),
      { id: String(offer.id) },
    )) as Response;
    expect(viaApi.status).toBe(413);
  });

  test("through the API: a damaged file with a right first few bytes is 415 with the reason, and nothing is kept", async () => {
    const { home, buyer } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    const { jpegPhoto, pngImage } = await import("../support/upload-files");
    const photo = await jpegPhoto();
    const cases: [string, Buffer, string][] = [
      ["scan.jpg", Buffer.concat([photo.subarray(0, 3), randomBytes(20_000)]), "a JPEG image"],
      ["scan.jpg", photo.subarray(0, Math.floor(photo.length / 2)), "a JPEG image"],
      ["bank.png", (await pngImage()).subarray(0, 60), "a PNG image"],
      ["statement.pdf", Buffer.concat([pdfDocument().subarray(0, 9), randomBytes(5_000)]), "a PDF"],
    ];
    for (const [name, bytes, what] of cases) {
      const response = await sendProof(buyer, offer.id, bytes, name);
      expect(response.status, name).toBe(415);
      expect(((await response.json()) as { message: string }).message).toBe(
        `“${name}” could not be read as ${what}: it may be damaged or cut short.`,
      );
    }
    expect((await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).proofKey).toBeNull();
  });

  test("through the API: 20 proofs an hour from one account, then a 429 that keeps the last one", async () => {
    const { home, buyer } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    for (let i = 1; i <= 20; i++)
      expect((await sendProof(buyer, offer.id, pdfDocument(), `p${i}.pdf`)).status).toBe(200);
    const kept = (await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).proofKey!;
    const refused = await sendProof(buyer, offer.id, pdfDocument(), "p21.pdf");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^You have sent a lot of proofs of funds in a short time\./,
    );
    const after = await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } });
    expect(after).toMatchObject({ proofKey: kept, proofFileName: "p20.pdf" });
    expect(await fileStore().exists(kept)).toBe(true);
  });

  test("through the API: a PNG is taken, HTML is 415, someone else's offer 404", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    const { pngImage } = await import("../support/upload-files");
    const send = (user: SessionUser, bytes: Buffer, name: string) => sendProof(user, offer.id, bytes, name);
    const good = await send(buyer, await pngImage(), "bank.png");
    expect(good.status).toBe(200);
    expect(((await good.json()) as { offer: { hasProofOfFunds: boolean } }).offer.hasProofOfFunds).toBe(true);
    const first = (await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).proofKey!;
    expect((await send(buyer, htmlPage(), "bank.pdf")).status).toBe(415);
    expect((await send(await account("buyer"), pdfDocument(), "x.pdf")).status).toBe(404);
    // A replacement removes the old file.
    expect((await send(buyer, pdfDocument(), "statement.pdf")).status).toBe(200);
    expect(await fileStore().exists(first)).toBe(false);
    expect((await queuedMails()).some((m) => m.to === seller.email && m.subject.startsWith("Proof of funds"))).toBe(
      true,
    );
  });
});

// ——— The pages ———

describe("the pages", () => {
  test("make an offer: signed out → login and back; a vendor 403; unverified sees how to confirm; a form post without a file", async () => {
    const { home, buyer, seller } = await scene();
    const page = (request: Request) => call(offerFormPage, request, { projectId: String(home.id) });
    const signedOut = await page(new Request(`http://localhost/view-properties/${home.id}/offer`)).catch(
      (r: unknown) => r,
    );
    expect((signedOut as Response).status).toBe(302);
    expect((signedOut as Response).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/view-properties/${home.id}/offer`)}`,
    );
    const asVendor = await page(
      (await jarFor(seller)).request(`http://localhost/view-properties/${home.id}/offer`),
    ).catch((r: unknown) => r);
    expect((asVendor as { init: { status: number } }).init.status).toBe(403);
    const unverified = await account("buyer", { verified: false });
    expect(
      await page((await jarFor(unverified)).request(`http://localhost/view-properties/${home.id}/offer`)),
    ).toMatchObject({ emailVerified: false });

    const sent = (await call(
      offerFormAction,
      (await jarFor(buyer)).request(
        `http://localhost/view-properties/${home.id}/offer`,
        formPost({ amount: "305000", position: "cash", mortgageInPrinciple: "no" }),
      ),
      { projectId: String(home.id) },
    )) as Response;
    expect(sent.status).toBe(302);
    expect(await prisma.offer.findFirstOrThrow()).toMatchObject({ amount: 305_000, position: "cash", proofKey: null });

    const missing = (await call(
      offerFormAction,
      (await jarFor(await account("buyer"))).request(
        `http://localhost/view-properties/${home.id}/offer`,
        formPost({ amount: "12" }),
      ),
      { projectId: String(home.id) },
    )) as { data: { failure: { errors: Record<string, string[]> } }; init: { status: number } };
    expect(missing.init.status).toBe(400);
    expect(Object.keys(missing.data.failure.errors).sort()).toEqual(["amount", "mortgageInPrinciple", "position"]);
  });

  test("the seller counters on the Offers tab; the buyer accepts on My offers", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    const sellerJar = await jarFor(seller);
    const tab = (await call(sellerTabPage, sellerJar.request(`http://localhost/view-a-property/${home.id}/offers`), {
      projectId: String(home.id),
    })) as { offers: { id: number; buyerName: string; contact: unknown }[] };
    expect(tab.offers).toMatchObject([{ id: offer.id, buyerName: "Bea Buyer", contact: null }]);

    const badCounter = (await call(
      sellerTabAction,
      sellerJar.request(
        `http://localhost/view-a-property/${home.id}/offers`,
        formPost({ offerId: String(offer.id), intent: "counter", amount: "" }),
      ),
      { projectId: String(home.id) },
    )) as { data: { failure: { id: number; errors: Record<string, string[]> } }; init: { status: number } };
    expect(badCounter.init.status).toBe(400);
    expect(badCounter.data.failure.errors.amount).toBeDefined();

    const countered = (await call(
      sellerTabAction,
      sellerJar.request(
        `http://localhost/view-a-property/${home.id}/offers`,
        formPost({ offerId: String(offer.id), intent: "counter", amount: "310,000" }),
      ),
      { projectId: String(home.id) },
    )) as Response;
    expect(countered.status).toBe(302);
    expect(countered.headers.get("Location")).toBe(`/view-a-property/${home.id}/offers`);

    const buyerJar = await jarFor(buyer);
    const mine = (await call(myOffersPage, buyerJar.request("http://localhost/my-offers"))) as {
      offers: { status: string; counterAmount: number }[];
    };
    expect(mine.offers).toMatchObject([{ status: "countered", counterAmount: 310_000 }]);
    const accepted = (await call(
      myOffersAction,
      buyerJar.request("http://localhost/my-offers", formPost({ offerId: String(offer.id), intent: "accept" })),
    )) as Response;
    expect(accepted.status).toBe(302);
    expect(await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).toMatchObject({
      status: "accepted",
      amount: 310_000,
    });

    // A refused move shows on the offer with its status.
    const again = (await call(
      myOffersAction,
      buyerJar.request("http://localhost/my-offers", formPost({ offerId: String(offer.id), intent: "accept" })),
    )) as { data: { failure: { id: number; message: string } }; init: { status: number } };
    expect(again.init.status).toBe(409);
    expect(again.data.failure).toMatchObject({ id: offer.id });
  });
});

describe("around the offers", () => {
  test("an unconfirmed buyer can ask for a new confirmation link from the offer page", async () => {
    const { home } = await scene();
    const unverified = await account("buyer", { verified: false });
    const result = (await call(
      offerFormAction,
      (await jarFor(unverified)).request(
        `http://localhost/view-properties/${home.id}/offer`,
        formPost({ intent: "resend-verification" }),
      ),
      { projectId: String(home.id) },
    )) as { data: { resent: string | null } };
    expect(result.data.resent).toBe(VERIFICATION_SENT);
    expect((await queuedMails()).filter((m) => m.to === unverified.email).map((m) => m.subject)).toEqual([
      "Confirm your email address for MoveWise",
    ]);
  });

  test("the buyer's home page counts their offers; the data export lists them", async () => {
    const { home, buyer, seller } = await scene();
    const offer = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    const other = await createListing();
    const second = await makeOffer(buyer, other.id, offerInput, { ipAddress: ip });
    await moveAsBuyer(buyer, second.id, { action: "withdraw" }, { ipAddress: ip });
    const page = (await call(homeSearchPage, (await jarFor(buyer)).request("http://localhost/my-home-search"))) as {
      offers: { count: number; open: number } | null;
    };
    expect(page.offers).toEqual({ count: 2, open: 1 });
    const forVendor = (await call(
      homeSearchPage,
      (await jarFor(seller)).request("http://localhost/my-home-search"),
    )) as {
      offers: unknown;
    };
    expect(forVendor.offers).toBeNull();
    const exported = await exportAccountData(buyer.id);
    expect(exported.offers.map((o) => [o.projectId, o.status, o.events.length])).toEqual([
      [offer.projectId, "pending", 1],
      [other.id, "withdrawn", 2],
    ]);
  });

  test("closing the account withdraws its waiting offers (the seller is told) and keeps an accepted one", async () => {
    const { home, buyer, seller } = await scene();
    await prisma.user.update({
      where: { id: buyer.id },
      data: { passwordHash: await hashPassword("a long password") },
    });
    const waiting = await makeOffer(buyer, home.id, offerInput, { ipAddress: ip });
    const other = await createListing({ ownerId: seller.id });
    const accepted = await makeOffer(buyer, other.id, offerInput, { ipAddress: ip });
    await moveAsSeller(
      await findSellerHome(seller, other.id),
      accepted.id,
      { action: "accept" },
      sellerActor(seller, ip),
    );
    await clearQueuedMail();

    await closeAccount(buyer.id, "a long password", { ipAddress: ip });

    const after = await prisma.offer.findMany({
      where: { id: { in: [waiting.id, accepted.id] } },
      orderBy: { id: "asc" },
    });
    expect(after.map((o) => o.status)).toEqual(["withdrawn", "accepted"]);
    expect((await queuedMails()).some((m) => m.to === seller.email && /withdr/i.test(m.subject + m.text))).toBe(true);
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { action: "account.close", actorId: buyer.id } });
    expect(audit.detail).toMatchObject({ offersWithdrawn: 1 });
  });
});
