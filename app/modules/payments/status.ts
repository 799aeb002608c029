// Payment statuses (spec §3): what each means, how it looks, and which changes are allowed. Shared by
// the service that records payments and the pages that show them.
import type { PaymentStatus } from "../../generated/prisma/enums";

export type { PaymentStatus };

/** Labels and badge colours (text on a tinted background, WCAG AA). */
export const PAYMENT_STATUS_STYLES: Record<PaymentStatus, { label: string; className: string }> = {
  completed: { label: "Completed", className: "bg-emerald-100 text-emerald-900" },
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900" },
  processing: { label: "Processing", className: "bg-sky-100 text-sky-900" },
  failed: { label: "Failed", className: "bg-red-100 text-red-900" },
  cancelled: { label: "Cancelled", className: "bg-slate-200 text-slate-900" },
  refunded: { label: "Refunded", className: "bg-violet-100 text-violet-900" },
};

/** Pending and processing are in progress: an intent in one of them is reused rather than replaced. */
export const isOpen = (status: PaymentStatus) => status === "pending" || status === "processing";

/**
 * The changes a provider's report may make. Events can arrive late, twice or out of order, so a
 * report that would move a payment backwards (a completed one to failed, a refunded one to completed)
 * is ignored. A failed intent may still succeed: Stripe lets the customer retry the same intent.
 */
const ALLOWED: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ["processing", "completed", "failed", "cancelled"],
  processing: ["pending", "completed", "failed", "cancelled"],
  failed: ["processing", "completed", "cancelled"],
  completed: ["refunded"],
  cancelled: [],
  refunded: [],
};

export const canMove = (from: PaymentStatus, to: PaymentStatus) => ALLOWED[from].includes(to);
