import { prisma } from "../../lib/db.server";

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

/** A vendor's own projects, newest first. */
export function listVendorProjects(ownerId: number) {
  return prisma.project.findMany({ where: { ownerId }, select: listSelect, orderBy: { createdAt: "desc" } });
}

export type ProjectRow = Awaited<ReturnType<typeof listAllProjects>>[number];
