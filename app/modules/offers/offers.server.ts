// Offers: a buyer offers on a listed home; the seller (or the agency for them) accepts, rejects or counters;
// the buyer accepts a counter, makes a new offer or withdraws. Every move is one transaction: the offer, its
// event, the audit record and the emails to the other side and the agency. Every offer is passed on to the
// seller and the agency at once, as the Estate Agents Act 1979 requires (Estate Agents (Provision of
// Information) Regulations 1991, reg. 3: promptly and in writing), also while the home is under offer.
import type { OfferStatus, Prisma } from "../../generated/prisma/client";
import { londonToday } from "../../lib/dates";
import { prisma, violatesUniqueIndex } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { formatPrice } from "../../lib/format";
import { consume } from "../../lib/rate-limits.server";
import { fieldError, ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import type { SessionUser } from "../auth/roles";
import { listingPath } from "../listings/summary";
import { agencyEmail, type Mail, queueMail } from "../mail/mail.server";
import type { SellerActor, SellerHome } from "../projects/seller-access.server";
import { CONTRACTS_EXCHANGED, isExchanged } from "../sales/milestones";
import { contractsExchanged, currentSale, fallThrough, openSale } from "../sales/sales.server";
import { POSITION_LABELS, positionOfDb, positionToDb } from "./positions";
import { type IncomingProof, proofResponse, removeProof, type StoredProof, storeProof } from "./proof.server";
import type { MakeOfferInput } from "./schemas";
import {
  type BuyerMove,
  decideOffer,
  FINAL_STATUSES,
  type OfferOutcome,
  offerStatusWord,
  type SellerMove,
} from "./state";
import { ALREADY_OPEN_MESSAGE, SOLD_MESSAGE, UNVERIFIED_MESSAGE } from "./texts";

type Tx = Prisma.TransactionClient;

export { ALREADY_OPEN_MESSAGE, OFFER_SENT_MESSAGE, SOLD_MESSAGE, UNVERIFIED_MESSAGE } from "./texts";

const offerInclude = {
  events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  project: { select: { id: true, address: true, status: true, saleStatus: true } },
  buyer: { select: { phoneNumber: true } },
  sale: { select: { state: true, milestones: { where: { key: "exchange" }, select: { doneOn: true } } } },
} as const satisfies Prisma.OfferInclude;

export type OfferRecord = Prisma.OfferGetPayload<{ include: typeof offerInclude }>;

/** An offer in these is open: a buyer has at most one per home (a partial unique index holds it). */
const OPEN_STATUSES: OfferStatus[] = ["pending", "countered", "accepted"];

const alreadyOpen = () => fieldError(409, "amount", ALREADY_OPEN_MESSAGE);
const listingNotFound = () => new ServiceError(404, "No listed property has this id.");
const noSuchOffer = () => new ServiceError(404, "You have no offer with this id.");
const noSuchOfferOnHome = () => new ServiceError(404, "This home has no offer with this id.");

const site = () => getEnv().PUBLIC_URL;
const offersTab = (projectId: number) => `${site()}/view-a-property/${projectId}/offers`;
const myOffers = () => `${site()}/my-offers`;

type Parties = { address: string; projectId: number; sellerEmail: string; sellerName: string };

async function partiesOf(tx: Tx, projectId: number): Promise<Parties> {
  const home = await tx.project.findUniqueOrThrow({
    where: { id: projectId },
    select: { id: true, address: true, vendorEmail: true, vendorName: true, owner: { select: { email: true } } },
  });
  return {
    address: home.address,
    projectId: home.id,
    sellerEmail: home.owner?.email ?? home.vendorEmail,
    sellerName: home.vendorName,
  };
}

const PASSED_ON =
  "We pass on every offer to the seller promptly and in writing, as the Estate Agents Act 1979 requires, including offers made while a home is under offer.";

function offerFacts(offer: {
  amount: number;
  position: OfferRecord["position"];
  mortgageInPrinciple: boolean;
  proofKey: string | null;
  buyerName: string;
}) {
  return [
    `Amount: ${formatPrice(offer.amount)}`,
    `Buyer: ${offer.buyerName}`,
    `Buyer's position: ${POSITION_LABELS[positionOfDb(offer.position)]}`,
    `Mortgage agreed in principle: ${offer.mortgageInPrinciple ? "Yes" : "No"}`,
    `Proof of funds: ${offer.proofKey ? "Given (download it from the Offers tab)" : "Not given"}`,
  ];
}

function newOfferMails(
  parties: Parties,
  offer: Parameters<typeof offerFacts>[0] & { buyerEmail: string },
  raised: boolean,
) {
  const subject = `New offer of ${formatPrice(offer.amount)} on ${parties.address}`;
  const body = (greeting: string) =>
    [
      greeting,
      "",
      raised
        ? `${offer.buyerName} has made a new, higher offer on ${parties.address}.`
        : `${offer.buyerName} has made an offer on ${parties.address}.`,
      "",
      ...offerFacts(offer),
      "",
      `Accept, reject or counter it on the Offers tab: ${offersTab(parties.projectId)}`,
      "",
      PASSED_ON,
      "",
      "MoveWise",
    ].join("\n");
  return [
    { to: parties.sellerEmail, subject, text: body(`Dear ${parties.sellerName},`), replyTo: agencyEmail() },
    { to: agencyEmail(), subject, text: body("A new offer to pass on."), replyTo: offer.buyerEmail },
    {
      to: offer.buyerEmail,
      subject: raised
        ? `Your new offer on ${parties.address}: ${formatPrice(offer.amount)}`
        : `Your offer on ${parties.address}: ${formatPrice(offer.amount)}`,
      text: [
        `Dear ${offer.buyerName},`,
        "",
        `We have received your offer of ${formatPrice(offer.amount)} on ${parties.address} and passed it on to the seller.`,
        "We will email you as soon as they answer.",
        "",
        `Your offers: ${myOffers()}`,
        "",
        "MoveWise",
      ].join("\n"),
      replyTo: agencyEmail(),
    },
  ] satisfies Mail[];
}

type MoveContext = {
  parties: Parties;
  offer: { buyerName: string; buyerEmail: string; amount: number; counterAmount: number | null };
  outcome: OfferOutcome;
  by: "buyer" | "seller" | "agency";
};

/** The emails a move sends: to the other side and the agency (and the seller, when the agency acted for them). */
function moveMails({ parties, offer, outcome, by }: MoveContext): Mail[] {
  const { address } = parties;
  const toBuyer = (subject: string, lines: string[]): Mail => ({
    to: offer.buyerEmail,
    subject,
    text: [`Dear ${offer.buyerName},`, "", ...lines, "", `Your offers: ${myOffers()}`, "", "MoveWise"].join("\n"),
    replyTo: agencyEmail(),
  });
  const toSellerSide = (subject: string, lines: string[]): Mail[] => [
    {
      to: parties.sellerEmail,
      subject,
      text: [
        `Dear ${parties.sellerName},`,
        "",
        ...lines,
        "",
        `Your offers: ${offersTab(parties.projectId)}`,
        "",
        "MoveWise",
      ].join("\n"),
      replyTo: agencyEmail(),
    },
    {
      to: agencyEmail(),
      subject,
      text: [...lines, "", `Offers: ${offersTab(parties.projectId)}`].join("\n"),
      replyTo: offer.buyerEmail,
    },
  ];
  const sellerWho = by === "agency" ? "The agency, for the seller," : "The seller";
  if (by !== "buyer") {
    const event = outcome.event.action;
    const buyerMail =
      event === "accepted"
        ? toBuyer(`Your offer on ${address} has been accepted`, [
            `${sellerWho} has accepted your offer of ${formatPrice(outcome.amount)} on ${address}.`,
            "The home is now under offer to you. We will be in touch about the next steps: solicitors, the memorandum of sale and your mortgage.",
          ])
        : event === "rejected"
          ? toBuyer(`Your offer on ${address} was not accepted`, [
              `${sellerWho} has not accepted your offer of ${formatPrice(offer.amount)} on ${address}.`,
            ])
          : toBuyer(`The seller has countered your offer on ${address}`, [
              `The seller has countered with ${formatPrice(outcome.counterAmount!)} (your offer: ${formatPrice(offer.amount)}).`,
              "You can accept it, make a new offer or withdraw on your offers page.",
            ]);
    const agencyLines = [
      `${sellerWho} ${event === "countered" ? `countered with ${formatPrice(outcome.counterAmount!)}` : event} the offer of ${formatPrice(offer.amount)} by ${offer.buyerName} on ${address}.`,
    ];
    const subject =
      event === "accepted"
        ? `Offer accepted: ${formatPrice(outcome.amount)} on ${address}`
        : event === "rejected"
          ? `Offer rejected on ${address}`
          : `Counter-offer of ${formatPrice(outcome.counterAmount!)} on ${address}`;
    const sellerSide = toSellerSide(subject, agencyLines);
    // The seller hears of what the agency did for them; the agency always hears.
    return [buyerMail, ...(by === "agency" ? sellerSide : sellerSide.slice(1))];
  }
  switch (outcome.event.action) {
    case "accepted":
      return toSellerSide(`Counter-offer accepted: ${formatPrice(outcome.amount)} on ${address}`, [
        `${offer.buyerName} has accepted your counter-offer of ${formatPrice(outcome.amount)} on ${address}.`,
        "The home is now under offer. We will be in touch about the next steps.",
      ]);
    case "withdrawn":
      return toSellerSide(
        outcome.endsSale ? `Sale fallen through on ${address}` : `Offer withdrawn on ${address}`,
        outcome.endsSale
          ? [
              `${offer.buyerName} has withdrawn the accepted offer of ${formatPrice(offer.amount)} on ${address}.`,
              "The sale has fallen through and the home is back on the market as For sale.",
            ]
          : [`${offer.buyerName} has withdrawn their offer of ${formatPrice(offer.amount)} on ${address}.`],
      );
    default:
      return [];
  }
}

/** A buyer's offer on a listed home, passed on at once to the seller and the agency. */
export async function makeOffer(
  user: SessionUser,
  projectId: number,
  input: MakeOfferInput,
  { ipAddress, proof }: { ipAddress: string; proof?: IncomingProof | null },
): Promise<OfferRecord> {
  if (user.role !== "buyer") throw new ServiceError(403, "Only buyers' accounts can make offers.");
  if (!user.emailVerified) throw new ServiceError(403, UNVERIFIED_MESSAGE);
  const home = await prisma.project.findFirst({
    where: { id: projectId, status: { in: ["completed", "sold"] } },
    select: { id: true, status: true },
  });
  if (!home) throw listingNotFound();
  if (home.status === "sold") throw new ServiceError(409, SOLD_MESSAGE);
  // Answers the usual case before a file is stored; the unique index decides between requests sent at once.
  const open = await prisma.offer.findFirst({
    where: { projectId, buyerId: user.id, status: { in: OPEN_STATUSES } },
    select: { id: true },
  });
  if (open) throw alreadyOpen();
  await consume("offersPerAccount", String(user.id), "You have sent a lot of offers in a short time.");
  const stored: StoredProof | null = proof ? await storeProof(proof) : null;
  try {
    return await prisma.$transaction(async (tx) => {
      // Read again in the transaction: a home sold meanwhile takes no offer.
      const now = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { status: true } });
      if (now.status === "sold") throw new ServiceError(409, SOLD_MESSAGE);
      const offer = await tx.offer.create({
        data: {
          projectId,
          buyerId: user.id,
          buyerName: user.fullName,
          buyerEmail: user.email,
          amount: input.amount,
          position: positionToDb(input.position),
          mortgageInPrinciple: input.mortgageInPrinciple,
          ...(stored
            ? {
                proofKey: stored.key,
                proofFileName: stored.fileName,
                proofContentType: stored.contentType,
                proofByteSize: stored.byteSize,
              }
            : {}),
          events: { create: { action: "made", amount: input.amount, by: "buyer", actorId: user.id } },
        },
        include: offerInclude,
      });
      await recordAudit(
        {
          actorId: user.id,
          action: "offer.made",
          entity: "offer",
          entityId: offer.id,
          detail: { projectId, amount: input.amount, proofOfFunds: Boolean(stored) },
          ipAddress,
        },
        tx,
      );
      await queueMail(tx, newOfferMails(await partiesOf(tx, projectId), offer, false));
      return offer;
    });
  } catch (error) {
    await removeProof(stored?.key);
    // The same buyer's other request stored its offer first.
    if (violatesUniqueIndex(error, "Offer_one_open_per_buyer_and_home")) throw alreadyOpen();
    throw error;
  }
}

/** Adds (or replaces) the proof of funds of one of the buyer's offers that is still open. */
export async function addProofOfFunds(
  user: SessionUser,
  offerId: number,
  file: IncomingProof | null,
  { ipAddress }: { ipAddress: string },
): Promise<OfferRecord> {
  const existing = await prisma.offer.findFirst({ where: { id: offerId, buyerId: user.id }, select: { status: true } });
  if (!existing) throw noSuchOffer();
  if (!file)
    throw new ServiceError(400, "Choose a file: a PDF, JPEG or PNG of at most 10 MB.", {
      fieldErrors: { file: ["Choose a file: a PDF, JPEG or PNG of at most 10 MB."] },
    });
  if (!OPEN_STATUSES.includes(existing.status))
    throw new ServiceError(409, "This offer has ended, so it takes no proof of funds.");
  await consume("proofsPerAccount", String(user.id), "You have sent a lot of proofs of funds in a short time.");
  const stored = await storeProof(file, "file");
  let replaced: string | null = null;
  try {
    const offer = await prisma.$transaction(async (tx) => {
      const before = await tx.offer.findUniqueOrThrow({ where: { id: offerId }, select: { proofKey: true } });
      replaced = before.proofKey;
      const offer = await tx.offer.update({
        where: { id: offerId },
        data: {
          proofKey: stored.key,
          proofFileName: stored.fileName,
          proofContentType: stored.contentType,
          proofByteSize: stored.byteSize,
          events: { create: { action: "proof_of_funds", amount: null, by: "buyer", actorId: user.id } },
        },
        include: offerInclude,
      });
      await recordAudit(
        { actorId: user.id, action: "offer.proof-of-funds", entity: "offer", entityId: offerId, ipAddress },
        tx,
      );
      const parties = await partiesOf(tx, offer.projectId);
      const subject = `Proof of funds for the offer on ${parties.address}`;
      const text = [
        `${offer.buyerName} has sent proof of funds for their offer of ${formatPrice(offer.amount)} on ${parties.address}.`,
        "",
        `Download it from the Offers tab: ${offersTab(parties.projectId)}`,
      ].join("\n");
      await queueMail(tx, [
        { to: parties.sellerEmail, subject, text, replyTo: agencyEmail() },
        { to: agencyEmail(), subject, text, replyTo: offer.buyerEmail },
      ]);
      return offer;
    });
    await removeProof(replaced);
    return offer;
  } catch (error) {
    await removeProof(stored.key);
    throw error;
  }
}

type Actor = { userId: number; by: "buyer" | "seller" | "agency"; ipAddress: string };

/** Applies one move in one transaction; refused moves are 409s with the state machine's message. */
async function applyMove(
  offerId: number,
  side: "buyer" | "seller",
  move: BuyerMove | SellerMove,
  actor: Actor,
  belongs: (offer: { buyerId: number | null; projectId: number }) => boolean,
  notFound: () => ServiceError,
): Promise<OfferRecord> {
  return prisma.$transaction(async (tx) => {
    const offer = await tx.offer.findUnique({ where: { id: offerId }, include: offerInclude });
    if (!offer || !belongs(offer)) throw notFound();
    const decision =
      side === "seller"
        ? decideOffer(offer, "seller", move as SellerMove)
        : decideOffer(offer, "buyer", move as BuyerMove);
    if (!decision.ok) throw new ServiceError(409, decision.message);
    const { outcome } = decision;
    const sale = outcome.endsSale ? await currentSale(tx, offer.projectId) : null;
    if (sale?.offerId === offer.id && (await contractsExchanged(tx, sale.id)))
      throw new ServiceError(409, CONTRACTS_EXCHANGED);
    if (outcome.opensSale) {
      if (offer.project.status === "sold") throw new ServiceError(409, SOLD_MESSAGE);
      await openSale(tx, offer, outcome.amount);
    }
    // Only from the state read above: a move made meanwhile (another tab, the API) wins, this one is refused.
    const moved = await tx.offer.updateMany({
      where: { id: offerId, status: offer.status, amount: offer.amount },
      data: {
        status: outcome.status,
        amount: outcome.amount,
        counterAmount: outcome.counterAmount,
        ...(side === "seller" ? { decidedAt: new Date() } : {}),
      },
    });
    if (moved.count === 0) throw new ServiceError(409, "This offer has just changed. Reload the page to see it.");
    if (sale?.offerId === offer.id) await fallThrough(tx, sale.id, "The buyer withdrew their offer.");
    await tx.offerEvent.create({
      data: {
        offerId,
        action: outcome.event.action,
        amount: outcome.event.amount,
        by: actor.by,
        actorId: actor.userId,
      },
    });
    await recordAudit(
      {
        actorId: actor.userId,
        action: `offer.${outcome.event.action}`,
        entity: "offer",
        entityId: offerId,
        detail: {
          projectId: offer.projectId,
          by: actor.by,
          from: offer.status,
          to: outcome.status,
          ...(outcome.event.amount === null ? {} : { amount: outcome.event.amount }),
        },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    const parties = await partiesOf(tx, offer.projectId);
    const mails =
      side === "buyer" && outcome.event.action === "raised"
        ? newOfferMails(parties, { ...offer, amount: outcome.amount }, true)
        : moveMails({ parties, offer, outcome, by: actor.by });
    await queueMail(tx, mails);
    return tx.offer.findUniqueOrThrow({ where: { id: offerId }, include: offerInclude });
  });
}

/** The buyer's moves on their own offer: accept a counter, make a new offer, withdraw. */
export async function moveAsBuyer(
  user: SessionUser,
  offerId: number,
  move: BuyerMove,
  { ipAddress }: { ipAddress: string },
) {
  if (user.role !== "buyer") throw new ServiceError(403, "This is for the offer's buyer only.");
  if (move.action === "raise")
    await consume("offersPerAccount", String(user.id), "You have sent a lot of offers in a short time.");
  return applyMove(
    offerId,
    "buyer",
    move,
    { userId: user.id, by: "buyer", ipAddress },
    (offer) => offer.buyerId === user.id,
    noSuchOffer,
  );
}

/**
 * Withdraws the account's offers that are still waiting (pending or countered), each as the buyer's own move,
 * so the seller and the agency are told: used when the buyer closes their account. An accepted offer stays
 * with its sale, which the agency follows through the solicitors. Returns how many were withdrawn.
 */
export async function withdrawOpenOffers(userId: number, { ipAddress }: { ipAddress: string }) {
  const open = await prisma.offer.findMany({
    where: { buyerId: userId, status: { in: ["pending", "countered"] } },
    select: { id: true },
  });
  for (const { id } of open)
    await applyMove(
      id,
      "buyer",
      { action: "withdraw" },
      { userId, by: "buyer", ipAddress },
      (offer) => offer.buyerId === userId,
      noSuchOffer,
    );
  return open.length;
}

/** The seller's (or the agency's) moves on an offer for their home: accept, reject, counter. */
export async function moveAsSeller(home: SellerHome, offerId: number, move: SellerMove, actor: SellerActor) {
  return applyMove(offerId, "seller", move, actor, (offer) => offer.projectId === home.id, noSuchOfferOnHome);
}

/** The buyer's offers, newest first. */
export function listBuyerOffers(userId: number) {
  return prisma.offer.findMany({
    where: { buyerId: userId },
    include: offerInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** Every offer on a home, open ones first, then newest first. */
export async function listHomeOffers(projectId: number) {
  const offers = await prisma.offer.findMany({
    where: { projectId },
    include: offerInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const rank = (status: OfferStatus) =>
    status === "accepted" ? 0 : status === "pending" || status === "countered" ? 1 : 2;
  return offers.sort((a, b) => rank(a.status) - rank(b.status));
}

/**
 * GET /offers/:offerId/proof-of-funds: for admins, and for the home's seller while the offer is open (others
 * 404, buyers 403).
 */
export async function proofOfFundsDownload(user: SessionUser, offerId: number) {
  if (user.role !== "vendor" && user.role !== "admin")
    throw new ServiceError(403, "This is for the home's seller and the agency only.");
  const offer = await prisma.offer.findFirst({
    where:
      user.role === "admin"
        ? { id: offerId }
        : { id: offerId, project: { ownerId: user.id }, status: { notIn: [...FINAL_STATUSES] } },
    select: { proofKey: true, proofFileName: true, proofContentType: true },
  });
  if (!offer?.proofKey) throw new ServiceError(404, "There is no proof of funds for this offer.");
  return proofResponse({
    key: offer.proofKey,
    fileName: offer.proofFileName ?? "proof-of-funds",
    contentType: offer.proofContentType ?? "application/octet-stream",
  });
}

/** What the buyer's offers page and the seller's Offers tab both show of an offer; each adds its own. */
export function offerPageView(offer: OfferRecord) {
  return {
    id: offer.id,
    amount: offer.amount,
    counterAmount: offer.counterAmount,
    status: offer.status,
    position: POSITION_LABELS[positionOfDb(offer.position)],
    mortgageInPrinciple: offer.mortgageInPrinciple,
    /** The accepted offer's sale has reached exchange: the buyer may no longer withdraw. */
    contractsExchanged:
      offer.sale?.state === "in_progress" && isExchanged(offer.sale.milestones[0]?.doneOn ?? null, londonToday()),
    events: offer.events.map((event) => ({
      action: event.action,
      amount: event.amount,
      by: event.by,
      at: event.createdAt.toISOString(),
    })),
  };
}

/** The API's offer: the buyer's view, and the seller's (with the buyer's name; admins also get contact details). */
export function toOfferJson(offer: OfferRecord) {
  return {
    id: offer.id,
    propertyId: offer.projectId,
    address: offer.project.address,
    propertyUrl: listingPath(offer.projectId),
    amount: offer.amount,
    counterAmount: offer.counterAmount,
    position: positionOfDb(offer.position),
    mortgageInPrinciple: offer.mortgageInPrinciple,
    hasProofOfFunds: offer.proofKey !== null,
    status: offerStatusWord(offer.status),
    createdAt: offer.createdAt.toISOString(),
    updatedAt: offer.updatedAt.toISOString(),
    events: offer.events.map((event) => ({
      action: event.action.replaceAll("_", "-"),
      amount: event.amount,
      by: event.by,
      at: event.createdAt.toISOString(),
    })),
  };
}

/**
 * Who made the offer, as the seller side may see it. Once an offer has ended (rejected, withdrawn, fallen
 * through) its buyer is no longer the seller's business: their name and proof of funds stay with the agency,
 * which keeps them for its records.
 */
export function offerBuyerFor(offer: OfferRecord, viewer: { role: SessionUser["role"] }) {
  const shown = viewer.role === "admin" || !FINAL_STATUSES.includes(offer.status);
  return {
    buyerName: shown ? offer.buyerName : null,
    proofOfFunds:
      shown && offer.proofKey
        ? { url: `/offers/${offer.id}/proof-of-funds`, name: offer.proofFileName ?? "proof-of-funds" }
        : null,
    contact: viewer.role === "admin" ? { email: offer.buyerEmail, phone: offer.buyer?.phoneNumber ?? null } : null,
  };
}

export function toSellerOfferJson(offer: OfferRecord, viewer: { role: SessionUser["role"] }) {
  const { buyerName, proofOfFunds, contact } = offerBuyerFor(offer, viewer);
  return {
    ...toOfferJson(offer),
    buyerName,
    proofOfFundsUrl: proofOfFunds?.url ?? null,
    ...(contact ? { buyerEmail: contact.email, buyerPhone: contact.phone } : {}),
  };
}

/** For the buyer's home page: how many offers, and how many still open (waiting for someone). */
export async function offerCounts(userId: number) {
  const rows = await prisma.offer.groupBy({ by: ["status"], where: { buyerId: userId }, _count: { _all: true } });
  const count = rows.reduce((sum, row) => sum + row._count._all, 0);
  const open = rows
    .filter((row) => row.status === "pending" || row.status === "countered" || row.status === "accepted")
    .reduce((sum, row) => sum + row._count._all, 0);
  return { count, open };
}
