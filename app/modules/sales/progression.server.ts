// Sales progression: from an accepted offer to completion. The agency records each side's solicitor, issues
// the memorandum of sale (the home becomes Sold STC), dates the milestones, and either completes the sale
// (the home is Sold) or records that it fell through (the home is For sale again). One service for the seller's
// Sale progress tab, the buyer's progress page and PUT /api/v1/admin/projects/{id}/progression; every save is
// audited and emailed to the seller and the buyer in the same transaction.
import type { Prisma, SaleMilestoneKey } from "../../generated/prisma/client";
import { londonToday } from "../../lib/dates";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { formatDate, formatPrice } from "../../lib/format";
import { fieldError, ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import type { SessionUser } from "../auth/roles";
import { holdToGates, memorandumGates } from "../compliance/listing-gates.server";
import { agencyEmail, type AttachmentRef, type Mail, queueMail } from "../mail/mail.server";
import { positionOfDb } from "../offers/positions";
import { queuePortalSync } from "../portals/sync.server";
import { findSellerHome } from "../projects/seller-access.server";
import { MAY_BE_PLANNED, milestoneLabel, milestoneOfDb, milestoneToDb, trackerSteps } from "./milestones";
import { publicSaleStatus } from "./sale-status";
import type { SaleView, SolicitorView } from "./sale-view";
import { completeSale, fallThrough } from "./sales.server";
import type { ProgressionUpdate, Solicitor } from "./schemas";

type Tx = Prisma.TransactionClient;

export const NO_SALE_IN_PROGRESS = "There is no sale in progress for this home.";
export const FIRMS_NEEDED = "Add both solicitors' firms before issuing the memorandum of sale.";

const saleInclude = {
  milestones: true,
  offer: {
    select: {
      id: true,
      buyerId: true,
      buyerName: true,
      buyerEmail: true,
      position: true,
      mortgageInPrinciple: true,
      buyer: { select: { email: true, phoneNumber: true, closedAt: true } },
    },
  },
  project: {
    select: {
      id: true,
      address: true,
      tenure: true,
      status: true,
      saleStatus: true,
      vendorName: true,
      vendorEmail: true,
      vendorPhone: true,
      owner: { select: { email: true, fullName: true, phoneNumber: true } },
    },
  },
} satisfies Prisma.SaleInclude;

export type SaleRow = Prisma.SaleGetPayload<{ include: typeof saleInclude }>;

export const memorandumPath = (saleId: number) => `/sales/${saleId}/memorandum.pdf`;

const dayOf = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

function solicitorOf(row: SaleRow, side: "seller" | "buyer"): SolicitorView {
  const f = (field: "Firm" | "Name" | "Email" | "Phone" | "Address") => row[`${side}Solicitor${field}`] ?? "";
  return { firm: f("Firm"), name: f("Name"), email: f("Email"), phone: f("Phone"), address: f("Address") };
}

export function saleView(row: SaleRow, today = londonToday()): SaleView {
  const steps = trackerSteps(
    row.milestones.map((m) => ({ key: m.key, date: dayOf(m.doneOn), note: m.note })),
    today,
  );
  return {
    id: row.id,
    propertyId: row.projectId,
    offerId: row.offerId,
    address: row.project.address,
    state: row.state === "in_progress" ? "in-progress" : row.state === "completed" ? "completed" : "fallen-through",
    agreedPrice: row.agreedPrice,
    buyerName: row.offer.buyerName,
    solicitors: { seller: solicitorOf(row, "seller"), buyer: solicitorOf(row, "buyer") },
    subjectTo: row.subjectTo ?? "",
    memorandumIssuedAt: row.memorandumIssuedAt?.toISOString() ?? null,
    memorandumUrl: row.memorandumIssuedAt ? memorandumPath(row.id) : null,
    milestones: steps.map((step) => ({ ...step, apiKey: milestoneOfDb(step.key) })),
    fallThroughReason: row.fallThroughReason,
    startedAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** Every sale of a home, newest first. */
function salesOf(db: Tx, projectId: number) {
  return db.sale.findMany({
    where: { projectId },
    include: saleInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** The API's view: the sale in progress (or null) and every sale, newest first. */
export async function getProgression(projectId: number) {
  const project = await prisma.project.findUnique({ where: { id: projectId }, select: { id: true } });
  if (!project) throw new ServiceError(404, "No property has this id.");
  const sales = (await salesOf(prisma, projectId)).map((row) => saleView(row));
  return { sale: sales.find((s) => s.state === "in-progress") ?? null, sales };
}

/**
 * What the seller sees of a sale that fell through: not who the buyer was (the agency keeps that for its
 * records), nor the memorandum that names them.
 */
const forSeller = (sale: SaleView): SaleView =>
  sale.state === "fallen-through" ? { ...sale, buyerName: null, memorandumUrl: null } : sale;

/** The seller's tab: the home, its current (or latest) sale and the earlier ones. */
export async function getSellerProgression(user: SessionUser, projectId: number | null) {
  const home = await findSellerHome(user, projectId);
  const sales = (await salesOf(prisma, home.id))
    .map((row) => saleView(row))
    .map((sale) => (user.role === "admin" ? sale : forSeller(sale)));
  const sale = sales.find((s) => s.state === "in-progress") ?? sales[0] ?? null;
  return { home, sale, earlier: sales.filter((s) => s !== sale) };
}

/** The buyer's page: their own offer's sale; anyone else's, or an offer with no sale, is a 404. */
export async function getBuyerProgress(user: SessionUser, offerId: number | null) {
  const row = offerId
    ? await prisma.sale.findFirst({ where: { offerId, offer: { buyerId: user.id } }, include: saleInclude })
    : null;
  if (!row) throw new ServiceError(404, "You have no purchase with this number.");
  return { sale: saleView(row), publicStatus: publicSaleStatus(row.project) };
}

/**
 * Who may download a memorandum: the home's owner (not once the sale has fallen through: it names the
 * buyer), the buyer of the offer, and admins. Others get a 404, so sale ids reveal nothing.
 */
export async function memorandumSaleFor(user: SessionUser, saleId: number | null) {
  const row = saleId
    ? await prisma.sale.findFirst({
        where: {
          id: saleId,
          memorandumIssuedAt: { not: null },
          ...(user.role === "admin"
            ? {}
            : {
                OR: [
                  { project: { ownerId: user.id }, state: { not: "fallen_through" as const } },
                  { offer: { buyerId: user.id } },
                ],
              }),
        },
        select: { id: true },
      })
    : null;
  if (!row) throw new ServiceError(404, "There is no memorandum of sale with this number.");
  return row.id;
}

export const MEMORANDUM_REFUSED = "The memorandum of sale cannot be issued yet";

export type ProgressionActor = { userId: number; ipAddress: string };

const SOLICITOR_FIELDS = ["firm", "name", "email", "phone", "address"] as const;
const capital = (field: string) => field[0]!.toUpperCase() + field.slice(1);

function solicitorData(side: "seller" | "buyer", solicitor: Solicitor) {
  const data: Record<string, string | null> = {};
  for (const field of SOLICITOR_FIELDS) data[`${side}Solicitor${capital(field)}`] = solicitor[field] ?? null;
  return data as Prisma.SaleUpdateInput;
}

/** The seller's address for mail: the owner's account, else the email the agency has for them. */
const sellerEmailOf = (row: SaleRow) => row.project.owner?.email ?? row.project.vendorEmail;
const sellerNameOf = (row: SaleRow) => row.project.owner?.fullName ?? row.project.vendorName;
const buyerEmailOf = (row: SaleRow) =>
  row.offer.buyer?.closedAt ? null : (row.offer.buyer?.email ?? row.offer.buyerEmail);

/**
 * Applies one save to the home's sale in progress, in one transaction: solicitors and subject-to, milestone
 * dates, the memorandum, completion (a Completion date of today or earlier) or falling through. Returns the sale.
 */
export async function updateProgression({
  actor,
  projectId,
  input,
  now = new Date(),
}: {
  actor: ProgressionActor;
  projectId: number;
  input: ProgressionUpdate;
  now?: Date;
}): Promise<SaleView> {
  const today = londonToday(now);
  const saleId = await prisma.$transaction(async (tx) => {
    const current = await tx.sale.findFirst({ where: { projectId, state: "in_progress" }, select: { id: true } });
    if (!current) throw new ServiceError(404, NO_SALE_IN_PROGRESS);
    // One save at a time per sale: a second waits here, then sees the first's result.
    await tx.$queryRaw`SELECT id FROM "Sale" WHERE id = ${current.id} FOR UPDATE`;
    const before = await tx.sale.findUniqueOrThrow({ where: { id: current.id }, include: saleInclude });
    if (before.state !== "in_progress") throw new ServiceError(409, NO_SALE_IN_PROGRESS);

    const changes: string[] = [];
    const data: Prisma.SaleUpdateInput = {};
    if (input.solicitors?.seller) {
      Object.assign(data, solicitorData("seller", input.solicitors.seller));
      changes.push(`Seller's solicitor: ${input.solicitors.seller.firm ?? "not recorded"}`);
    }
    if (input.solicitors?.buyer) {
      Object.assign(data, solicitorData("buyer", input.solicitors.buyer));
      changes.push(`Buyer's solicitor: ${input.solicitors.buyer.firm ?? "not recorded"}`);
    }
    if (input.subjectTo !== undefined) {
      data.subjectTo = input.subjectTo || null;
      changes.push(input.subjectTo ? `Sale subject to: ${input.subjectTo}` : "Sale subject to: nothing further");
    }

    let completedOn: string | null = null;
    for (const [index, milestone] of (input.milestones ?? []).entries()) {
      const key: SaleMilestoneKey = milestoneToDb(milestone.key);
      const label = milestoneLabel(key);
      if (milestone.date && milestone.date > today && !MAY_BE_PLANNED.includes(key))
        throw fieldError(422, `milestones.${index}.date`, `${label} cannot be dated in the future.`);
      const doneOn = milestone.date ? new Date(`${milestone.date}T00:00:00Z`) : null;
      await tx.saleMilestone.upsert({
        where: { saleId_key: { saleId: before.id, key } },
        create: { saleId: before.id, key, doneOn, note: milestone.note ?? "", updatedById: actor.userId },
        update: {
          doneOn,
          ...(milestone.note === undefined ? {} : { note: milestone.note }),
          updatedById: actor.userId,
        },
      });
      changes.push(
        milestone.date === null
          ? `${label}: not yet`
          : milestone.date <= today
            ? `${label}: done on ${formatDate(milestone.date)}`
            : `${label}: planned for ${formatDate(milestone.date)}`,
      );
      if (milestone.note) changes.push(`Note on ${label.toLowerCase()}: ${milestone.note}`);
      if (key === "completion") completedOn = milestone.date && milestone.date <= today ? milestone.date : null;
    }
    if (input.fallThrough && completedOn)
      throw new ServiceError(422, "A sale cannot both complete and fall through: send one or the other.");

    if (Object.keys(data).length) await tx.sale.update({ where: { id: before.id }, data });

    let memorandum = false;
    if (input.issueMemorandum) {
      const firms = await tx.sale.findUniqueOrThrow({
        where: { id: before.id },
        select: { sellerSolicitorFirm: true, buyerSolicitorFirm: true },
      });
      if (!firms.sellerSolicitorFirm || !firms.buyerSolicitorFirm) throw new ServiceError(422, FIRMS_NEEDED);
      await holdToGates(tx, await memorandumGates(before.id, tx), MEMORANDUM_REFUSED, {
        actor: { id: actor.userId, ipAddress: actor.ipAddress },
        entity: "Sale",
        entityId: before.id,
      });
      await tx.sale.update({ where: { id: before.id }, data: { memorandumIssuedAt: now } });
      const sstc = await tx.project.updateMany({
        where: { id: projectId, status: "completed", saleStatus: "under_offer" },
        data: { saleStatus: "sold_stc" },
      });
      if (sstc.count > 0) await queuePortalSync(tx, { projectId, reason: "sold STC" }, now);
      memorandum = true;
      changes.push(`Memorandum of sale issued on ${formatDate(now)}: the home is now Sold STC`);
      await recordAudit(
        {
          actorId: actor.userId,
          action: "sale.issue_memorandum",
          entity: "Sale",
          entityId: before.id,
          ipAddress: actor.ipAddress,
        },
        tx,
      );
    }

    let ended: "completed" | "fallen-through" | null = null;
    if (completedOn) {
      await completeSale(tx, before.id, projectId, now);
      ended = "completed";
      changes.push(`The sale completed on ${formatDate(completedOn)}: the home is sold`);
      await recordAudit(
        {
          actorId: actor.userId,
          action: "sale.complete",
          entity: "Sale",
          entityId: before.id,
          detail: { completedOn },
          ipAddress: actor.ipAddress,
        },
        tx,
      );
    }
    if (input.fallThrough) {
      await fallThrough(tx, before.id, input.fallThrough.reason);
      ended = "fallen-through";
      changes.push(`The sale has fallen through: ${input.fallThrough.reason}. The home is for sale again`);
      await recordAudit(
        {
          actorId: actor.userId,
          action: "sale.fall_through",
          entity: "Sale",
          entityId: before.id,
          detail: { reason: input.fallThrough.reason },
          ipAddress: actor.ipAddress,
        },
        tx,
      );
    }
    if (!changes.length)
      throw new ServiceError(400, "Nothing to change: send solicitors, milestones, the memorandum or a fall-through.");

    await recordAudit(
      {
        actorId: actor.userId,
        action: "sale.update",
        entity: "Sale",
        entityId: before.id,
        detail: { changes },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    const after = await tx.sale.findUniqueOrThrow({ where: { id: before.id }, include: saleInclude });
    await queueMail(tx, progressMails(after, changes, { memorandum, ended }));
    return before.id;
  });
  const row = await prisma.sale.findUniqueOrThrow({ where: { id: saleId }, include: saleInclude });
  return saleView(row, today);
}

/**
 * "Mark as Sold" while a sale is in progress: that sale has completed (dated today unless a Completion date
 * is already recorded), audited and emailed to the seller and the buyer like a Completion saved on the tab.
 */
export async function completeSaleMarkedSold(
  tx: Tx,
  {
    saleId,
    projectId,
    actor,
    now = new Date(),
  }: { saleId: number; projectId: number; actor: ProgressionActor; now?: Date },
) {
  await completeSale(tx, saleId, projectId, now);
  await recordAudit(
    { actorId: actor.userId, action: "sale.complete", entity: "Sale", entityId: saleId, ipAddress: actor.ipAddress },
    tx,
  );
  const row = await tx.sale.findUniqueOrThrow({ where: { id: saleId }, include: saleInclude });
  await queueMail(
    tx,
    progressMails(row, ["The agency has marked the home as sold: the sale has completed"], {
      memorandum: false,
      ended: "completed",
    }),
  );
}

function progressMails(
  row: SaleRow,
  changes: string[],
  { memorandum, ended }: { memorandum: boolean; ended: "completed" | "fallen-through" | null },
): Mail[] {
  const address = row.project.address;
  const subject =
    ended === "completed"
      ? `Sale completed: ${address}`
      : ended === "fallen-through"
        ? `Sale fallen through: ${address}`
        : memorandum
          ? `Memorandum of sale: ${address}`
          : `Sale progress: ${address}`;
  const attachments: AttachmentRef[] | undefined = memorandum
    ? [{ kind: "memorandum-of-sale", saleId: row.id }]
    : undefined;
  const site = getEnv().PUBLIC_URL.replace(/\/$/, "");
  const body = (greeting: string, link: string) =>
    [
      greeting,
      `News on the sale of ${address} (agreed at ${formatPrice(row.agreedPrice)}):`,
      changes.map((change) => `- ${change}`).join("\n"),
      ...(memorandum ? ["The memorandum of sale is attached."] : []),
      `See every step of the sale: ${site}${link}`,
      "MoveWise",
    ].join("\n\n");
  const mails: Mail[] = [];
  const seller = sellerEmailOf(row);
  if (seller)
    mails.push({
      to: seller,
      subject,
      text: body(`Dear ${sellerNameOf(row)},`, `/view-a-property/${row.projectId}/sale`),
      replyTo: agencyEmail(),
      attachments,
    });
  const buyer = buyerEmailOf(row);
  if (buyer)
    mails.push({
      to: buyer,
      subject,
      text: body(`Dear ${row.offer.buyerName},`, `/my-offers/${row.offerId}/progress`),
      replyTo: agencyEmail(),
      attachments,
    });
  if (memorandum) {
    for (const side of ["seller", "buyer"] as const) {
      const email = row[`${side}SolicitorEmail`];
      if (!email) continue;
      mails.push({
        to: email,
        subject,
        text: [
          `Dear ${row[`${side}SolicitorName`] || row[`${side}SolicitorFirm`] || "colleague"},`,
          `MoveWise has agreed the sale of ${address} at ${formatPrice(row.agreedPrice)}, subject to contract. You act for the ${side}.`,
          "The memorandum of sale is attached, with both parties' and both solicitors' details.",
          "MoveWise",
        ].join("\n\n"),
        replyTo: agencyEmail(),
        attachments,
      });
    }
  }
  return mails;
}

/** What the memorandum PDF states, read when it is made (at download or when a mail is sent). */
export async function memorandumFacts(saleId: number) {
  const row = await prisma.sale.findUnique({ where: { id: saleId }, include: saleInclude });
  if (!row?.memorandumIssuedAt) return null;
  return {
    saleId: row.id,
    issuedOn: row.memorandumIssuedAt,
    address: row.project.address,
    tenure: row.project.tenure,
    agreedPrice: row.agreedPrice,
    seller: {
      name: sellerNameOf(row),
      email: sellerEmailOf(row),
      phone: row.project.owner?.phoneNumber || row.project.vendorPhone || "",
    },
    buyer: {
      name: row.offer.buyerName,
      email: buyerEmailOf(row) ?? "",
      phone: row.offer.buyer?.closedAt ? "" : (row.offer.buyer?.phoneNumber ?? ""),
      position: positionOfDb(row.offer.position),
      mortgageInPrinciple: row.offer.mortgageInPrinciple,
    },
    solicitors: { seller: solicitorOf(row, "seller"), buyer: solicitorOf(row, "buyer") },
    subjectTo: row.subjectTo ?? "",
  };
}

export type MemorandumFacts = NonNullable<Awaited<ReturnType<typeof memorandumFacts>>>;
