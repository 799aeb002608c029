// Who may act for the seller of a home: its owner (a vendor) or any admin, who acts for the agency.
// A vendor asking about someone else's home, or a missing one, gets the same 404, so ids reveal nothing;
// buyers get 403 from the role check before that.
import { prisma } from "../../lib/db.server";
import { ServiceError } from "../../lib/service-error";
import type { SessionUser } from "../auth/roles";
import { projectNotFound } from "./projects.server";

export type SellerHome = {
  id: number;
  address: string;
  price: number;
  status: "pending" | "completed" | "sold";
  saleStatus: "for_sale" | "under_offer" | "sold_stc";
  ownerId: number | null;
  vendorName: string;
  vendorEmail: string;
};

/** "seller" when the owner acts, "agency" when an admin acts for them (recorded on offers and in emails). */
export type SellerActor = { userId: number; by: "seller" | "agency"; ipAddress: string };

export async function findSellerHome(user: SessionUser, projectId: number | null): Promise<SellerHome> {
  if (user.role !== "vendor" && user.role !== "admin")
    throw new ServiceError(403, "This is for the home's seller and the agency only.");
  const home = projectId
    ? await prisma.project.findFirst({
        where: user.role === "admin" ? { id: projectId } : { id: projectId, ownerId: user.id },
        select: {
          id: true,
          address: true,
          price: true,
          status: true,
          saleStatus: true,
          ownerId: true,
          vendorName: true,
          vendorEmail: true,
        },
      })
    : null;
  if (!home) throw projectNotFound();
  return home;
}

export const sellerActor = (user: SessionUser, ipAddress: string): SellerActor => ({
  userId: user.id,
  by: user.role === "admin" ? "agency" : "seller",
  ipAddress,
});
