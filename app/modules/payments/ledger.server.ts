// The payments ledger: the one place that writes Payment rows. Whatever reports a payment's state (the
// sandbox, a page returning from Stripe, the Stripe webhook) comes through applyReport or applyRefund, so
// every payment is recorded the same way whichever provider took it:
// - one row per provider intent, keyed by (provider, providerPaymentId), so a report about an intent
//   is applied to the same row however often and in whatever order it arrives;
// - status changes follow canMove() (status.ts): late or repeated reports never move a payment back;
// - a booking with a completed payment cannot be paid again (409);
// - completed payments get a gapless receipt number and a VAT receipt by email.
// The checkout flows that ask providers for payments are in payments.server.ts.
import { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { queueMail } from "../mail/mail.server";
import { type PayableProject, payableProject, payerEmail } from "./access.server";
import { packagePrice } from "./price.server";
import { providerNamed } from "./providers/index.server";
import type { IntentState, ProviderEvent, RefundReason } from "./providers/types";
import { completedPaymentMails, refundMails } from "./receipts.server";
import { canMove } from "./status";

export const ALREADY_PAID = "This booking has already been paid.";

type Tx = Prisma.TransactionClient;
export type Provider = "stripe" | "sandbox";

export const paymentSelect = {
  id: true,
  projectId: true,
  provider: true,
  providerPaymentId: true,
  checkoutSessionId: true,
  chargeId: true,
  amountPence: true,
  currency: true,
  status: true,
  failureMessage: true,
  cardBrand: true,
  cardLast4: true,
  receiptNumber: true,
  completedAt: true,
  refundedAt: true,
  createdAt: true,
} as const;

export type PaymentRow = Prisma.PaymentGetPayload<{ select: typeof paymentSelect }>;

export async function completedPaymentFor(projectId: number) {
  return prisma.payment.findFirst({
    where: { projectId, status: "completed" },
    select: paymentSelect,
    orderBy: { completedAt: "asc" },
  });
}

/** Stores the event id; false when it was already there (the event has been applied before). */
export async function claimEvent(tx: Tx, event: ProviderEvent | undefined) {
  if (!event) return true;
  const { count } = await tx.processedWebhookEvent.createMany({
    data: [{ id: event.id, type: event.type }],
    skipDuplicates: true,
  });
  return count === 1;
}

/** Serialises every change to one booking's payments (two tabs, a webhook and a page at once). */
async function lockProject(tx: Tx, projectId: number) {
  await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${projectId} FOR UPDATE`;
}

/** Receipt numbers have no gaps: taken under a transaction-scoped lock, in the order payments complete. */
async function nextReceiptNumber(tx: Tx) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(735001)`;
  const { _max } = await tx.payment.aggregate({ _max: { receiptNumber: true } });
  return (_max.receiptNumber ?? 0) + 1;
}

type ReportOptions = {
  /** A webhook may tell us about an intent we did not create (one made by a Checkout Session). */
  createIfMissing?: boolean;
  event?: ProviderEvent;
  payerId?: number | null;
  /** The sandbox refuses to charge a booking that is already paid; Stripe has charged by the time it reports. */
  refuseIfPaid?: boolean;
};

/** What a report is checked against: the booking, amount and currency of the charge we asked for. */
type Charge = { projectId: number; amountPence: number; currency: string };

const matchesCharge = (state: IntentState, charge: Charge) =>
  state.bookingId === charge.projectId &&
  state.amountPence === charge.amountPence &&
  state.currency === charge.currency;

/**
 * A report about an intent that is not the charge we asked for (a correctly signed event for 1p, another
 * booking or another currency) changes nothing: it is logged and kept in the audit trail for the agency.
 */
async function recordMismatch(
  tx: Tx,
  provider: Provider,
  state: IntentState,
  expected: Charge & { paymentId: number | null },
  event: ProviderEvent | undefined,
) {
  const reported = {
    bookingId: state.bookingId,
    amountPence: state.amountPence,
    currency: state.currency,
    status: state.status,
  };
  logger.warn(
    { provider, paymentIntentId: state.id, eventId: event?.id, expected, reported },
    "a payment report does not match the booking's charge; it was not applied",
  );
  await recordAudit(
    {
      actorId: null,
      action: "payment.mismatch",
      entity: "Payment",
      entityId: expected.paymentId ?? state.id,
      detail: {
        provider,
        providerPaymentId: state.id,
        eventId: event?.id ?? null,
        expected: { projectId: expected.projectId, amountPence: expected.amountPence, currency: expected.currency },
        reported,
      },
    },
    tx,
  );
}

type ReportOutcome = {
  duplicate: boolean;
  payment: PaymentRow | null;
  completed: boolean;
  duplicatePayment: boolean;
  mismatch: boolean;
};
const unchanged = (payment: PaymentRow | null, extra: Partial<ReportOutcome> = {}): ReportOutcome => ({
  duplicate: false,
  payment,
  completed: false,
  duplicatePayment: false,
  mismatch: false,
  ...extra,
});

/** Records what a provider reports about an intent. The single writer of payment statuses. */
export async function applyReport(
  provider: Provider,
  state: IntentState,
  options: ReportOptions = {},
): Promise<ReportOutcome> {
  const outcome = await prisma.$transaction(async (tx): Promise<ReportOutcome> => {
    if (!(await claimEvent(tx, options.event))) return unchanged(null, { duplicate: true });
    const payment = await lockedPayment(
      tx,
      provider,
      state.id,
      options.createIfMissing ? { state, event: options.event } : null,
    );
    if (!payment) return unchanged(null);
    if (!matchesCharge(state, payment)) {
      await recordMismatch(tx, provider, state, { ...payment, paymentId: payment.id }, options.event);
      return unchanged(payment, { mismatch: true });
    }
    const paidBefore = await tx.payment.count({
      where: { projectId: payment.projectId, status: "completed", id: { not: payment.id } },
    });
    if (options.refuseIfPaid && paidBefore > 0) throw new ServiceError(409, ALREADY_PAID);
    const changes = changesFor(payment, state);
    if (!changes) return unchanged(payment);
    const completed = changes.status === "completed";
    if (completed)
      Object.assign(changes, {
        completedAt: new Date(),
        receiptNumber: await nextReceiptNumber(tx),
        failureMessage: null,
      });
    const updated = await tx.payment.update({
      where: { id: payment.id },
      data: { ...changes, ...(options.payerId ? { userId: options.payerId } : {}) },
      select: paymentSelect,
    });
    if (completed || changes.status === "failed") {
      const detail = {
        provider,
        projectId: payment.projectId,
        amountPence: updated.amountPence,
        before: payment.status,
        after: updated.status,
        ...(updated.failureMessage ? { failureMessage: updated.failureMessage } : {}),
      };
      await recordAudit(
        {
          actorId: options.payerId ?? null,
          action: completed ? "payment.completed" : "payment.failed",
          entity: "Payment",
          entityId: payment.id,
          detail,
        },
        tx,
      );
    }
    if (completed)
      await queueMail(
        tx,
        completedPaymentMails({
          ...receiptFacts(updated, await payableProject(updated.projectId, tx)),
          completedAt: updated.completedAt!,
        }),
      );
    return unchanged(updated, { completed, duplicatePayment: completed && paidBefore > 0 });
  });
  if (outcome.duplicatePayment && outcome.payment) await refundDuplicate(outcome.payment);
  return outcome;
}

/** The payment for an intent, read again once its booking is locked (so it is current), or created from a report. */
async function lockedPayment(
  tx: Tx,
  provider: Provider,
  providerPaymentId: string,
  createFrom: { state: IntentState; event?: ProviderEvent } | null,
) {
  const where = { provider_providerPaymentId: { provider, providerPaymentId } };
  const found =
    (await tx.payment.findUnique({ where, select: { projectId: true } })) ??
    (createFrom ? await createReported(tx, provider, createFrom.state, createFrom.event) : null);
  if (!found) return null;
  await lockProject(tx, found.projectId);
  return tx.payment.findUniqueOrThrow({ where, select: paymentSelect });
}

/** A row for an intent we did not create (one a Checkout Session made), if it is for the booking's charge (the package price). */
async function createReported(tx: Tx, provider: Provider, state: IntentState, event: ProviderEvent | undefined) {
  const project = state.bookingId
    ? await tx.project.findUnique({ where: { id: state.bookingId }, select: { id: true } })
    : null;
  if (!project) {
    logger.warn(
      { provider, paymentIntentId: state.id, bookingId: state.bookingId },
      "a payment for an unknown booking was not recorded",
    );
    return null;
  }
  const price = packagePrice();
  const charge = { projectId: project.id, amountPence: price.totalPence, currency: price.currency };
  if (!matchesCharge(state, charge)) {
    await recordMismatch(tx, provider, state, { ...charge, paymentId: null }, event);
    return null;
  }
  return tx.payment.create({
    data: {
      projectId: project.id,
      provider,
      providerPaymentId: state.id,
      amountPence: state.amountPence,
      currency: state.currency,
      status: "pending",
      checkoutSessionId: state.checkoutSessionId ?? null,
    },
    select: paymentSelect,
  });
}

/** The columns a report changes, or null when it changes nothing (same status and details, or a move canMove() forbids). */
function changesFor(payment: PaymentRow, state: IntentState): Prisma.PaymentUncheckedUpdateInput | null {
  const details = {
    ...(state.failureMessage && state.status === "failed" ? { failureMessage: state.failureMessage } : {}),
    ...(state.cardBrand ? { cardBrand: state.cardBrand } : {}),
    ...(state.cardLast4 ? { cardLast4: state.cardLast4 } : {}),
    ...(state.chargeId ? { chargeId: state.chargeId } : {}),
    ...(state.checkoutSessionId ? { checkoutSessionId: state.checkoutSessionId } : {}),
  };
  if (payment.status !== state.status)
    return canMove(payment.status, state.status) ? { status: state.status, ...details } : null;
  const current: Record<string, unknown> = payment;
  const changed = Object.entries(details).filter(([key, value]) => current[key] !== value);
  return changed.length ? Object.fromEntries(changed) : null;
}

/** Two intents for one booking both succeeded (e.g. an old tab): the customer pays once. */
async function refundDuplicate(payment: PaymentRow) {
  logger.warn(
    { paymentId: payment.id, projectId: payment.projectId },
    "a second payment for a paid booking is being refunded",
  );
  await refundPayment(payment.id, { actorId: null, reason: "duplicate" }).catch((err: unknown) =>
    logger.error(
      { err, paymentId: payment.id },
      "the duplicate payment could not be refunded: refund it from /admin/payments",
    ),
  );
}

const receiptFacts = (payment: PaymentRow, project: PayableProject) => ({
  receiptNumber: payment.receiptNumber!,
  amountPence: payment.amountPence,
  providerPaymentId: payment.providerPaymentId,
  provider: payment.provider,
  cardBrand: payment.cardBrand,
  cardLast4: payment.cardLast4,
  project,
  payerEmail: payerEmail(project),
});

/** Refunds a completed payment in full through the provider that took it (admin page, or a duplicate). */
export async function refundPayment(
  paymentId: number,
  { actorId, reason = "requested_by_customer" }: { actorId: number | null; reason?: RefundReason },
) {
  const payment = await prisma.payment.findUnique({ where: { id: paymentId }, select: paymentSelect });
  if (!payment) throw new ServiceError(404, "Payment not found.");
  if (payment.status !== "completed") throw new ServiceError(409, "Only a completed payment can be refunded.");
  const { refundId } = await providerNamed(payment.provider).refund(payment.providerPaymentId, reason);
  await applyRefund(payment.provider, payment.providerPaymentId, { refundId, actorId });
}

export async function applyRefund(
  provider: Provider,
  providerPaymentId: string,
  { refundId, actorId, event }: { refundId: string | null; actorId: number | null; event?: ProviderEvent },
) {
  const outcome = await prisma.$transaction(async (tx) => {
    if (!(await claimEvent(tx, event))) return { duplicate: true, payment: null };
    const payment = await lockedPayment(tx, provider, providerPaymentId, null);
    if (!payment || !canMove(payment.status, "refunded")) return { duplicate: false, payment: null };
    const refunded = await tx.payment.update({
      where: { id: payment.id },
      data: { status: "refunded", refundId, refundedAt: new Date() },
      select: paymentSelect,
    });
    await recordAudit(
      {
        actorId,
        action: "payment.refunded",
        entity: "Payment",
        entityId: payment.id,
        detail: { provider, refundId, projectId: payment.projectId, before: payment.status, after: "refunded" },
      },
      tx,
    );
    await queueMail(tx, refundMails(receiptFacts(refunded, await payableProject(refunded.projectId, tx))));
    return { duplicate: false, payment: refunded };
  });
  return { duplicate: outcome.duplicate };
}
