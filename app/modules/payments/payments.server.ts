// Paying for a booking: the intent the payment page and the API pay with, the sandbox's card form and
// 3-D Secure step, Stripe Checkout, the return from Stripe and the Stripe webhook. What providers report
// is recorded by the ledger (ledger.server.ts), the one writer of Payment rows.
import { Prisma } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { consume } from "../../lib/rate-limits.server";
import { ServiceError } from "../../lib/service-error";
import { findProjectForPayment, type PayableProject, payerEmail, type PaymentViewer } from "./access.server";
import {
  ALREADY_PAID,
  applyRefund,
  applyReport,
  claimEvent,
  completedPaymentFor,
  type PaymentRow,
  paymentSelect,
  type Provider,
} from "./ledger.server";
import { packagePrice } from "./price.server";
import { activeProvider, providerNamed, sandboxProvider, stripeProvider } from "./providers/index.server";
import type { ChargeResult } from "./providers/sandbox.server";
import type { IntentState, ProviderEvent } from "./providers/types";
import type { SandboxCard } from "./sandbox-cards";
import { isOpen } from "./status";

export const CONTRACT_NOT_SIGNED = "Please sign the contract for this property before you pay.";
const FORM_EXPIRED = "This payment form has expired. Reload the page and try again.";

/**
 * Contract before payment: the vendor signs the contract (/sign-contract/{id}) and then pays. Every way
 * of paying (the page, the API, Stripe Checkout) refuses an unsigned booking with a 409.
 */
function ensureContractSigned(project: PayableProject) {
  if (!project.contractSignedAt) throw new ServiceError(409, CONTRACT_NOT_SIGNED);
}

/** Payment forms attract card testing: each attempt from a network (a card, or a trip to Checkout) counts. */
const spendPaymentAttempt = (clientIp: string) =>
  consume("paymentAttemptsPerIp", clientIp, "Too many payment attempts from your network.");

export type OpenIntent = { payment: PaymentRow; clientSecret: string };

/**
 * The intent to pay for `project` with: the open one if there is one (so reloading the page or two tabs
 * share one intent), otherwise a new one for the package price. Spec §4: created when the page loads.
 */
export async function openIntent(project: PayableProject, payerId: number | null): Promise<OpenIntent> {
  ensureContractSigned(project);
  if (await completedPaymentFor(project.id)) throw new ServiceError(409, ALREADY_PAID);
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
    if (current.status === "completed") throw new ServiceError(409, ALREADY_PAID);
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
  if (!payment || payment.projectId !== project.id) throw new ServiceError(400, FORM_EXPIRED);
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
    throw new ServiceError(409, ALREADY_PAID);
  if (payment.status === "processing")
    throw new ServiceError(409, "This payment is waiting for you to authenticate it.");
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
    throw new ServiceError(409, "No payment is waiting for authentication. Reload the page.");
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
  if (outcome.mismatch) throw new ServiceError(409, "Failed to confirm payment");
  return outcome.payment!;
}

export const PAYMENT_NOT_FOUND = "Payment not found.";

/**
 * The payment of an intent id, for its booking's owner, an admin or the holder of its payment link. Anyone
 * else gets the same 404 as for an id that does not exist: an intent id alone shows no receipt or card.
 */
export async function findPaymentForViewer(providerPaymentId: string, viewer: PaymentViewer) {
  const payment = await prisma.payment.findFirst({ where: { providerPaymentId }, select: paymentSelect });
  if (!payment || !(await mayAccessBooking(payment.projectId, viewer))) throw new ServiceError(404, PAYMENT_NOT_FOUND);
  return payment;
}

const mayAccessBooking = (projectId: number, viewer: PaymentViewer) =>
  findProjectForPayment(projectId, viewer).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ServiceError) return false;
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
    if (error instanceof ServiceError) return null;
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
  if (await completedPaymentFor(project.id)) throw new ServiceError(409, ALREADY_PAID);
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
