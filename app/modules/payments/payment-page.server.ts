// What the payment page (/payment/{id}) shows: the order summary, and either the paid state, a
// reason it cannot be paid yet, or the open intent to pay with.
import { logger } from "../../lib/logger.server";
import { ServiceError } from "../../lib/service-error";
import type { SessionUser } from "../auth/roles";
import { type PayableProject, payerEmail } from "./access.server";
import { completedPaymentFor } from "./ledger.server";
import { paymentLink, paymentLinkToken } from "./payment-link.server";
import { CONTRACT_NOT_SIGNED, openIntent } from "./payments.server";
import { packagePrice } from "./price.server";
import { activeProvider } from "./providers/index.server";
import { ProviderError } from "./providers/types";

export async function paymentPage(project: PayableProject, viewer: SessionUser | null) {
  const price = packagePrice();
  const provider = activeProvider();
  const summary = {
    project: {
      id: project.id,
      address: project.address,
      name: project.vendorName,
      email: payerEmail(project),
      contractSignedAt: project.contractSignedAt?.toISOString() ?? null,
    },
    price: {
      netPence: price.netPence,
      vatPence: price.vatPence,
      totalPence: price.totalPence,
      vatPercent: price.vatPercent,
      name: price.name,
    },
    paymentLink: paymentLink(project),
    /** Carried to the return pages and confirm-payment, which show the outcome only to those who may see it. */
    linkToken: paymentLinkToken(project),
    isOwner: Boolean(viewer && viewer.id === project.ownerId),
    // Admins see the summary and the link to send, never a card form.
    staffView: viewer?.role === "admin",
    provider: provider.name,
    publishableKey: provider.name === "stripe" ? provider.publishableKey : null,
  };
  const paid = await completedPaymentFor(project.id);
  if (paid) {
    const receipt = {
      completedAt: paid.completedAt!.toISOString(),
      receiptNumber: paid.receiptNumber!,
      cardBrand: paid.cardBrand,
      cardLast4: paid.cardLast4,
    };
    return { ...summary, paid: receipt, intent: null, problem: null, needsContract: false };
  }
  if (viewer?.role === "admin")
    return { ...summary, paid: null, intent: null, problem: null, needsContract: !project.contractSignedAt };
  // Sign first, then pay: no intent is opened for a booking whose contract is not signed.
  if (!project.contractSignedAt)
    return { ...summary, paid: null, intent: null, problem: CONTRACT_NOT_SIGNED, needsContract: true };
  try {
    const { payment, clientSecret } = await openIntent(project, viewer?.id ?? null);
    const intent = {
      id: payment.providerPaymentId,
      clientSecret,
      status: payment.status,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
    };
    return { ...summary, paid: null, intent, problem: null, needsContract: false };
  } catch (error) {
    if (error instanceof ServiceError)
      return { ...summary, paid: null, intent: null, problem: error.message, needsContract: false };
    if (!(error instanceof ProviderError)) throw error;
    logger.error({ err: error, projectId: project.id }, "a payment intent could not be created");
    return { ...summary, paid: null, intent: null, problem: "Failed to initialize payment", needsContract: false };
  }
}

export type PaymentPage = Awaited<ReturnType<typeof paymentPage>>;
