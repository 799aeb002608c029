// Where a project stands and what its vendor may still do with it: pure rules shared by the pages,
// the API and the services.
import type { PaymentStatus, ProjectStatus } from "../../generated/prisma/enums";

/** A project is paid once any of its payments completed (spec §4). */
export const isPaid = (paymentStatuses: PaymentStatus[]) => paymentStatuses.includes("completed");

/**
 * Money that is taken, on its way, or given back belongs to the agency's records. A pending payment is only
 * an intent the payment page opened (no card has been tried), so, like failed or cancelled attempts, it goes
 * with the project.
 */
const PAYMENTS_THAT_BLOCK_DELETION: PaymentStatus[] = ["completed", "processing", "refunded"];
export const PAYMENTS_DELETED_WITH_PROJECT: PaymentStatus[] = ["pending", "failed", "cancelled"];

/**
 * Why the vendor may not delete this project online, or null when they may: once it is paid for, being
 * paid for, or on the market, the agency has work and money tied to it.
 */
export function deleteBlocker({
  status,
  paymentStatuses,
}: {
  status: ProjectStatus;
  paymentStatuses: PaymentStatus[];
}): string | null {
  const payments = paymentDeleteBlocker(paymentStatuses);
  if (payments) return `${payments} online.`;
  if (status !== "pending") return "This property is on the market, so it can't be deleted online.";
  return null;
}

/**
 * Why nobody, not even an admin, may delete the project: taken, pending or refunded money stays in the
 * agency's records. An admin may take a listed or sold property down.
 */
export function paymentDeleteBlocker(paymentStatuses: PaymentStatus[]): string | null {
  if (isPaid(paymentStatuses)) return "This property has been paid for, so it can't be deleted";
  if (paymentStatuses.some((s) => PAYMENTS_THAT_BLOCK_DELETION.includes(s)))
    return "A payment for this property is being processed, so it can't be deleted";
  return null;
}

/**
 * The admin's status changes (pending → completed → sold; docs/spec.md). Marking completed lists the property;
 * a sold property can be listed again when its sale falls through. Marking sold needs a listed property.
 */
export function statusChangeError(from: ProjectStatus, to: "completed" | "sold"): string | null {
  if (from === to)
    return to === "completed" ? "This property is already listed." : "This property is already marked as sold.";
  if (to === "sold" && from !== "completed")
    return "Only a listed property can be marked as sold: mark it as completed first.";
  return null;
}

export type ProgressStep = {
  key: "created" | "signed" | "paid" | "listed" | "sold";
  label: string;
  done: boolean;
  at: Date | null;
};

type ProgressFacts = {
  createdAt: Date;
  contractSignedAt: Date | null;
  paidAt: Date | null;
  listedAt: Date | null;
  soldAt: Date | null;
  status: ProjectStatus;
};

/** The vendor's journey, in order: created → contract signed → paid → listed → sold. */
export function projectProgress(p: ProgressFacts): ProgressStep[] {
  return [
    { key: "created", label: "Project created", done: true, at: p.createdAt },
    { key: "signed", label: "Contract signed", done: p.contractSignedAt !== null, at: p.contractSignedAt },
    { key: "paid", label: "Package paid", done: p.paidAt !== null, at: p.paidAt },
    { key: "listed", label: "Listed for sale", done: p.status !== "pending", at: p.listedAt },
    { key: "sold", label: "Sold", done: p.status === "sold", at: p.soldAt },
  ];
}
