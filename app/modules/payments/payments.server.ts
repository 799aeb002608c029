// The payments service: the one place that writes Payment rows. Pages, the /api/v1/stripe endpoints and
// the Stripe webhook all come through here, so every payment is recorded the same way whichever
// provider took it:
// - one row per provider intent, keyed by (provider, providerPaymentId), so a report about an intent
//   is applied to the same row however often and in whatever order it arrives;
// - status changes follow canMove() (status.ts): late or repeated reports never move a payment back;
// - a booking with a completed payment cannot be paid again (409);
// - completed payments get a gapless receipt number and a VAT receipt by email.
import { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { consume } from "../../lib/rate-limits.server";
import { recordAudit } from "../audit/audit.server";
import { queueMail } from "../mail/mail.server";
import {
  findProjectForPayment,
  type PayableProject,
  payableProject,
  payerEmail,
  PaymentError,
  type PaymentViewer,
} from "./access.server";
import { packagePrice } from "./price.server";
import { activeProvider, providerNamed, sandboxProvider, stripeProvider } from "./providers/index.server";
import type { ChargeResult } from "./providers/sandbox.server";
import type { IntentState, ProviderEvent, RefundReason } from "./providers/types";
import { completedPaymentMails, refundMails } from "./receipts.server";
import type { SandboxCard } from "./sandbox-cards";
import { canMove, isOpen } from "./status";

export const ALREADY_PAID = "This booking has already been paid.";
export const CONTRACT_NOT_SIGNED = "Please sign the contract for this property before you pay.";
const FORM_EXPIRED = "This payment form has expired. Reload the page and try again.";

type Tx = Prisma.TransactionClient;
type Provider = "stripe" | "sandbox";

/**
 * Contract before payment: the vendor signs the contract (/sign-contract/{id}) and then pays. Every way
 * of paying (the page, the API, Stripe Checkout) refuses an unsigned booking with a 409.
 */
function ensureContractSigned(project: PayableProject) {
  if (!project.contractSignedAt) throw new PaymentError(CONTRACT_NOT_SIGNED, 409);
}

/** Payment forms attract card testing: each attempt from a network (a card, or a trip to Checkout) counts. */
const spendPaymentAttempt = (clientIp: string) =>
  consume("paymentAttemptsPerIp", clientIp, "Too many payment attempts from your network.");

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

export type OpenIntent = { payment: PaymentRow; clientSecret: string };

/**
 * The intent to pay for `project` with: the open one if there is one (so reloading the page or two tabs
 * share one intent), otherwise a new one for the package price. Spec §4: created when the page loads.
 */
export async function openIntent(project: PayableProject, payerId: number | null): Promise<OpenIntent> {
  ensureContractSigned(project);
  if (await completedPaymentFor(project.id)) throw new PaymentError(ALREADY_PAID, 409);
  const provider = activeProvider();
  const price = packagePrice();
  // Counted before looking for an open intent: a page load that runs alongside another then either finds
  // the other's intent or asks the provider with the same idempotency key, and so gets the same intent.
  // (Counted after, it could see the other's new row as an earlier attempt and make a second intent.)
  const attempt = (await prisma.payment.count({ where: { projectId: project.id, provider: provider.name } })) + 1;
  const open = await prisma.payment.findFirst({
    where: { projectId: project.id, provider: provider.name, status: { in: ["pending", "processing"] } },
    select: paymentSelect,
    orderBy: { createdAt: "desc" },
  });
  if (open) {
    const resumed = await provider.resumeIntent(open.providerPaymentId);
    const current = resumed.state ? ((await applyReport(provider.name, resumed.state)).payment ?? open) : open;
    if (current.status === "completed") throw new PaymentError(ALREADY_PAID, 409);
    if (isOpen(current.status) && current.amountPence === price.totalPence)
      return { payment: current, clientSecret: resumed.clientSecret };
    // The price changed since the intent was made: it must not be paid at the old amount.
    if (isOpen(current.status)) await cancelIntent(provider.name, current);
  }
  const idempotencyKey = `booking-${project.id}-payment-${attempt}`;
  const created = await provider.createIntent({
    bookingId: project.id,
    amountPence: price.totalPence,
    currency: price.currency,
    description: `${price.name}: ${project.address}`,
    idempotencyKey,
  });
  const where = { provider_providerPaymentId: { provider: provider.name, providerPaymentId: created.state.id } };
  const data = {
    projectId: project.id,
    userId: payerId,
    provider: provider.name,
    providerPaymentId: created.state.id,
    idempotencyKey,
    amountPence: created.state.amountPence,
    currency: created.state.currency,
    status: created.state.status,
  };
  const payment = await prisma.payment
    .upsert({ where, create: data, update: {}, select: paymentSelect })
    .catch(async (error: unknown) => {
      // Two page loads at once sent the same idempotency key and got the same intent: the other one saved it.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
        return prisma.payment.findUniqueOrThrow({ where, select: paymentSelect });
      throw error;
    });
  return { payment, clientSecret: created.clientSecret };
}

async function cancelIntent(provider: Provider, payment: PaymentRow) {
  await providerNamed(provider).cancelIntent(payment.providerPaymentId);
  await applyReport(provider, { ...stateOfRow(payment), status: "cancelled" });
}

const stateOfRow = (payment: PaymentRow): IntentState => ({
  id: payment.providerPaymentId,
  status: payment.status,
  amountPence: payment.amountPence,
  currency: payment.currency,
  bookingId: payment.projectId,
});

/** The sandbox intent a payment form's client secret names, if it belongs to `project`. */
async function sandboxPaymentFrom(project: PayableProject, clientSecret: string) {
  const id = sandboxProvider().intentIdFrom(clientSecret);
  const payment = id
    ? await prisma.payment.findUnique({
        where: { provider_providerPaymentId: { provider: "sandbox", providerPaymentId: id } },
        select: paymentSelect,
      })
    : null;
  if (!payment || payment.projectId !== project.id) throw new PaymentError(FORM_EXPIRED, 400);
  return payment;
}

/** The sandbox's card form: charges `card` as Stripe's test mode would and records the outcome. */
export async function payWithSandboxCard({
  project,
  clientSecret,
  card,
  payerId,
  clientIp,
}: {
  project: PayableProject;
  clientSecret: string;
  card: SandboxCard;
  payerId: number | null;
  clientIp: string;
}) {
  await spendPaymentAttempt(clientIp);
  ensureContractSigned(project);
  let payment = await sandboxPaymentFrom(project, clientSecret);
  if (payment.status === "completed" || (await completedPaymentFor(project.id)))
    throw new PaymentError(ALREADY_PAID, 409);
  if (payment.status === "processing")
    throw new PaymentError("This payment is waiting for you to authenticate it.", 409);
  // A declined or cancelled intent is finished: a new attempt gets an intent (and a row) of its own.
  if (payment.status !== "pending") payment = (await openIntent(project, payerId)).payment;
  return settleSandboxCharge(payment, sandboxProvider().charge(card), payerId);
}

/** The sandbox's 3-D Secure step, for a card that asked the cardholder to authenticate. */
export async function authenticateSandboxPayment({
  project,
  clientSecret,
  approved,
}: {
  project: PayableProject;
  clientSecret: string;
  approved: boolean;
}) {
  const payment = await sandboxPaymentFrom(project, clientSecret);
  if (payment.status !== "processing")
    throw new PaymentError("No payment is waiting for authentication. Reload the page.", 409);
  return settleSandboxCharge(payment, sandboxProvider().authenticate(payment.cardLast4 ?? "", approved), null);
}

/** "Use a different card" while a payment waits for authentication. */
export async function cancelSandboxPayment({
  project,
  clientSecret,
}: {
  project: PayableProject;
  clientSecret: string;
}) {
  const payment = await sandboxPaymentFrom(project, clientSecret);
  if (isOpen(payment.status)) await cancelIntent("sandbox", payment);
}

async function settleSandboxCharge(payment: PaymentRow, result: ChargeResult, payerId: number | null) {
  const { payment: settled } = await applyReport(
    "sandbox",
    { ...stateOfRow(payment), ...result },
    { payerId, refuseIfPaid: true },
  );
  return settled!;
}

/**
 * POST /api/v1/stripe/confirm-payment: the browser says an intent went through. Stripe is asked, and
 * its answer is recorded only if it is for the booking, amount and currency we created the intent for.
 * A sandbox intent was settled by the sandbox's own form, so its record is the answer.
 */
export async function confirmReportedPayment(payment: PaymentRow) {
  if (payment.provider === "sandbox") return payment;
  const outcome = await applyReport("stripe", await stripeProvider().retrieveIntent(payment.providerPaymentId));
  if (outcome.mismatch) throw new PaymentError("Failed to confirm payment", 409);
  return outcome.payment!;
}

export const PAYMENT_NOT_FOUND = "Payment not found.";

/**
 * The payment of an intent id, for its booking's owner, an admin or the holder of its payment link. Anyone
 * else gets the same 404 as for an id that does not exist: an intent id alone shows no receipt or card.
 */
export async function findPaymentForViewer(providerPaymentId: string, viewer: PaymentViewer) {
  const payment = await prisma.payment.findFirst({ where: { providerPaymentId }, select: paymentSelect });
  if (!payment || !(await mayAccessBooking(payment.projectId, viewer))) throw new PaymentError(PAYMENT_NOT_FOUND, 404);
  return payment;
}

const mayAccessBooking = (projectId: number, viewer: PaymentViewer) =>
  findProjectForPayment(projectId, viewer).then(
    () => true,
    (error: unknown) => {
      if (error instanceof PaymentError) return false;
      throw error;
    },
  );

/**
 * The return from Stripe (a 3-D Secure redirect with ?payment_intent=, or Checkout with ?session_id=)
 * or from the sandbox form: Stripe is asked for the outcome, so a missed webhook is caught up here. Null
 * when there is nothing the viewer may see.
 */
export async function settleReturn(
  { paymentIntentId, checkoutSessionId }: { paymentIntentId?: string | null; checkoutSessionId?: string | null },
  viewer: PaymentViewer,
) {
  if (checkoutSessionId?.startsWith("cs_")) {
    const state = await stripeProvider().retrieveCheckoutSession(checkoutSessionId);
    const payment = state ? (await applyReport("stripe", state, { createIfMissing: true })).payment : null;
    return payment && (await mayAccessBooking(payment.projectId, viewer)) ? payment : null;
  }
  if (!paymentIntentId) return null;
  const payment = await findPaymentForViewer(paymentIntentId, viewer).catch((error: unknown) => {
    if (error instanceof PaymentError) return null;
    throw error;
  });
  if (payment?.provider !== "stripe" || !isOpen(payment.status)) return payment;
  return (await applyReport("stripe", await stripeProvider().retrieveIntent(paymentIntentId))).payment;
}

/** Why a failed payment failed, in the provider's words (for /payment/failed), for those who may see it. */
export async function failureMessageOf(providerPaymentId: string, viewer: PaymentViewer) {
  const payment = await prisma.payment.findFirst({
    where: { providerPaymentId, status: "failed" },
    select: { failureMessage: true, projectId: true },
  });
  return payment && (await mayAccessBooking(payment.projectId, viewer)) ? payment.failureMessage : null;
}

/** Without JavaScript, Stripe card entry happens on Stripe's hosted Checkout page. Returns its address. */
export async function startCheckout(
  project: PayableProject,
  { successUrl, cancelUrl, clientIp }: { successUrl: string; cancelUrl: string; clientIp: string },
) {
  await spendPaymentAttempt(clientIp);
  ensureContractSigned(project);
  if (await completedPaymentFor(project.id)) throw new PaymentError(ALREADY_PAID, 409);
  const price = packagePrice();
  return stripeProvider().createCheckoutSession({
    bookingId: project.id,
    amountPence: price.totalPence,
    currency: price.currency,
    productName: price.name,
    description: project.address,
    customerEmail: payerEmail(project),
    successUrl,
    cancelUrl,
  });
}

/**
 * POST /api/v1/stripe/webhook. The signature is checked on the raw body; each event is applied once
 * (its id is stored in the same transaction as the change it makes), so a repeated delivery changes nothing.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null) {
  const event = stripeProvider().parseWebhook(rawBody, signature);
  const result = await applyEvent(event);
  logger.info({ eventId: event.id, type: event.type, duplicate: result.duplicate }, "stripe webhook");
  return result;
}

async function applyEvent(event: ProviderEvent) {
  if (event.change?.kind === "refund") {
    const { paymentIntentId, refundId } = event.change;
    return applyRefund("stripe", paymentIntentId, { refundId, actorId: null, event });
  }
  const applied = event.change
    ? await applyReport("stripe", event.change.state, { createIfMissing: true, event })
    : await recordEventOnly(event);
  return { duplicate: applied.duplicate };
}

async function recordEventOnly(event: ProviderEvent) {
  return prisma.$transaction(async (tx) => ({ duplicate: !(await claimEvent(tx, event)), payment: null }));
}

/** Stores the event id; false when it was already there (the event has been applied before). */
async function claimEvent(tx: Tx, event: ProviderEvent | undefined) {
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
async function applyReport(
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
    if (options.refuseIfPaid && paidBefore > 0) throw new PaymentError(ALREADY_PAID, 409);
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
      await tx.auditEvent.create({
        data: {
          actorId: options.payerId ?? null,
          action: completed ? "payment.completed" : "payment.failed",
          entity: "Payment",
          entityId: String(payment.id),
          detail,
        },
      });
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
  if (!payment) throw new PaymentError("Payment not found.", 404);
  if (payment.status !== "completed") throw new PaymentError("Only a completed payment can be refunded.", 409);
  const { refundId } = await providerNamed(payment.provider).refund(payment.providerPaymentId, reason);
  await applyRefund(payment.provider, payment.providerPaymentId, { refundId, actorId });
}

async function applyRefund(
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
    await tx.auditEvent.create({
      data: {
        actorId,
        action: "payment.refunded",
        entity: "Payment",
        entityId: String(payment.id),
        detail: { provider, refundId, projectId: payment.projectId, before: payment.status, after: "refunded" },
      },
    });
    await queueMail(tx, refundMails(receiptFacts(refunded, await payableProject(refunded.projectId, tx))));
    return { duplicate: false, payment: refunded };
  });
  return { duplicate: outcome.duplicate };
}
