// Property projects: creating them from the project body, the dashboards' lists, a vendor's own project
// and its deletion. Pages and /api/v1 call these, so both enforce the same ownership rules.
import { Prisma } from "../../generated/prisma/client";
import type { PaymentStatus, ProjectStatus } from "../../generated/prisma/enums";
import { prisma } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { endRelationship } from "../compliance/checks.server";
import { geocodePostcode } from "../geo/geocode.server";
import { deleteMedia } from "../media/variants.server";
import { removeProof } from "../offers/proof.server";
import { queuePortalSync } from "../portals/sync.server";
import { deleteBlocker, isPaid, PAYMENTS_DELETED_WITH_PROJECT } from "./rules";
import { councilTaxBand, type ProjectInput } from "./schemas";

export const projectNotFound = () => new ServiceError(404, "We couldn't find that property in your account.");

const listSelect = {
  id: true,
  status: true,
  address: true,
  price: true,
  propertyType: true,
  vendorName: true,
  createdAt: true,
} as const;

/** Every project, newest first: the admin dashboard. */
export function listAllProjects() {
  return prisma.project.findMany({ select: listSelect, orderBy: { createdAt: "desc" } });
}

export type ProjectRow = Awaited<ReturnType<typeof listAllProjects>>[number];

/** Matches the dashboard's search box: part of the address, postcode or property type, any case. */
function matching(query: string | undefined): Prisma.ProjectWhereInput {
  const q = query?.trim();
  if (!q) return {};
  const contains = { contains: q, mode: "insensitive" } as const;
  return { OR: [{ address: contains }, { postcode: contains }, { propertyType: contains }] };
}

/** A vendor's own projects, newest first, optionally filtered by the search box; with what the row may offer. */
export async function listVendorProjects(ownerId: number, { q }: { q?: string } = {}) {
  const rows = await prisma.project.findMany({
    where: { ownerId, ...matching(q) },
    select: { ...listSelect, contractSignedAt: true, payments: { select: { status: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(({ payments, ...row }) => {
    const paymentStatuses = payments.map((p) => p.status);
    return {
      ...row,
      paid: isPaid(paymentStatuses),
      deleteBlocker: deleteBlocker({ status: row.status, paymentStatuses }),
    };
  });
}

export type ProjectLocation = {
  postcode: string;
  outcode: string;
  latitude: number | null;
  longitude: number | null;
  notes: string[];
};

/**
 * Where the project is: the map location when one was picked, otherwise the postcode's coordinates. An
 * unknown postcode is kept as typed (the district still drives "this area only" search) with a note.
 */
export async function resolveLocation(
  input: Pick<ProjectInput, "postcode" | "map_location">,
): Promise<ProjectLocation> {
  const found = await geocodePostcode(input.postcode);
  const point = input.map_location ?? found;
  const notes = found
    ? []
    : [
        `We couldn't find the postcode ${input.postcode}, so we saved it as typed${point ? "" : " and the property has no map location yet"}. Our team will check it.`,
      ];
  return {
    postcode: found?.postcode ?? input.postcode,
    outcode: found?.outcode ?? input.postcode.split(" ")[0]!,
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    notes,
  };
}

/** The columns a project body sets (for create and, later, admin updates). */
export function projectData(input: ProjectInput, location: ProjectLocation) {
  return {
    address: input.address,
    postcode: location.postcode,
    outcode: location.outcode,
    latitude: location.latitude,
    longitude: location.longitude,
    bookingDate: input.booking_date ? new Date(`${input.booking_date}T00:00:00Z`) : null,
    price: input.price,
    propertyType: input.property_type,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    sizeSqft: input.size_sqft ?? null,
    ...(input.tenure ? { tenure: input.tenure } : {}),
    keyFeatures: input.key_features,
    councilTax: input.council_tax ?? null,
    councilTaxBand: councilTaxBand(input.council_tax),
    parking: input.parking,
    garden: input.garden,
    accessibility: input.accessibility,
    description: input.description,
  } satisfies Prisma.ProjectUncheckedCreateInput;
}

export type ProjectOwner = { id: number; fullName: string; email: string; phoneNumber: string };

/** A vendor's new project: theirs, in their name and email (from the account), pending until an admin lists it. */
export async function createProject({ owner, input }: { owner: ProjectOwner; input: ProjectInput }) {
  const location = await resolveLocation(input);
  const project = await prisma.project.create({
    data: {
      ...projectData(input, location),
      ownerId: owner.id,
      createdById: owner.id,
      vendorName: owner.fullName,
      vendorEmail: owner.email,
      vendorPhone: owner.phoneNumber || null,
    },
    select: { id: true },
  });
  return { id: project.id, notes: location.notes };
}

export const vendorProjectSelect = {
  id: true,
  status: true,
  address: true,
  postcode: true,
  latitude: true,
  longitude: true,
  price: true,
  propertyType: true,
  bedrooms: true,
  bathrooms: true,
  sizeSqft: true,
  tenure: true,
  keyFeatures: true,
  description: true,
  parking: true,
  garden: true,
  accessibility: true,
  councilTax: true,
  virtualTourUrl: true,
  vendorName: true,
  vendorEmail: true,
  bookingDate: true,
  createdAt: true,
  listedAt: true,
  soldAt: true,
  contractSignedAt: true,
  contractSignerName: true,
  images: { select: { id: true, storageKey: true, altText: true }, orderBy: { position: "asc" } },
  floorPlans: { select: { id: true, storageKey: true }, orderBy: { position: "asc" } },
  documents: { select: { id: true, name: true, storageKey: true, type: true }, orderBy: { createdAt: "asc" } },
  virtualTours: { select: { url: true }, orderBy: { createdAt: "asc" } },
  payments: { select: { status: true, updatedAt: true } },
} satisfies Prisma.ProjectSelect;

type WithPayments = { status: ProjectStatus; payments: { status: PaymentStatus; updatedAt: Date }[] };

export function withPaymentFacts<P extends WithPayments>(project: P) {
  const paymentStatuses = project.payments.map((p) => p.status);
  const completed = project.payments
    .filter((p) => p.status === "completed")
    .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
  return {
    ...project,
    paid: isPaid(paymentStatuses),
    paidAt: completed[0]?.updatedAt ?? null,
    deleteBlocker: deleteBlocker({ status: project.status, paymentStatuses }),
  };
}

/** One of the vendor's own projects, or null: another vendor's id looks exactly like one that does not exist. */
export async function getVendorProject(ownerId: number, id: number) {
  const project = await prisma.project.findFirst({ where: { id, ownerId }, select: vendorProjectSelect });
  return project ? withPaymentFacts(project) : null;
}

export type VendorProject = NonNullable<Awaited<ReturnType<typeof getVendorProject>>>;

/** The vendor's own projects in full, newest first (the JSON API's list). */
export async function listVendorProjectDetails(ownerId: number) {
  const projects = await prisma.project.findMany({
    where: { ownerId },
    select: vendorProjectSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return projects.map(withPaymentFacts);
}

/**
 * Deletes the vendor's own project while nothing ties the agency to it (see deleteBlocker). Failed or
 * cancelled card attempts go with it.
 */
export async function deleteVendorProject(ownerId: number, id: number, { ipAddress }: { ipAddress: string }) {
  await deleteProject({
    where: { id, ownerId },
    actorId: ownerId,
    ipAddress,
    refusal: (project) => {
      const blocker = deleteBlocker(project);
      return blocker ? `${blocker} Please contact the agency if you want to withdraw it.` : null;
    },
  });
}

/**
 * Deletes the project `where` finds (404 otherwise) unless `refusal` gives a reason not to (409). The check
 * and the delete share a transaction, and a payment that completes in between still blocks the delete
 * through its foreign key.
 */
export async function deleteProject({
  where,
  actorId,
  ipAddress,
  refusal,
  notFound = projectNotFound,
}: {
  where: Prisma.ProjectWhereInput & { id: number };
  notFound?: () => ServiceError;
  actorId: number;
  ipAddress: string;
  refusal: (project: { status: ProjectStatus; paymentStatuses: PaymentStatus[] }) => string | null;
}) {
  const { media, proofs } = await prisma
    .$transaction(async (tx) => {
      const project = await tx.project.findFirst({
        where,
        select: {
          status: true,
          address: true,
          payments: { select: { status: true } },
          images: { select: { storageKey: true } },
          floorPlans: { select: { storageKey: true } },
          documents: { select: { storageKey: true } },
          offers: { where: { proofKey: { not: null } }, select: { proofKey: true } },
        },
      });
      if (!project) throw notFound();
      const refused = refusal({ status: project.status, paymentStatuses: project.payments.map((p) => p.status) });
      if (refused) throw new ServiceError(409, refused);
      await tx.payment.deleteMany({ where: { projectId: where.id, status: { in: PAYMENTS_DELETED_WITH_PROJECT } } });
      // The checks stay (five years from now, MLR 2017 reg. 40): the home's address is kept on each.
      await endRelationship(tx, { projectId: where.id });
      await tx.project.delete({ where: { id: where.id } });
      // The portals take it down (the job finds the home gone and removes whatever a portal still shows).
      await queuePortalSync(tx, { projectId: where.id, reason: "withdrawn" });
      await recordAudit(
        {
          actorId,
          action: "project.delete",
          entity: "Project",
          entityId: where.id,
          detail: { address: project.address, status: project.status },
          ipAddress,
        },
        tx,
      );
      return {
        media: [...project.images, ...project.floorPlans, ...project.documents].map((file) => file.storageKey),
        // The buyers' proofs of funds go with the offers the delete removes.
        proofs: project.offers.map((offer) => offer.proofKey!),
      };
    })
    .catch((error: unknown) => {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") {
        throw new ServiceError(
          409,
          "A payment for this property has just been recorded, so it can't be deleted online. Please contact the agency.",
        );
      }
      throw error;
    });
  // Files go after the rows: a failure here leaves an orphan file, never a row pointing at nothing.
  const removed = await Promise.allSettled([...media.map(deleteMedia), ...proofs.map(removeProof)]);
  for (const result of removed)
    if (result.status === "rejected") logger.warn({ err: result.reason }, "could not remove a deleted project's file");
}
