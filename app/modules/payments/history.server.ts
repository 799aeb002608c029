// Payment history: GET /api/v1/stripe/payment-history (a vendor's own, or every payment for an admin),
// per booking, and the admin payments page.
import type { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { ServiceError } from "../../lib/service-error";
import type { SessionUser } from "../auth/roles";
import { formatReceiptNumber } from "./format";
import { paymentSelect } from "./ledger.server";
import { paymentLink } from "./payment-link.server";

const historySelect = { ...paymentSelect, project: { select: { address: true, vendorName: true } } } as const;

type HistoryRow = Prisma.PaymentGetPayload<{ select: typeof historySelect }>;

type StatusFields = Pick<
  HistoryRow,
  | "projectId"
  | "providerPaymentId"
  | "status"
  | "amountPence"
  | "currency"
  | "cardBrand"
  | "cardLast4"
  | "receiptNumber"
>;

/** Where a payment stands, as the API says it: amounts in pounds (as the spec's client sends them) and in pence. */
export const toApiPaymentStatus = (row: StatusFields) => ({
  bookingId: row.projectId,
  paymentIntentId: row.providerPaymentId,
  status: row.status,
  amount: row.amountPence / 100,
  amountPence: row.amountPence,
  currency: row.currency,
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
  receiptNumber: row.receiptNumber ? formatReceiptNumber(row.receiptNumber) : null,
});

/** One payment in a history. */
export const toApiPayment = (row: HistoryRow) => ({
  id: row.id,
  ...toApiPaymentStatus(row),
  address: row.project.address,
  provider: row.provider,
  chargeId: row.chargeId,
  failureMessage: row.failureMessage,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  refundedAt: row.refundedAt?.toISOString() ?? null,
});

const newestFirst = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.PaymentOrderByWithRelationInput[];

/** Every payment for an admin; a vendor's own projects' payments. Buyers sell nothing, so pay for nothing: 403. */
export async function paymentHistory(user: SessionUser) {
  if (user.role === "buyer") throw new ServiceError(403, "This endpoint is for vendors and admins only.");
  const where: Prisma.PaymentWhereInput = user.role === "admin" ? {} : { project: { ownerId: user.id } };
  return (await prisma.payment.findMany({ where, select: historySelect, orderBy: newestFirst, take: 500 })).map(
    toApiPayment,
  );
}

export async function projectPaymentHistory(projectId: number) {
  return (await prisma.payment.findMany({ where: { projectId }, select: historySelect, orderBy: newestFirst })).map(
    toApiPayment,
  );
}

/**
 * The admin payments page: every payment that got further than an opened form, the totals, and the
 * pending projects nobody has paid for yet, with the link to send their vendor.
 */
export async function adminPaymentsOverview() {
  const [payments, received, refunded, awaiting] = await Promise.all([
    prisma.payment.findMany({
      where: { status: { not: "pending" } },
      select: historySelect,
      orderBy: newestFirst,
      take: 500,
    }),
    prisma.payment.aggregate({ where: { status: "completed" }, _sum: { amountPence: true }, _count: true }),
    prisma.payment.aggregate({ where: { status: "refunded" }, _sum: { amountPence: true }, _count: true }),
    prisma.project.findMany({
      where: { status: "pending", payments: { none: { status: "completed" } } },
      select: {
        id: true,
        address: true,
        vendorName: true,
        contractSignedAt: true,
        createdAt: true,
        paymentLinkVersion: true,
      },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  return {
    payments: payments.map((row) => ({ ...toApiPayment(row), vendorName: row.project.vendorName })),
    totals: {
      receivedPence: received._sum.amountPence ?? 0,
      completedCount: received._count,
      refundedPence: refunded._sum.amountPence ?? 0,
      refundedCount: refunded._count,
    },
    awaiting: awaiting.map((project) => ({
      id: project.id,
      address: project.address,
      vendorName: project.vendorName,
      contractSigned: Boolean(project.contractSignedAt),
      createdAt: project.createdAt.toISOString(),
      paymentLink: paymentLink(project),
    })),
  };
}
