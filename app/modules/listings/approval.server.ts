// The seller's approval of their listing: the agency asks, the seller looks at the listing exactly as buyers
// will and approves it or asks for changes section by section, and a change after approval asks again.
// Whether it is approved is worked out from the listing's content now (its fingerprint, ./approval.ts), never
// from a flag a write path must remember to clear; `listingContentChanged` only tells the seller sooner.
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { formatDate } from "../../lib/format";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import type { SessionUser } from "../auth/roles";
import { agencyEmail, queueMail } from "../mail/mail.server";
import { approvalState, changedSections, fingerprintListing, type ListingContent } from "./approval";
import type { ListingReviewInput } from "./approval-schemas";
import { type ApprovalState, LISTING_SECTION_LABELS, type ListingSection } from "./approval-sections";
import { listingDetailSelect, toListingDetail } from "./listings.server";
import { extraInformation, materialInformation } from "./material-information";

type Db = Prisma.TransactionClient;

const mediaOrder = [{ position: "asc" }, { id: "asc" }] satisfies Prisma.ProjectImageOrderByWithRelationInput[];

const contentSelect = {
  ...listingDetailSelect,
  images: { select: { storageKey: true, altText: true }, orderBy: mediaOrder },
  floorPlans: { select: { storageKey: true }, orderBy: mediaOrder },
} satisfies Prisma.ProjectSelect;

const notFound = () => new ServiceError(404, "We couldn't find that property.");

async function readContent(db: Db, projectId: number): Promise<ListingContent | null> {
  return db.project.findUnique({ where: { id: projectId }, select: contentSelect });
}

/** The listing's fingerprint now, or null when there is no such project. */
export async function listingFingerprintNow(projectId: number, db: Db = prisma) {
  const content = await readContent(db, projectId);
  return content ? fingerprintListing(content) : null;
}

const latestReview = (db: Db, projectId: number) =>
  db.listingReview.findFirst({
    where: { projectId },
    orderBy: { id: "desc" },
    select: {
      id: true,
      decision: true,
      fingerprint: true,
      sections: true,
      createdAt: true,
      user: { select: { fullName: true } },
      changes: { select: { section: true, comment: true }, orderBy: { id: "asc" } },
    },
  });

/** True when the seller approved the listing and nothing buyers see has changed since: a listing gate. */
export async function listingApproved(projectId: number, db: Db = prisma): Promise<boolean> {
  const [now, latest] = await Promise.all([listingFingerprintNow(projectId, db), latestReview(db, projectId)]);
  return Boolean(now && latest?.decision === "approved" && latest.fingerprint === now.fingerprint);
}

export type ListingApproval = {
  projectId: number;
  state: ApprovalState;
  /** The listing's fingerprint now: the seller's decision names it. */
  fingerprint: string;
  requestedAt: string | null;
  /** Sections changed since the seller last approved (empty when they never did). */
  changedSinceApproval: ListingSection[];
  latest: {
    decision: "approved" | "changes_requested" | "voided";
    at: string;
    by: string | null;
    changes: { section: ListingSection; label: string; comment: string }[];
  } | null;
};

/** Where the approval of a project's listing stands. */
export async function getListingApproval(projectId: number, db: Db = prisma): Promise<ListingApproval> {
  const project = await db.project.findUnique({ where: { id: projectId }, select: { approvalRequestedAt: true } });
  const content = await readContent(db, projectId);
  if (!project || !content) throw notFound();
  const now = fingerprintListing(content);
  const latest = await latestReview(db, projectId);
  const lastApproval = await db.listingReview.findFirst({
    where: { projectId, decision: "approved" },
    orderBy: { id: "desc" },
    select: { sections: true },
  });
  return {
    projectId,
    state: approvalState(latest, now, project.approvalRequestedAt),
    fingerprint: now.fingerprint,
    requestedAt: project.approvalRequestedAt?.toISOString() ?? null,
    changedSinceApproval: lastApproval ? changedSections(lastApproval.sections, now) : [],
    latest: latest
      ? {
          decision: latest.decision,
          at: latest.createdAt.toISOString(),
          by: latest.user?.fullName ?? null,
          changes: latest.changes.map((change) => ({
            section: change.section as ListingSection,
            label: LISTING_SECTION_LABELS[change.section as ListingSection] ?? change.section,
            comment: change.comment,
          })),
        }
      : null,
  };
}

/** The listing as buyers will see it, drawn by the same component as the public page, whatever its status. */
export async function listingPreview(projectId: number) {
  const row = await prisma.project.findUnique({ where: { id: projectId }, select: listingDetailSelect });
  if (!row) throw notFound();
  return {
    listing: toListingDetail(row),
    extra: extraInformation(row),
    material: materialInformation(row),
  };
}

const approvalLink = (projectId: number) => `${getEnv().PUBLIC_URL}/view-a-property/${projectId}/approval`;

async function sellerOf(db: Db, projectId: number) {
  const project = await db.project.findUnique({
    where: { id: projectId },
    select: { id: true, address: true, vendorName: true, vendorEmail: true, owner: { select: { email: true } } },
  });
  if (!project) throw notFound();
  return { ...project, email: project.owner?.email ?? project.vendorEmail };
}

function approvalMail(
  seller: { id: number; address: string; vendorName: string; email: string },
  changed: ListingSection[] | null,
) {
  const lines = changed
    ? [
        `Dear ${seller.vendorName},`,
        "",
        `We have changed your listing for ${seller.address} since you approved it (${changed.map((s) => LISTING_SECTION_LABELS[s].toLowerCase()).join(", ")}).`,
        "Please look at it again exactly as buyers will see it, and approve it or tell us what to change:",
      ]
    : [
        `Dear ${seller.vendorName},`,
        "",
        `Your listing for ${seller.address} is ready. Before it goes live, please look at it exactly as buyers will see it (photos, description, material information and price), and approve it or tell us what to change:`,
      ];
  return {
    to: seller.email,
    subject: changed
      ? `Please approve your listing again: ${seller.address}`
      : `Please approve your listing: ${seller.address}`,
    text: [...lines, "", approvalLink(seller.id), "", "MoveWise"].join("\n"),
    replyTo: agencyEmail(),
  };
}

/** The agency asks the seller to approve the listing as it is now (emailed through the queue). */
export async function requestListingApproval({
  actor,
  projectId,
}: {
  actor: { id: number; ipAddress: string };
  projectId: number;
}) {
  return prisma.$transaction(async (tx) => {
    const seller = await sellerOf(tx, projectId);
    if (await listingApproved(projectId, tx))
      throw new ServiceError(409, "The seller has already approved the listing as it is now.");
    const now = new Date();
    await tx.project.update({ where: { id: projectId }, data: { approvalRequestedAt: now } });
    await queueMail(tx, [approvalMail(seller, null)]);
    await recordAudit(
      {
        actorId: actor.id,
        action: "listing.approval_requested",
        entity: "Project",
        entityId: projectId,
        detail: {},
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return getListingApproval(projectId, tx);
  });
}

/** The seller approves the listing they looked at, or asks for changes to some of its sections. */
export async function reviewListing({
  user,
  projectId,
  input,
  ipAddress,
}: {
  user: SessionUser;
  projectId: number;
  input: ListingReviewInput;
  ipAddress: string;
}) {
  if (user.role !== "vendor") throw new ServiceError(403, "Only the seller can approve their listing.");
  return prisma.$transaction(async (tx) => {
    const project = await tx.project.findFirst({
      where: { id: projectId, ownerId: user.id },
      select: { id: true, address: true, vendorName: true, approvalRequestedAt: true },
    });
    if (!project) throw new ServiceError(404, "We couldn't find that property in your account.");
    if (!project.approvalRequestedAt)
      throw new ServiceError(
        409,
        "We have not finished your listing yet: we will email you when it is ready to approve.",
      );
    // Rows of this project are changed one decision at a time (two tabs, two clicks).
    await tx.$executeRaw`SELECT 1 FROM "Project" WHERE "id" = ${projectId} FOR UPDATE`;
    const now = fingerprintListing((await readContent(tx, projectId))!);
    if (now.fingerprint !== input.fingerprint)
      throw new ServiceError(
        409,
        "The listing has changed since you opened it. Please look at it again before you decide.",
      );
    const changes = new Map<ListingSection, string>();
    if (input.decision === "request-changes")
      for (const change of input.changes)
        changes.set(change.section, [changes.get(change.section), change.comment].filter(Boolean).join("\n\n"));
    await tx.listingReview.create({
      data: {
        projectId,
        decision: input.decision === "approve" ? "approved" : "changes_requested",
        fingerprint: now.fingerprint,
        sections: now.sections,
        userId: user.id,
        changes: { create: [...changes].map(([section, comment]) => ({ section, comment })) },
      },
    });
    const wanted = [...changes].map(([section, comment]) => `${LISTING_SECTION_LABELS[section]}:\n${comment}`);
    await queueMail(tx, [
      {
        to: agencyEmail(),
        subject:
          input.decision === "approve"
            ? `Listing approved by the seller: ${project.address}`
            : `The seller asks for changes to the listing: ${project.address}`,
        text: [
          `${project.vendorName} ${input.decision === "approve" ? "approved" : "asked for changes to"} the listing for ${project.address} on ${formatDate(new Date())}.`,
          ...(wanted.length ? ["", ...wanted.flatMap((text) => [text, ""])] : [""]),
          `${getEnv().PUBLIC_URL}/admin-property-details/${projectId}`,
        ].join("\n"),
      },
    ]);
    await recordAudit(
      {
        actorId: user.id,
        action: input.decision === "approve" ? "listing.approved" : "listing.changes_requested",
        entity: "Project",
        entityId: projectId,
        detail: { fingerprint: now.fingerprint, sections: [...changes.keys()] },
        ipAddress,
      },
      tx,
    );
    return getListingApproval(projectId, tx);
  });
}

/**
 * Call after a write that may change what buyers see, in its transaction: when it changed a listing the seller
 * had approved, the approval is recorded as void and the seller is asked again, once. The approval would not
 * count anyway (`listingApproved` compares fingerprints); this tells the seller now.
 */
export async function listingContentChanged(tx: Db, projectId: number, actorId: number | null) {
  const latest = await latestReview(tx, projectId);
  if (latest?.decision !== "approved") return;
  const now = await listingFingerprintNow(projectId, tx);
  if (!now || now.fingerprint === latest.fingerprint) return;
  const changed = changedSections(latest.sections, now);
  await tx.listingReview.create({
    data: { projectId, decision: "voided", fingerprint: now.fingerprint, sections: now.sections, userId: actorId },
  });
  await queueMail(tx, [approvalMail(await sellerOf(tx, projectId), changed)]);
  await recordAudit(
    {
      actorId,
      action: "listing.approval_voided",
      entity: "Project",
      entityId: projectId,
      detail: { sections: changed },
      ipAddress: null,
    },
    tx,
  );
}
