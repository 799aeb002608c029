import { data, Link, redirect } from "react-router";

import { buttonClass } from "../components/ui/button";
import { CheckCircleIcon } from "../components/ui/icons";
import { formatDate } from "../lib/format";
import { logger } from "../lib/logger.server";
import { formatPence } from "../lib/money";
import { getUser } from "../modules/auth/identity.server";
import { describeCard, formatReceiptNumber } from "../modules/payments/format";
import { PRIVATE_PAGE_HEADERS, returnQuery } from "../modules/payments/payment-link.server";
import { settleReturn } from "../modules/payments/payments.server";
import type { Route } from "./+types/payment.success";

export const meta: Route.MetaFunction = () => [
  { title: "Payment Successful | MoveWise" },
  { name: "robots", content: "noindex" },
];

export const headers = () => PRIVATE_PAGE_HEADERS;

// Reached from the sandbox form, from Stripe (?payment_intent=… after 3-D Secure, ?session_id=… from
// Checkout), or typed in. Stripe is asked for the outcome, so a payment that failed on the way lands
// on the failed page, and one whose webhook has not arrived yet is recorded now. The receipt shows only
// to the booking's owner, an admin or the holder of its payment link (?token=, which every return carries).
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const viewer = { user: await getUser(request), token: params.get("token") };
  const payment = await settleReturn(
    { paymentIntentId: params.get("payment_intent"), checkoutSessionId: params.get("session_id") },
    viewer,
  ).catch((err: unknown) => {
    logger.error({ err }, "the outcome of a returning payment could not be checked");
    return null;
  });
  if (payment?.status === "failed" || payment?.status === "cancelled" || params.get("redirect_status") === "failed") {
    throw redirect(
      payment ? `/payment/failed?${returnQuery(payment.providerPaymentId, viewer.token)}` : "/payment/failed",
    );
  }
  const receipt =
    payment?.status === "completed"
      ? {
          number: formatReceiptNumber(payment.receiptNumber!),
          amount: formatPence(payment.amountPence),
          card: describeCard(payment.cardBrand, payment.cardLast4),
          date: formatDate(payment.completedAt!),
        }
      : null;
  return data(
    { receipt, processing: payment?.status === "processing" || payment?.status === "pending" },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { receipt, processing } = loaderData;
  return (
    <section className="bg-slate-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <CheckCircleIcon className="mx-auto size-14 text-emerald-700" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Payment Successful!</h1>
        {processing ? (
          <p className="mt-4 text-slate-700">
            Your bank is still confirming the payment. We will email your receipt as soon as it has gone through.
          </p>
        ) : (
          <p className="mt-4 text-slate-700">Thank you. We have emailed you a confirmation with your VAT receipt.</p>
        )}
        {receipt ? (
          <dl className="mx-auto mt-6 grid max-w-sm grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-left text-sm">
            <dt className="text-slate-600">Receipt</dt>
            <dd className="font-semibold text-slate-900">{receipt.number}</dd>
            <dt className="text-slate-600">Amount</dt>
            <dd className="font-semibold text-slate-900">{receipt.amount}</dd>
            <dt className="text-slate-600">Paid by</dt>
            <dd className="font-semibold text-slate-900">{receipt.card}</dd>
            <dt className="text-slate-600">Date</dt>
            <dd className="font-semibold text-slate-900">{receipt.date}</dd>
          </dl>
        ) : null}
        <Link to="/vendor-propertylisting" className={buttonClass({ className: "mt-8" })}>
          Back to my properties
        </Link>
      </div>
    </section>
  );
}
