// Saved homes (the shortlist): any signed-in account keeps the public homes it likes, with the price, status
// and address they had when saved, so that the list can say what changed since (./changes.ts). A home that
// is deleted keeps its row (projectId null, the address kept) and shows as withdrawn.
// The site's save buttons, /saved-homes and /api/v1/shortlist all call these services.
import { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { parseId } from "../../lib/ids";
import { ServiceError } from "../../lib/service-error";
import { PUBLIC_STATUSES, publicListingWhere } from "../listings/listings.server";
import { listingSummarySelect, toListingSummary } from "../listings/summary.server";
import { publicSaleStatus } from "../sales/sale-status";
import { changesSinceSaving, saleStageAt, type SavedHomeView } from "./changes";
import { NOT_A_PUBLIC_HOME, NOT_SAVED } from "./schemas";

/** How many homes one account may keep saved. */
export const SAVED_HOMES_LIMIT = 500;

const notPublic = () => new ServiceError(404, NOT_A_PUBLIC_HOME);

/**
 * Saves a public (listed or sold) home for `userId`. Saving it again changes nothing: `created` tells which.
 * Anything else (a pending project, an unknown id) is a 404, as if it did not exist.
 */
export async function saveHome(userId: number, propertyId: unknown) {
  const projectId = parseId(propertyId);
  if (projectId === null) throw notPublic();
  const home = await prisma.project.findFirst({
    where: { id: projectId, ...publicListingWhere },
    select: { id: true, price: true, status: true, address: true },
  });
  if (!home) throw notPublic();
  const existing = await prisma.savedHome.findUnique({ where: { userId_projectId: { userId, projectId } } });
  if (existing) return { created: false, projectId };
  if ((await prisma.savedHome.count({ where: { userId } })) >= SAVED_HOMES_LIMIT)
    throw new ServiceError(
      409,
      `You have saved ${SAVED_HOMES_LIMIT} homes, the most you can keep: remove some you no longer need first.`,
    );
  try {
    await prisma.savedHome.create({
      data: {
        userId,
        projectId,
        priceAtSave: home.price,
        statusAtSave: home.status,
        addressAtSave: home.address,
      },
    });
  } catch (error) {
    // The same home saved twice at the same moment (two tabs): the unique index keeps one, and both succeed.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      return { created: false, projectId };
    throw error;
  }
  return { created: true, projectId };
}

/** Takes a home off `userId`'s saved homes, by the home's id (a 404 when it is not saved). */
export async function removeSavedHome(userId: number, propertyId: unknown) {
  const projectId = parseId(propertyId);
  const { count } =
    projectId === null ? { count: 0 } : await prisma.savedHome.deleteMany({ where: { userId, projectId } });
  if (count === 0) throw new ServiceError(404, NOT_SAVED);
}

/** Takes an entry off `userId`'s saved homes by its own id: the way to remove a home that has been deleted. */
export async function removeSavedEntry(userId: number, savedHomeId: unknown) {
  const id = parseId(savedHomeId);
  const { count } = id === null ? { count: 0 } : await prisma.savedHome.deleteMany({ where: { id, userId } });
  if (count === 0) throw new ServiceError(404, NOT_SAVED);
}

/** Which of `projectIds` `userId` has saved: what the save buttons on a page of cards show. */
export async function savedAmong(userId: number, projectIds: number[]): Promise<Set<number>> {
  if (projectIds.length === 0) return new Set();
  const rows = await prisma.savedHome.findMany({
    where: { userId, projectId: { in: projectIds } },
    select: { projectId: true },
  });
  return new Set(rows.map((row) => row.projectId!));
}

const isPublic = (status: string) => (PUBLIC_STATUSES as readonly string[]).includes(status);

/** `userId`'s saved homes, newest first, each with the home as it is now and what changed since saving. */
export async function listSavedHomes(userId: number, only?: { projectId: number }): Promise<SavedHomeView[]> {
  const rows = await prisma.savedHome.findMany({
    where: { userId, ...only },
    orderBy: [{ savedAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      projectId: true,
      savedAt: true,
      priceAtSave: true,
      statusAtSave: true,
      addressAtSave: true,
      project: {
        select: {
          ...listingSummarySelect,
          sales: {
            select: { createdAt: true, memorandumIssuedAt: true, endedAt: true, state: true },
            orderBy: { createdAt: "desc" },
          },
        },
      },
    },
  });
  return rows.map((row) => {
    const project = row.project && isPublic(row.project.status) ? row.project : null;
    return {
      id: row.id,
      projectId: row.projectId,
      savedAt: row.savedAt.toISOString(),
      priceAtSave: row.priceAtSave,
      address: project?.address ?? row.addressAtSave,
      listing: project ? toListingSummary(project) : null,
      changes: changesSinceSaving(
        row,
        row.project
          ? {
              price: row.project.price,
              status: row.project.status,
              public: project !== null,
              saleStatus: publicSaleStatus(row.project),
              saleAtSave: saleStageAt(row.project.sales, row.savedAt),
              fellThroughSinceSaving: row.project.sales.some(
                (sale) => sale.state === "fallen_through" && sale.endedAt !== null && sale.endedAt > row.savedAt,
              ),
            }
          : null,
      ),
    };
  });
}

/** One saved home of `userId`, by the home's id (after saving it). */
export async function findSavedHome(userId: number, projectId: number) {
  const [home] = await listSavedHomes(userId, { projectId });
  if (!home) throw new ServiceError(404, NOT_SAVED);
  return home;
}

/** A saved home as the API answers it. */
export const toSavedHomeJson = (home: SavedHomeView) => ({
  propertyId: home.projectId,
  address: home.address,
  savedAt: home.savedAt,
  priceAtSave: home.priceAtSave,
  price: home.listing?.price ?? null,
  status: home.listing?.status ?? ("withdrawn" as const),
  changes: home.changes,
});

/** The ids among `projectIds` that the viewer saved (none signed out, without asking the database). */
export async function savedIdsFor(viewer: { id: number } | null, projectIds: number[]): Promise<number[]> {
  return viewer ? [...(await savedAmong(viewer.id, projectIds))] : [];
}

/** How many homes `userId` saved, the (up to) five latest with changes since saving, and the three latest saved. */
export async function savedHomesOverview(userId: number) {
  const homes = await listSavedHomes(userId);
  return {
    count: homes.length,
    changed: homes.filter((home) => home.changes.length > 0).slice(0, 5),
    latest: homes.slice(0, 3),
  };
}
