// Customer due diligence (MLR 2017 regs. 27-28): one check per person, made through a provider (the manual
// check, or Stripe Identity), screened against the UK sanctions list, rated for risk and decided by staff.
import type { CheckStatus, Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import type { SessionUser } from "../auth/roles";
import { identityProviderNamed, onlineIdentityAvailable } from "./identity/index.server";
import { riskRating } from "./risk";
import { screenName } from "./sanctions.server";
import type { AddSellerCheckInput, DecideMatchInput, RecordCheckInput } from "./schemas";

type Tx = Prisma.TransactionClient;

export type Actor = { id: number; ipAddress?: string | null };

export const checkNotFound = () => new ServiceError(404, "Check not found");
export const NO_SANCTIONS_LIST =
  "No sanctions list has been imported yet, so nobody can be screened: run npm run sanctions:import first.";

const checkSelect = {
  id: true,
  projectId: true,
  offerId: true,
  userId: true,
  party: true,
  capacity: true,
  fullName: true,
  email: true,
  projectAddress: true,
  provider: true,
  status: true,
  identityVerified: true,
  addressVerified: true,
  evidence: true,
  sourceOfFunds: true,
  sourceOfFundsChecked: true,
  riskRating: true,
  riskReasons: true,
  sanctionsScreenedAt: true,
  sanctionsMatches: true,
  decidedAt: true,
  decisionNote: true,
  relationshipEndedAt: true,
  createdAt: true,
  documents: { select: { id: true, kind: true, fileName: true, byteSize: true, createdAt: true } },
} satisfies Prisma.DueDiligenceCheckSelect;

export type CheckRow = Prisma.DueDiligenceCheckGetPayload<{ select: typeof checkSelect }>;

/** A check as the API and the pages show it. */
export function checkJson(row: CheckRow) {
  return {
    id: row.id,
    bookingId: row.projectId,
    offerId: row.offerId,
    party: row.party,
    capacity: row.capacity,
    fullName: row.fullName,
    email: row.email,
    address: row.projectAddress,
    provider: row.provider,
    status: row.status,
    identityVerified: row.identityVerified,
    addressVerified: row.addressVerified,
    evidence: row.evidence,
    sourceOfFunds: row.sourceOfFunds,
    sourceOfFundsChecked: row.sourceOfFundsChecked,
    riskRating: row.riskRating,
    riskReasons: row.riskReasons,
    sanctionsScreenedAt: row.sanctionsScreenedAt?.toISOString() ?? null,
    sanctionsMatches: (row.sanctionsMatches ?? []) as {
      groupId: string;
      name: string;
      regime: string;
      score: number;
    }[],
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    documents: row.documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      fileName: d.fileName,
      byteSize: d.byteSize,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}
export type CheckJson = ReturnType<typeof checkJson>;

/** The account an address belongs to, once its owner proved it is theirs. */
const accountFor = async (tx: Tx, email: string) =>
  email
    ? ((await tx.user.findFirst({ where: { email: email.toLowerCase(), emailVerifiedAt: { not: null } } }))?.id ?? null)
    : null;

/** Adds a seller (an owner, a joint owner or a company's beneficial owner) of a home to be checked. */
export async function addSellerCheck({
  actor,
  projectId,
  input,
}: {
  actor: Actor;
  projectId: number;
  input: AddSellerCheckInput;
}) {
  return prisma.$transaction(async (tx) => {
    const project = await tx.project.findUnique({ where: { id: projectId }, select: { address: true } });
    if (!project) throw new ServiceError(404, "Project not found");
    const row = await tx.dueDiligenceCheck.create({
      data: {
        projectId,
        party: "seller",
        capacity: input.capacity,
        fullName: input.fullName,
        email: input.email.toLowerCase(),
        userId: await accountFor(tx, input.email),
        projectAddress: project.address,
      },
      select: checkSelect,
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "check.add",
        entity: "DueDiligenceCheck",
        entityId: row.id,
        detail: { projectId, party: "seller", capacity: input.capacity },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return checkJson(row);
  });
}

/** The buyer whose offer is accepted is checked before the memorandum of sale (called as the sale opens). */
export async function openBuyerCheck(tx: Tx, offerId: number) {
  const offer = await tx.offer.findUniqueOrThrow({
    where: { id: offerId },
    select: {
      projectId: true,
      buyerId: true,
      buyerName: true,
      buyerEmail: true,
      project: { select: { address: true } },
    },
  });
  await tx.dueDiligenceCheck.upsert({
    where: { offerId },
    update: {},
    create: {
      projectId: offer.projectId,
      offerId,
      party: "buyer",
      capacity: "buyer",
      fullName: offer.buyerName,
      email: offer.buyerEmail.toLowerCase(),
      userId: offer.buyerId,
      projectAddress: offer.project.address,
    },
  });
}

export async function getCheck(id: number) {
  const row = await prisma.dueDiligenceCheck.findUnique({ where: { id }, select: checkSelect });
  return row ? checkJson(row) : null;
}

export async function projectChecks(projectId: number) {
  const rows = await prisma.dueDiligenceCheck.findMany({
    where: { projectId },
    select: checkSelect,
    orderBy: { id: "asc" },
  });
  return rows.map(checkJson);
}

/** Every check, for the back office: those waiting for a person first. */
export async function listChecks({ status }: { status?: CheckStatus } = {}) {
  const rows = await prisma.dueDiligenceCheck.findMany({
    where: status ? { status } : {},
    select: checkSelect,
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: 200,
  });
  return rows.map(checkJson);
}

/**
 * The checks of the signed-in person (sellers and buyers see their own, never anyone else's). A possible
 * sanctions match shows as "in review", without the match or the decision's note: telling the person could
 * tip them off.
 */
export async function myChecks(user: SessionUser) {
  const rows = await prisma.dueDiligenceCheck.findMany({
    where: { OR: [{ userId: user.id }, ...(user.emailVerified ? [{ email: user.email.toLowerCase() }] : [])] },
    select: checkSelect,
    orderBy: { id: "desc" },
  });
  return rows.map((row) => ({
    ...checkJson(row),
    status: row.status === "possible_match" ? ("in_review" as const) : row.status,
    sanctionsMatches: [],
    decisionNote: "",
  }));
}

export async function myCheck(user: SessionUser, id: number) {
  const check = (await myChecks(user)).find((row) => row.id === id);
  if (!check) throw checkNotFound();
  return check;
}

/** Screens the name; a possible match stops the check for a person to decide. */
async function screen(tx: Tx, checkId: number, fullName: string, now: Date) {
  const matches = await screenName(fullName, tx);
  if (matches === null) throw new ServiceError(409, NO_SANCTIONS_LIST);
  await tx.dueDiligenceCheck.update({
    where: { id: checkId },
    data: { sanctionsScreenedAt: now, sanctionsMatches: matches },
  });
  return matches;
}

const OPEN: CheckStatus[] = ["pending", "in_review"];

/** A member of staff records what they saw; the name is screened and the risk rated as it is saved. */
export async function recordCheck({
  actor,
  id,
  input,
  now = new Date(),
}: {
  actor: Actor;
  id: number;
  input: RecordCheckInput;
  now?: Date;
}) {
  return prisma.$transaction(async (tx) => {
    const before = await tx.dueDiligenceCheck.findUnique({ where: { id }, select: checkSelect });
    if (!before) throw checkNotFound();
    if (!OPEN.includes(before.status))
      throw new ServiceError(
        409,
        `This check is already decided (${before.status.replace("_", " ")}): add a new one to check again.`,
      );
    if (input.outcome === "pass") {
      const missing = [
        !input.identityVerified && "identityVerified: the identity must be verified to pass",
        !input.addressVerified && "addressVerified: the address must be verified to pass",
        before.party === "buyer" && !input.sourceOfFunds && "sourceOfFunds: say where the buyer's money comes from",
        before.party === "buyer" &&
          !input.sourceOfFundsChecked &&
          "sourceOfFundsChecked: the source of funds must be checked to pass",
      ].filter((x): x is string => Boolean(x));
      if (missing.length)
        throw new ServiceError(422, "The check cannot pass yet.", {
          fieldErrors: Object.fromEntries(missing.map((line) => [line.split(":")[0]!, [line.split(": ")[1]!]])),
        });
    }
    const risk = riskRating({
      ...input.riskFactors,
      companySeller: input.riskFactors.companySeller || before.capacity === "beneficial owner",
    });
    const matches = input.outcome === "pass" ? await screen(tx, id, before.fullName, now) : [];
    const status: CheckStatus = input.outcome === "fail" ? "failed" : matches.length ? "possible_match" : "passed";
    const decided = status === "passed" || status === "failed";
    const row = await tx.dueDiligenceCheck.update({
      where: { id },
      data: {
        identityVerified: input.identityVerified,
        addressVerified: input.addressVerified,
        evidence: input.evidence,
        sourceOfFunds: input.sourceOfFunds || null,
        sourceOfFundsChecked: input.sourceOfFundsChecked,
        riskRating: risk.rating,
        riskReasons: risk.reasons,
        status,
        ...(decided ? { decidedById: actor.id, decidedAt: now } : {}),
      },
      select: checkSelect,
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: `check.${status}`,
        entity: "DueDiligenceCheck",
        entityId: id,
        detail: { risk: risk.rating, reasons: risk.reasons, matches: matches.length },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return checkJson(row);
  });
}

/** A person decides a possible sanctions match: not the listed person (the check passes, rated enhanced) or confirmed. */
export async function decideMatch({
  actor,
  id,
  input,
  now = new Date(),
}: {
  actor: Actor;
  id: number;
  input: DecideMatchInput;
  now?: Date;
}) {
  return prisma.$transaction(async (tx) => {
    const before = await tx.dueDiligenceCheck.findUnique({ where: { id }, select: checkSelect });
    if (!before) throw checkNotFound();
    if (before.status !== "possible_match")
      throw new ServiceError(409, "This check has no possible sanctions match to decide.");
    const cleared = input.decision === "not_a_match";
    const reason = riskRating({ sanctionsMatchCleared: true }).reasons[0]!;
    const row = await tx.dueDiligenceCheck.update({
      where: { id },
      data: {
        status: cleared ? "passed" : "failed",
        ...(cleared ? { riskRating: "enhanced", riskReasons: [...new Set([...before.riskReasons, reason])] } : {}),
        decisionNote: input.note,
        decidedById: actor.id,
        decidedAt: now,
      },
      select: checkSelect,
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: cleared ? "check.match_cleared" : "check.match_confirmed",
        entity: "DueDiligenceCheck",
        entityId: id,
        detail: { note: input.note },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return checkJson(row);
  });
}

/** Starts the online identity check for the person (Stripe Identity); returns where to send them. */
export async function startOnlineCheck({ user, id, returnUrl }: { user: SessionUser; id: number; returnUrl: string }) {
  const check = await myCheck(user, id);
  if (!onlineIdentityAvailable())
    throw new ServiceError(409, "The online identity check is not offered: upload your documents instead.");
  if (!OPEN.includes(check.status)) throw new ServiceError(409, "This check is already done.");
  const provider = identityProviderNamed("stripe_identity");
  const session = await provider.startSession({ checkId: id, email: check.email, returnUrl });
  await prisma.dueDiligenceCheck.update({
    where: { id },
    data: { provider: "stripe_identity", providerSessionId: session.sessionId },
  });
  return session;
}

/**
 * Reads the online check's result from its provider. A verified identity is screened at once; the check then
 * waits for a member of staff to record the risk (and for a buyer, the source of funds).
 */
export async function refreshOnlineCheck(id: number, now = new Date()) {
  const row = await prisma.dueDiligenceCheck.findUnique({
    where: { id },
    select: { ...checkSelect, providerSessionId: true },
  });
  if (!row) throw checkNotFound();
  if (row.provider !== "stripe_identity" || !row.providerSessionId || !OPEN.includes(row.status)) return checkJson(row);
  const outcome = await identityProviderNamed("stripe_identity").outcome(row.providerSessionId);
  if (!outcome || outcome.state === "open" || outcome.state === "processing") return checkJson(row);
  return prisma.$transaction(async (tx) => {
    const verified = outcome.state === "verified";
    const matches = verified ? await screen(tx, id, row.fullName, now) : [];
    const updated = await tx.dueDiligenceCheck.update({
      where: { id },
      data: {
        identityVerified: outcome.identityVerified,
        addressVerified: outcome.addressVerified,
        evidence: [
          row.evidence,
          outcome.summary,
          outcome.verifiedName ? `Name on the document: ${outcome.verifiedName}.` : "",
        ]
          .filter(Boolean)
          .join("\n"),
        status: matches.length ? "possible_match" : "in_review",
      },
      select: checkSelect,
    });
    await recordAudit(
      {
        actorId: null,
        action: "check.online_result",
        entity: "DueDiligenceCheck",
        entityId: id,
        detail: { state: outcome.state, matches: matches.length },
      },
      tx,
    );
    return checkJson(updated);
  });
}

/**
 * The business relationship has ended (the sale completed or fell through, the home was sold or deleted):
 * the five-year retention clock of these checks starts now. Later ends do not restart it.
 */
export async function endRelationship(tx: Tx, scope: { projectId?: number; offerId?: number }, now = new Date()) {
  await tx.dueDiligenceCheck.updateMany({
    where: {
      relationshipEndedAt: null,
      ...(scope.offerId ? { offerId: scope.offerId } : { projectId: scope.projectId }),
    },
    data: { relationshipEndedAt: now },
  });
}
