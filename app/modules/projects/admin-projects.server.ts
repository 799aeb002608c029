// The admin back office's projects: the searchable list, one project in full, creating a project for a
// customer, updating its details, deleting it and listing or selling it. Pages and /api/v1/admin call
// these; every change is audited in the same transaction.
import { Prisma } from "../../generated/prisma/client";
import type { PaymentStatus, ProjectStatus } from "../../generated/prisma/enums";
import { prisma } from "../../lib/db.server";
import { type Page, type PageQuery, paginate } from "../../lib/pagination";
import { ServiceError } from "../../lib/service-error";
import { queueInstantAlerts } from "../alerts/instant.server";
import { recordAudit } from "../audit/audit.server";
import { endRelationship } from "../compliance/checks.server";
import { holdToGates, listingGates } from "../compliance/listing-gates.server";
import { listingContentChanged } from "../listings/approval.server";
import { materialInformationSelect } from "../listings/material-information";
import { recordPriceChange } from "../listings/price-history.server";
import { queuePortalSync } from "../portals/sync.server";
import { completeSaleMarkedSold } from "../sales/progression.server";
import { currentSale } from "../sales/sales.server";
import type { DashboardStats } from "./dashboard-stats";
import { deleteProject, projectData, resolveLocation, vendorProjectSelect, withPaymentFacts } from "./projects.server";
import { paymentDeleteBlocker, statusChangeError } from "./rules";
import type { AdminCreateProjectInput, AdminProjectDetailsInput } from "./schemas";

/** Who is acting, for the audit trail. */
export type AdminActor = { id: number; ipAddress: string };

export const adminProjectNotFound = () => new ServiceError(404, "We couldn't find that property.");

/** Why even an admin may not delete the project (money for it is in the agency's records), or null. */
export function adminDeleteBlocker(paymentStatuses: PaymentStatus[]) {
  const blocker = paymentDeleteBlocker(paymentStatuses);
  return blocker ? `${blocker}: its payments stay in the agency's records.` : null;
}

const adminListSelect = {
  id: true,
  status: true,
  address: true,
  postcode: true,
  price: true,
  propertyType: true,
  vendorName: true,
  vendorEmail: true,
  createdAt: true,
  payments: { select: { status: true } },
} satisfies Prisma.ProjectSelect;

/** The search box: part of the customer's name or email, the address or the postcode, any case. */
function adminSearch(query: string | undefined): Prisma.ProjectWhereInput {
  const q = query?.trim();
  if (!q) return {};
  const contains = { contains: q, mode: "insensitive" } as const;
  // "le16ej" finds "LE1 6EJ": postcodes are stored with their space.
  const postcode = /^[a-z0-9]{5,7}$/i.test(q)
    ? [{ postcode: { equals: `${q.slice(0, -3)} ${q.slice(-3)}`.toUpperCase() } }]
    : [];
  return {
    OR: [
      { vendorName: contains },
      { vendorEmail: contains },
      { address: contains },
      { postcode: contains },
      ...postcode,
    ],
  };
}

/** Every project, newest first, filtered by the search box, a page at a time; with whether it may be deleted. */
export async function listAdminProjects({ q, ...pageQuery }: PageQuery & { q?: string }) {
  const where = adminSearch(q);
  const page = await paginate(
    pageQuery,
    () => prisma.project.count({ where }),
    (window) =>
      prisma.project.findMany({
        where,
        select: adminListSelect,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
      }),
  );
  return {
    ...page,
    items: page.items.map(({ payments, ...row }) => ({
      ...row,
      deleteBlocker: adminDeleteBlocker(payments.map((p) => p.status)),
    })),
  } satisfies Page<unknown>;
}

export type AdminProjectRow = Awaited<ReturnType<typeof listAdminProjects>>["items"][number];

const adminProjectSelect = {
  ...vendorProjectSelect,
  ownerId: true,
  createdById: true,
  updatedAt: true,
  receptions: true,
  sendToPortals: true,
  personalInterest: true,
  ...materialInformationSelect,
} satisfies Prisma.ProjectSelect;

/** Any project in full, or null. */
export async function getAdminProject(id: number) {
  const project = await prisma.project.findUnique({ where: { id }, select: adminProjectSelect });
  return project ? withPaymentFacts(project) : null;
}

export type AdminProject = NonNullable<Awaited<ReturnType<typeof getAdminProject>>>;

/**
 * A project the agency creates for a customer. When the email is that of a vendor account whose owner has
 * confirmed the address, the project is theirs at once; otherwise it has no owner, and the email says whose
 * it is: the account gets it when that address is confirmed (confirmAddress). An unconfirmed address
 * proves nothing (anyone can sign up with anyone's), so the project must not go to that account.
 */
export async function createAdminProject({ actor, input }: { actor: AdminActor; input: AdminCreateProjectInput }) {
  const location = await resolveLocation(input);
  const id = await prisma.$transaction(async (tx) => {
    const vendor = await tx.user.findFirst({
      where: { email: input.vendor_email, role: "vendor", emailVerifiedAt: { not: null }, closedAt: null },
      select: { id: true, phoneNumber: true },
    });
    const project = await tx.project.create({
      data: {
        ...projectData(input, location),
        ownerId: vendor?.id ?? null,
        createdById: actor.id,
        vendorName: input.vendor_name,
        vendorEmail: input.vendor_email,
        vendorPhone: vendor?.phoneNumber || null,
      },
      select: { id: true },
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "project.create",
        entity: "Project",
        entityId: project.id,
        detail: { address: input.address, vendorEmail: input.vendor_email, ownerId: vendor?.id ?? null },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return project.id;
  });
  return { id, notes: location.notes };
}

/** The columns 'Add Details' sets beyond the project body; what is left empty is cleared ('Ask agent'). */
function detailsData(input: AdminProjectDetailsInput) {
  return {
    ...(input.vendor_name ? { vendorName: input.vendor_name } : {}),
    virtualTourUrl: input.virtual_tour_url ?? null,
    epcRating: input.epc_rating ?? null,
    epcPotential: input.epc_potential ?? null,
    receptions: input.receptions ?? null,
    leaseYearsRemaining: input.lease_years_remaining ?? null,
    groundRentPerYear: input.ground_rent_per_year ?? null,
    serviceChargePerYear: input.service_charge_per_year ?? null,
    localAuthority: input.local_authority ?? null,
    construction: input.construction ?? null,
    heating: input.heating ?? null,
    electricity: input.electricity ?? null,
    water: input.water ?? null,
    sewerage: input.sewerage ?? null,
    broadband: input.broadband ?? null,
    mobileCoverage: input.mobile_coverage ?? null,
    parkingDetails: input.parking_details ?? null,
    floodRisk: input.flood_risk ?? null,
    restrictions: input.restrictions ?? null,
    rightsAndEasements: input.rights_and_easements ?? null,
    buildingSafety: input.building_safety ?? null,
    coalfieldOrMining: input.coalfield_or_mining ?? null,
    personalInterest: input.personal_interest ?? null,
  } satisfies Prisma.ProjectUpdateInput;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Why an edit goes to the portals, as their history shows it. */
function portalReason(
  before: { price: number; sendToPortals?: unknown },
  after: { price: number; sendToPortals?: boolean },
) {
  if (after.sendToPortals !== undefined && after.sendToPortals !== before.sendToPortals)
    return after.sendToPortals ? "sent to portals" : "taken off portals";
  return before.price !== after.price ? "price change" : "details";
}

/** Replaces the project's details (the whole body, as PUT does); the audit records which columns changed. */
export async function updateAdminProject({
  actor,
  id,
  input,
}: {
  actor: AdminActor;
  id: number;
  input: AdminProjectDetailsInput;
}) {
  const location = await resolveLocation(input);
  const data = {
    ...projectData(input, location),
    ...detailsData(input),
    // 'Send to portals' is optional in the body: left out, it stays as it is.
    ...(input.send_to_portals === undefined ? {} : { sendToPortals: input.send_to_portals }),
  };
  await prisma.$transaction(async (tx) => {
    const before = await tx.project.findUnique({
      where: { id },
      select: { ...Object.fromEntries(Object.keys(data).map((key) => [key, true])), status: true, price: true },
    });
    if (!before) throw adminProjectNotFound();
    // When the declaration was made or changed: what the agency can show it told buyers, and from when.
    const declared =
      ((before as { personalInterest?: string | null }).personalInterest ?? null) !== data.personalInterest
        ? { personalInterestRecordedAt: data.personalInterest ? new Date() : null }
        : {};
    await tx.project.update({ where: { id }, data: { ...data, ...declared } });
    if (before.status === "completed")
      await recordPriceChange(tx, { projectId: id, from: before.price, to: data.price, at: new Date() });
    // What a listed (or sold) home shows on the portals may have changed; the job sends only what differs.
    if (before.status === "completed" || before.status === "sold")
      await queuePortalSync(tx, { projectId: id, reason: portalReason(before, data) });
    const changed = Object.keys(data).filter(
      (key) => !same(before[key as keyof typeof before], data[key as keyof typeof data]),
    );
    await listingContentChanged(tx, id, actor.id);
    await recordAudit(
      {
        actorId: actor.id,
        action: "project.update",
        entity: "Project",
        entityId: id,
        detail: { changed },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
  });
  return { notes: location.notes };
}

/** Deletes any project an admin chooses, unless money for it is in the agency's records. */
export async function deleteAdminProject({ actor, id }: { actor: AdminActor; id: number }) {
  await deleteProject({
    where: { id },
    actorId: actor.id,
    ipAddress: actor.ipAddress,
    notFound: adminProjectNotFound,
    refusal: ({ paymentStatuses }) => adminDeleteBlocker(paymentStatuses),
  });
}

/**
 * 'Mark as Completed' lists the property (public from then on); 'Mark as Sold' keeps it public as sold.
 * The change only applies if the status is still the one checked, so two admins cannot both apply it.
 */
export const LISTING_REFUSED = "This home cannot be listed yet";

export async function changeProjectStatus({
  actor,
  id,
  to,
}: {
  actor: AdminActor;
  id: number;
  to: "completed" | "sold";
}) {
  return prisma.$transaction(async (tx) => {
    const project = await tx.project.findUnique({ where: { id }, select: { status: true } });
    if (!project) throw adminProjectNotFound();
    const refused = statusChangeError(project.status, to);
    if (refused) throw new ServiceError(409, refused);
    // Listing waits for the compliance gates (enforced), or goes ahead with the override recorded (warned).
    const unmetGates =
      to === "completed"
        ? await holdToGates(tx, (await listingGates(id, actor.id, tx))!, LISTING_REFUSED, {
            actor,
            entity: "Project",
            entityId: id,
          })
        : [];
    const now = new Date();
    const { count } = await tx.project.updateMany({
      where: { id, status: project.status },
      data:
        to === "completed"
          ? // Back on the market from sold: For sale, whatever the last sale reached.
            {
              status: to,
              listedAt: now,
              soldAt: null,
              previousPrice: null,
              priceChangedAt: null,
              saleStatus: "for_sale",
            }
          : { status: to, soldAt: now },
    });
    if (count === 0)
      throw new ServiceError(409, "Someone else has just changed this property's status. Please reload it.");
    if (to === "sold") await endRelationship(tx, { projectId: id }, now);
    // Sold while a sale is in progress: that sale has completed.
    const sale = to === "sold" ? await currentSale(tx, id) : null;
    if (sale)
      await completeSaleMarkedSold(tx, {
        saleId: sale.id,
        projectId: id,
        actor: { userId: actor.id, ipAddress: actor.ipAddress },
        now,
      });
    // A newly listed home is news for the saved searches it matches.
    if (to === "completed") await queueInstantAlerts(tx, now);
    await queuePortalSync(tx, { projectId: id, reason: to === "completed" ? "listed" : "sold" }, now);
    await recordAudit(
      {
        actorId: actor.id,
        action: `project.mark_${to}`,
        entity: "Project",
        entityId: id,
        detail: { from: project.status, to },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return { unmetGates };
  });
}

export const REQUEST_WEEKS = 8;

/** Monday 00:00 UTC of the week `date` falls in (PostgreSQL's date_trunc('week') does the same). */
export function weekStart(date: Date) {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day;
}

type WeekCount = { week: Date; count: number };

/** The dashboard chart: projects by status, and viewing and valuation requests in each of the last weeks. */
export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  const weeks = Array.from({ length: REQUEST_WEEKS }, (_, i) => {
    const week = weekStart(now);
    week.setUTCDate(week.getUTCDate() - 7 * (REQUEST_WEEKS - 1 - i));
    return week;
  });
  const since = weeks[0]!;
  const [byStatus, viewings, valuations] = await Promise.all([
    prisma.project.groupBy({ by: ["status"], _count: { _all: true } }),
    prisma.$queryRaw<WeekCount[]>(Prisma.sql`
      SELECT date_trunc('week', "createdAt") AS week, count(*)::int AS count FROM "ViewingRequest" WHERE "createdAt" >= ${since} GROUP BY 1`),
    prisma.$queryRaw<WeekCount[]>(Prisma.sql`
      SELECT date_trunc('week', "createdAt") AS week, count(*)::int AS count FROM "ValuationRequest" WHERE "createdAt" >= ${since} GROUP BY 1`),
  ]);
  const countIn = (rows: WeekCount[], week: Date) =>
    rows.find((row) => new Date(row.week).getTime() === week.getTime())?.count ?? 0;
  const statuses: ProjectStatus[] = ["pending", "completed", "sold"];
  return {
    projects: statuses.map((status) => ({
      status,
      count: byStatus.find((row) => row.status === status)?._count._all ?? 0,
    })),
    requests: weeks.map((week) => ({ week, viewings: countIn(viewings, week), valuations: countIn(valuations, week) })),
  };
}
