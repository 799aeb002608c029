// Sales progression after an accepted offer: solicitors, the memorandum of sale (PDF mailed to everyone; the
// home becomes Sold STC), milestones (done, planned, refused in the future), completion (the home is Sold) and
// falling through (For sale again), through the API, the seller's tab, the buyer's page and the admin's
// "Mark as Sold"; every save audited and emailed in its transaction; who may see what.
import { describe, expect, test } from "vitest";

import { londonToday } from "../../app/lib/dates";
import { prisma } from "../../app/lib/db.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import { findPublicBooking } from "../../app/modules/listings/bookings.server";
import { findPublicListing, findPublicListingCard, toListingDetail } from "../../app/modules/listings/listings.server";
import { changeProjectStatus } from "../../app/modules/projects/admin-projects.server";
import { memorandumPdf } from "../../app/modules/sales/memorandum-pdf.server";
import { memorandumFacts } from "../../app/modules/sales/progression.server";
import { toSaleJson } from "../../app/modules/sales/sale-json";
import { publicSaleStatus } from "../../app/modules/sales/sale-status";
import { openSale } from "../../app/modules/sales/sales.server";
import { getProperty } from "../../app/modules/search/properties.server";
import { listSavedHomes, saveHome } from "../../app/modules/shortlist/shortlist.server";
import * as progressionApi from "../../app/routes/api.v1.admin.projects.$id.progression";
import * as buyerPage from "../../app/routes/my-offers.$offerId.progress";
import * as memorandumRoute from "../../app/routes/sales.$saleId.memorandum.pdf";
import * as salePage from "../../app/routes/view-a-property.$projectId.sale";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";
import { request, routeArgs, settle } from "../support/payments";
import { pdfText } from "../support/pdf-text";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();

let people = 0;
async function person(role: "vendor" | "admin" | "buyer", fullName: string) {
  people += 1;
  const user = await prisma.user.create({
    data: {
      email: `${role}${people}@example.com`,
      fullName,
      phoneNumber: "07700 900123",
      passwordHash: "not used",
      role,
      emailVerifiedAt: new Date(),
    },
  });
  const cookie = (await createUserSession(user.id, { persistent: false })).split(";")[0]!;
  return { ...user, cookie };
}

/** A listed home, its owner, a buyer whose offer was accepted (the sale open: Under offer) and an admin. */
async function saleUnderOffer() {
  const seller = await person("vendor", "Ann Seller");
  const buyer = await person("buyer", "Bob Buyer");
  const admin = await person("admin", "Ada Admin");
  const home = await createListing({
    address: "27 Howard Road, Leicester LE2 1YH",
    ownerId: seller.id,
    tenure: "Freehold",
    price: 300_000,
  });
  const offer = await prisma.offer.create({
    data: {
      projectId: home.id,
      buyerId: buyer.id,
      buyerName: buyer.fullName,
      buyerEmail: buyer.email,
      amount: 295_000,
      position: "first_time_buyer",
      mortgageInPrinciple: true,
      status: "accepted",
    },
  });
  const sale = await prisma.$transaction((tx) => openSale(tx, offer, 295_000));
  return { seller, buyer, admin, home, offer, sale };
}

type SaleJson = ReturnType<typeof toSaleJson>;
type Reply = { sale: SaleJson; sales: SaleJson[]; message?: string; errors?: Record<string, string[]> };

async function put(cookie: string, projectId: number, json: unknown) {
  const response = (await progressionApi.action(
    routeArgs(request(`/api/v1/admin/projects/${projectId}/progression`, { cookie, json, method: "PUT" }), {
      id: String(projectId),
    }),
  )) as Response;
  return { status: response.status, body: (await response.json()) as Reply };
}

async function get(cookie: string, projectId: number) {
  const response = (await progressionApi.loader(
    routeArgs(request(`/api/v1/admin/projects/${projectId}/progression`, { cookie }), { id: String(projectId) }),
  )) as Response;
  return { status: response.status, body: (await response.json()) as Reply };
}

const homeNow = (id: number) =>
  prisma.project.findUniqueOrThrow({ where: { id }, select: { status: true, saleStatus: true, soldAt: true } });

const queuedMail = async () =>
  (
    await prisma.$queryRaw<{ data: { to: string; subject: string; text: string; attachments?: unknown[] } }[]>`
    SELECT data FROM pgboss.job WHERE name = 'mail' ORDER BY created_on, id`
  ).map((row) => row.data);

const SOLICITORS = {
  seller: {
    firm: "Granby Law LLP",
    name: "Sue Solicitor",
    email: "sue@granbylaw.example",
    phone: "0116 496 0000",
    address: "1 Granby Street, Leicester",
  },
  buyer: { firm: "Clarendon Conveyancing", name: "Carl Conveyancer", email: "carl@clarendon.example" },
};

describe("milestones", () => {
  test("a date today or earlier is done, a planned exchange is not yet done, a future search is refused; each save is audited and emailed to both parties", async () => {
    const { admin, home, seller, buyer, sale } = await saleUnderOffer();
    const today = londonToday();
    const saved = await put(admin.cookie, home.id, {
      milestones: [
        { key: "seller-solicitor-instructed", date: today, note: "Granby Law" },
        { key: "exchange", date: "2099-01-15" },
      ],
    });
    expect(saved.status).toBe(200);
    const steps = saved.body.sale.milestones as { key: string; date: string | null; status: string; note: string }[];
    expect(steps.map((s) => s.key)).toEqual([
      "seller-solicitor-instructed",
      "buyer-solicitor-instructed",
      "id-checks",
      "searches-ordered",
      "searches-received",
      "mortgage-valuation",
      "mortgage-offer",
      "enquiries-answered",
      "exchange",
      "completion",
    ]);
    expect(steps[0]).toMatchObject({
      date: today,
      status: "done",
      note: "Granby Law",
      label: "Seller's solicitor instructed",
    });
    expect(steps[1]).toMatchObject({ date: null, status: "not-yet" });
    expect(steps[8]).toMatchObject({ date: "2099-01-15", status: "planned" });

    const refused = await put(admin.cookie, home.id, { milestones: [{ key: "searches-ordered", date: "2099-01-01" }] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ "milestones.0.date": ["Searches ordered cannot be dated in the future."] });
    const unknown = await put(admin.cookie, home.id, { milestones: [{ key: "survey", date: today }] });
    expect(unknown.status).toBe(400);

    // Clearing a date takes it back to "Not yet"; the note stays.
    const cleared = await put(admin.cookie, home.id, {
      milestones: [{ key: "seller-solicitor-instructed", date: null }],
    });
    expect(cleared.body.sale.milestones[0]).toMatchObject({ date: null, status: "not-yet", note: "Granby Law" });

    const mails = await queuedMail();
    // Two saves: one email each to the seller and the buyer per save.
    expect(mails.map((m) => m.to).sort()).toEqual([buyer.email, buyer.email, seller.email, seller.email]);
    const toSeller = mails.find((m) => m.to === seller.email && m.text.includes("done on"))!;
    const toBuyer = mails.find((m) => m.to === buyer.email)!;
    expect(toSeller.subject).toBe("Sale progress: 27 Howard Road, Leicester LE2 1YH");
    expect(toSeller.text).toContain("Seller's solicitor instructed: done on");
    expect(toSeller.text).toContain("Exchange of contracts: planned for 15 January 2099");
    expect(toSeller.text).toContain(`/view-a-property/${home.id}/sale`);
    expect(toBuyer.text).toContain(`/my-offers/${sale.offerId}/progress`);
    const audits = await prisma.auditEvent.findMany({ where: { action: "sale.update", entityId: String(sale.id) } });
    expect(audits).toHaveLength(2);
    expect(await homeNow(home.id)).toMatchObject({ status: "completed", saleStatus: "under_offer" });
  });

  test("only admins may use the API; a home with no sale in progress is a 404", async () => {
    const { home, seller, buyer, admin } = await saleUnderOffer();
    expect((await get(seller.cookie, home.id)).status).toBe(403);
    expect((await put(buyer.cookie, home.id, { subjectTo: "x" })).status).toBe(403);
    const other = await createListing({ address: "2 Other Road, Leicester LE2 2AA" });
    expect((await get(admin.cookie, other.id)).body).toEqual({ sale: null, sales: [] });
    const none = await put(admin.cookie, other.id, { subjectTo: "Survey" });
    expect(none).toMatchObject({ status: 404, body: { message: "There is no sale in progress for this home." } });
    expect((await put(admin.cookie, home.id, {})).status).toBe(400);
  });
});

describe("the memorandum of sale", () => {
  test("needs both firms; once issued the home is Sold STC and the PDF goes to the seller, the buyer and both solicitors", async () => {
    const { admin, home, seller, buyer, sale } = await saleUnderOffer();
    const early = await put(admin.cookie, home.id, { issueMemorandum: true });
    expect(early).toMatchObject({
      status: 422,
      body: { message: "Add both solicitors' firms before issuing the memorandum of sale." },
    });
    expect(await queuedMail()).toHaveLength(0);

    const issued = await put(admin.cookie, home.id, {
      solicitors: SOLICITORS,
      subjectTo: "Survey and mortgage",
      issueMemorandum: true,
    });
    expect(issued.status).toBe(200);
    expect(issued.body.sale).toMatchObject({
      memorandumUrl: `/sales/${sale.id}/memorandum.pdf`,
      subjectTo: "Survey and mortgage",
      solicitors: { seller: SOLICITORS.seller, buyer: { ...SOLICITORS.buyer, phone: "", address: "" } },
    });
    const now = await homeNow(home.id);
    expect(now.saleStatus).toBe("sold_stc");
    expect(publicSaleStatus(now)).toBe("sold-stc");
    expect(await prisma.auditEvent.count({ where: { action: "sale.issue_memorandum" } })).toBe(1);

    expect(await sendQueuedMail()).toMatchObject({ completed: 4, failed: 0 });
    expect(inbox.map((m) => m.to[0]).sort()).toEqual(
      [seller.email, buyer.email, SOLICITORS.seller.email, SOLICITORS.buyer.email].sort(),
    );
    for (const mail of inbox) {
      expect(mail.raw).toContain("Subject: Memorandum of sale: 27 Howard Road, Leicester LE2 1YH");
      expect(mail.raw).toContain(`filename=movewise-memorandum-of-sale-${sale.id}.pdf`);
      expect(mail.raw).toMatch(/Content-Type: application\/pdf/);
    }
    expect(textOf(inbox.find((m) => m.to[0] === SOLICITORS.buyer.email)!)).toContain("You act for the buyer.");

    const text = pdfText(await memorandumPdf((await memorandumFacts(sale.id))!));
    for (const expected of [
      "Memorandum of sale",
      "27 Howard Road, Leicester LE2 1YH",
      "£295,000",
      "Freehold",
      "Ann Seller",
      "Bob Buyer",
      "First-time buyer",
      "Granby Law LLP",
      "Clarendon Conveyancing",
      "Survey and mortgage",
      "MoveWise Ltd",
    ])
      expect(text).toContain(expected);
  });

  test("is downloaded by the seller, the buyer and admins; anyone else gets a 404", async () => {
    const { admin, home, seller, buyer, sale } = await saleUnderOffer();
    const download = (cookie: string) =>
      settle(() =>
        memorandumRoute.loader(
          routeArgs(request(`/sales/${sale.id}/memorandum.pdf`, { cookie }), { saleId: String(sale.id) }),
        ),
      );
    expect((await download(seller.cookie)).status).toBe(404); // not issued yet
    await put(admin.cookie, home.id, { solicitors: SOLICITORS, issueMemorandum: true });
    for (const who of [seller, buyer, admin]) {
      const response = (await memorandumRoute.loader(
        routeArgs(request(`/sales/${sale.id}/memorandum.pdf`, { cookie: who.cookie }), { saleId: String(sale.id) }),
      )) as Response;
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toBe(
        `attachment; filename="movewise-memorandum-of-sale-${sale.id}.pdf"`,
      );
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    const stranger = await person("buyer", "Sid Stranger");
    expect((await download(stranger.cookie)).status).toBe(404);
  });
});

describe("the end of a sale", () => {
  test("a Completion date of today completes the sale: the home is Sold, as Mark as Sold makes it", async () => {
    const { admin, home, sale } = await saleUnderOffer();
    const planned = await put(admin.cookie, home.id, { milestones: [{ key: "completion", date: "2099-03-01" }] });
    expect(planned.body.sale.state).toBe("in-progress");
    const done = await put(admin.cookie, home.id, { milestones: [{ key: "completion", date: londonToday() }] });
    expect(done.body.sale).toMatchObject({ state: "completed" });
    expect(done.body.sale.endedAt).not.toBeNull();
    const now = await homeNow(home.id);
    expect(now.status).toBe("sold");
    expect(now.soldAt).not.toBeNull();
    expect(publicSaleStatus(now)).toBe("sold");
    expect((await queuedMail()).at(-1)!.subject).toBe("Sale completed: 27 Howard Road, Leicester LE2 1YH");
    expect(await prisma.auditEvent.count({ where: { action: "sale.complete", entityId: String(sale.id) } })).toBe(1);
    // Nothing is in progress any more.
    expect((await put(admin.cookie, home.id, { subjectTo: "x" })).status).toBe(404);
    expect((await get(admin.cookie, home.id)).body).toMatchObject({ sale: null, sales: [{ state: "completed" }] });
  });

  test("falling through puts the home back on the market and ends the offer; a new sale can start", async () => {
    const { admin, home, offer, sale, seller, buyer } = await saleUnderOffer();
    await put(admin.cookie, home.id, { solicitors: SOLICITORS, issueMemorandum: true });
    const ended = await put(admin.cookie, home.id, { fallThrough: { reason: "The buyer's mortgage was refused" } });
    expect(ended.body.sale).toMatchObject({
      state: "fallen-through",
      fallThroughReason: "The buyer's mortgage was refused",
    });
    expect(await homeNow(home.id)).toMatchObject({ status: "completed", saleStatus: "for_sale" });
    expect((await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe("fallen_through");
    const last = (await queuedMail()).slice(-2);
    expect(last.map((m) => m.to).sort()).toEqual([buyer.email, seller.email].sort());
    expect(last[0]!.subject).toBe("Sale fallen through: 27 Howard Road, Leicester LE2 1YH");
    expect(last[0]!.text).toContain("The buyer's mortgage was refused");
    expect(await prisma.auditEvent.count({ where: { action: "sale.fall_through", entityId: String(sale.id) } })).toBe(
      1,
    );
    expect((await put(admin.cookie, home.id, { fallThrough: { reason: "again" } })).status).toBe(404);
    expect((await put(admin.cookie, home.id, { fallThrough: { reason: " " } })).status).toBe(400);

    const second = await prisma.offer.create({
      data: {
        projectId: home.id,
        buyerName: "Cat Cash",
        buyerEmail: "cat@example.com",
        amount: 290_000,
        position: "cash",
        mortgageInPrinciple: false,
        status: "accepted",
      },
    });
    await prisma.$transaction((tx) => openSale(tx, second, 290_000));
    const both = await get(admin.cookie, home.id);
    expect(both.body.sale).toMatchObject({ buyerName: "Cat Cash", state: "in-progress" });
    expect(both.body.sales.map((s: { state: string }) => s.state)).toEqual(["in-progress", "fallen-through"]);
  });

  test("Mark as Sold completes a sale in progress (audited, emailed); listing it again from sold makes it For sale", async () => {
    const { admin, home, sale, seller, buyer } = await saleUnderOffer();
    await changeProjectStatus({ actor: { id: admin.id, ipAddress: "203.0.113.9" }, id: home.id, to: "sold" });
    const done = await prisma.sale.findUniqueOrThrow({ where: { id: sale.id }, include: { milestones: true } });
    expect(done.state).toBe("completed");
    expect(
      done.milestones
        .find((m) => m.key === "completion")
        ?.doneOn?.toISOString()
        .slice(0, 10),
    ).toBe(londonToday());
    expect(await prisma.auditEvent.count({ where: { action: "sale.complete", entityId: String(sale.id) } })).toBe(1);
    expect((await queuedMail()).map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [seller.email, "Sale completed: 27 Howard Road, Leicester LE2 1YH"],
        [buyer.email, "Sale completed: 27 Howard Road, Leicester LE2 1YH"],
      ].sort(),
    );
    await prisma.project.update({ where: { id: home.id }, data: { saleStatus: "sold_stc" } });
    await changeProjectStatus({ actor: { id: admin.id, ipAddress: "203.0.113.9" }, id: home.id, to: "completed" });
    expect(await homeNow(home.id)).toMatchObject({ status: "completed", saleStatus: "for_sale", soldAt: null });
  });
});

describe("the pages", () => {
  test("the seller's tab shows the sale; others' homes are 404 and buyers 403; the admin's forms save and show field errors", async () => {
    const { admin, home, seller, buyer } = await saleUnderOffer();
    const page = (cookie: string) =>
      settle(() =>
        salePage.loader(
          routeArgs(request(`/view-a-property/${home.id}/sale`, { cookie }), { projectId: String(home.id) }),
        ),
      );
    const own = await page(seller.cookie);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ isAdmin: false, sale: { buyerName: "Bob Buyer", agreedPrice: 295_000 } });
    expect((await page(admin.cookie)).data).toMatchObject({ isAdmin: true });
    expect((await page(buyer.cookie)).status).toBe(403);
    const otherSeller = await person("vendor", "Olive Other");
    expect((await page(otherSeller.cookie)).status).toBe(404);

    const post = (cookie: string, form: Record<string, string>) =>
      settle(() =>
        salePage.action(
          routeArgs(request(`/view-a-property/${home.id}/sale`, { cookie, form }), { projectId: String(home.id) }),
        ),
      );
    // The seller reads the tab but the agency makes the changes.
    expect((await post(seller.cookie, { intent: "memorandum" })).status).toBe(403);

    const badEmail = await post(admin.cookie, {
      intent: "solicitors",
      "solicitors.seller.firm": "Granby Law LLP",
      "solicitors.seller.email": "not an email",
      "solicitors.buyer.firm": "",
      subjectTo: "",
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.data).toMatchObject({
      failure: {
        intent: "solicitors",
        errors: { "solicitors.seller.email": ["Enter a valid email address, like name@example.co.uk."] },
      },
    });
    const memo = await post(admin.cookie, { intent: "memorandum" });
    expect(memo).toMatchObject({
      status: 422,
      data: { failure: { message: "Add both solicitors' firms before issuing the memorandum of sale." } },
    });

    const saved = await post(admin.cookie, {
      intent: "solicitors",
      "solicitors.seller.firm": "Granby Law LLP",
      "solicitors.buyer.firm": "Clarendon Conveyancing",
      subjectTo: "Survey",
    });
    expect(saved).toMatchObject({ status: 302, location: `/view-a-property/${home.id}/sale` });
    expect((await post(admin.cookie, { intent: "memorandum" })).status).toBe(302);
    expect((await homeNow(home.id)).saleStatus).toBe("sold_stc");

    const future = await post(admin.cookie, { intent: "milestone", key: "id-checks", date: "2099-01-01", note: "" });
    expect(future).toMatchObject({
      status: 422,
      data: {
        failure: {
          key: "id-checks",
          errors: { date: ["ID and anti-money-laundering checks done cannot be dated in the future."] },
        },
      },
    });
    const completion = await post(admin.cookie, {
      intent: "milestone",
      key: "completion",
      date: londonToday(),
      note: "Keys handed over",
    });
    expect(completion.status).toBe(302);
    expect((await homeNow(home.id)).status).toBe("sold");
  });

  test("the buyer's page shows their own purchase only", async () => {
    const { buyer, seller, offer } = await saleUnderOffer();
    const page = (cookie: string, offerId = offer.id) =>
      settle(() =>
        buyerPage.loader(
          routeArgs(request(`/my-offers/${offerId}/progress`, { cookie }), { offerId: String(offerId) }),
        ),
      );
    const own = await page(buyer.cookie);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({
      publicStatus: "under-offer",
      sale: { address: "27 Howard Road, Leicester LE2 1YH", agreedPrice: 295_000 },
    });
    expect((await page(seller.cookie)).status).toBe(404);
    const other = await person("buyer", "Olly Other");
    expect((await page(other.cookie)).status).toBe(404);
    expect((await page(buyer.cookie, offer.id + 100)).status).toBe(404);
  });
});

describe("the public sale status", () => {
  test("cards, the property page's data, the bookings and properties APIs and saved homes follow the sale: Under offer → Sold STC → Sold", async () => {
    const saver = await person("buyer", "Sally Saver");
    const seller = await person("vendor", "Ann Seller");
    const admin = await person("admin", "Ada Admin");
    const home = await createListing({ address: "5 Queens Road, Leicester LE2 1WP", ownerId: seller.id });
    await saveHome(saver.id, home.id);
    const status = async () => {
      const card = await findPublicListingCard(home.id);
      const detail = toListingDetail((await findPublicListing(home.id))!);
      const booking = await findPublicBooking(home.id);
      const property = await getProperty(home.id);
      const [saved] = await listSavedHomes(saver.id);
      return {
        card: card!.saleStatus,
        detail: detail.saleStatus,
        booking: booking!.sale_status,
        property: property!.saleStatus,
        changes: saved!.changes,
      };
    };
    expect(await status()).toEqual({
      card: "for-sale",
      detail: "for-sale",
      booking: "for-sale",
      property: "for-sale",
      changes: [],
    });

    const offer = await prisma.offer.create({
      data: {
        projectId: home.id,
        buyerName: "Bob Buyer",
        buyerEmail: "bob@example.com",
        amount: 240_000,
        position: "cash",
        mortgageInPrinciple: false,
        status: "accepted",
      },
    });
    await prisma.$transaction((tx) => openSale(tx, offer, 240_000));
    expect(await status()).toEqual({
      card: "under-offer",
      detail: "under-offer",
      booking: "under-offer",
      property: "under-offer",
      changes: [{ kind: "under-offer" }],
    });

    await put(admin.cookie, home.id, { solicitors: SOLICITORS, issueMemorandum: true });
    expect(await status()).toMatchObject({
      card: "sold-stc",
      booking: "sold-stc",
      property: "sold-stc",
      changes: [{ kind: "sold-stc" }],
    });

    await put(admin.cookie, home.id, { fallThrough: { reason: "Chain broke" } });
    expect(await status()).toMatchObject({
      card: "for-sale",
      booking: "for-sale",
      changes: [{ kind: "back-on-market" }],
    });

    const again = await prisma.offer.create({
      data: { ...offer, id: undefined, status: "accepted", createdAt: undefined, updatedAt: undefined },
    });
    await prisma.$transaction((tx) => openSale(tx, again, 245_000));
    await put(admin.cookie, home.id, { milestones: [{ key: "completion", date: londonToday() }] });
    expect(await status()).toMatchObject({
      card: "sold",
      detail: "sold",
      booking: "sold",
      property: "sold",
      changes: [{ kind: "sold" }],
    });
  });
});
