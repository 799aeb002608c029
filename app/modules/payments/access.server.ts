// Who may see a booking's payment page and pay for it: its owner, an admin, or anyone holding the
// signed payment link. Everyone else gets the same 404 as for an id that does not exist, so the page
// never shows a name, address or email for a guessed id.
import { prisma } from "../../lib/db.server";
import { parseId } from "../../lib/ids";
import { ServiceError } from "../../lib/service-error";
import type { SessionUser } from "../auth/roles";
import { isValidPaymentLinkToken } from "./payment-link.server";

export const BOOKING_NOT_FOUND = "Booking not found.";
export const STAFF_DO_NOT_PAY = "Admins can't pay for a vendor: send them the payment link instead.";

const payableSelect = {
  id: true,
  address: true,
  vendorName: true,
  vendorEmail: true,
  ownerId: true,
  contractSignedAt: true,
  paymentLinkVersion: true,
  owner: { select: { email: true } },
} as const;

export type PayableProject = {
  id: number;
  address: string;
  vendorName: string;
  vendorEmail: string;
  ownerId: number | null;
  contractSignedAt: Date | null;
  paymentLinkVersion: number;
  owner: { email: string } | null;
};

/** Who is asking: the signed-in user, and the payment-link token they hold, if any. */
export type PaymentViewer = { user: SessionUser | null; token?: string | null };

/** `db` is a transaction when the caller is in one. */
export const payableProject = (id: number, db: Pick<typeof prisma, "project"> = prisma): Promise<PayableProject> =>
  db.project.findUniqueOrThrow({ where: { id }, select: payableSelect });

const mayAccess = (project: PayableProject, { user, token }: PaymentViewer) =>
  user?.role === "admin" || (user !== null && project.ownerId === user.id) || isValidPaymentLinkToken(project, token);

/** The booking's project if the viewer may see and pay for it; otherwise a 404 ServiceError. */
export async function findProjectForPayment(bookingId: unknown, viewer: PaymentViewer): Promise<PayableProject> {
  const id = parseId(bookingId);
  const project = id === null ? null : await prisma.project.findUnique({ where: { id }, select: payableSelect });
  if (!project || !mayAccess(project, viewer)) throw new ServiceError(404, BOOKING_NOT_FOUND);
  return project;
}

/** Staff never type in a customer's card: that would be a telephone order, outside this online checkout. */
export function ensureMayPay(user: SessionUser | null) {
  if (user?.role === "admin") throw new ServiceError(403, STAFF_DO_NOT_PAY);
}

/** Where the receipt goes: the email on the booking, or its owner's account email. */
export const payerEmail = (project: PayableProject) => project.vendorEmail || project.owner?.email || null;
