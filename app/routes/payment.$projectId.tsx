import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense, useCallback, useState } from "react";
import { data, Form, Link, redirect } from "react-router";

import { SubmitButton, useHydrated } from "../components/form-basics";
import { OrderSummary } from "../components/payments/order-summary";
import {
  PROCESSING,
  SandboxAuthentication,
  SandboxCardForm,
  SandboxNotice,
} from "../components/payments/sandbox-card-form";
import { buttonClass } from "../components/ui/button";
import { CheckCircleIcon } from "../components/ui/icons";
import { clientRules } from "../lib/client-rules.server";
import { getEnv } from "../lib/env.server";
import { formFailure } from "../lib/error-replies.server";
import { formatDate } from "../lib/format";
import { formDataOf } from "../lib/http.server";
import { formatPence } from "../lib/money";
import { ServiceError } from "../lib/service-error";
import { getUser } from "../modules/auth/identity.server";
import { ensureMayPay, findProjectForPayment, type PayableProject } from "../modules/payments/access.server";
import { describeCard, formatReceiptNumber } from "../modules/payments/format";
import { paymentLinkToken, PRIVATE_PAGE_HEADERS, returnQuery } from "../modules/payments/payment-link.server";
import { paymentPage } from "../modules/payments/payment-page.server";
import {
  authenticateSandboxPayment,
  cancelSandboxPayment,
  payWithSandboxCard,
  startCheckout,
} from "../modules/payments/payments.server";
import { ProviderError } from "../modules/payments/providers/types";
import { SandboxCardSchema } from "../modules/payments/sandbox-cards";
import type { Route } from "./+types/payment.$projectId";

const StripeCardForm = lazy(() => import("../components/payments/stripe-card-form"));

export const meta: Route.MetaFunction = () => [{ title: "Payment | MoveWise" }, { name: "robots", content: "noindex" }];

export const headers = () => PRIVATE_PAGE_HEADERS;

/** The project this request may pay for, or the 404 page (the same for a missing and a forbidden id). */
async function payableProjectFor(request: Request, projectId: string) {
  const user = await getUser(request);
  const token = new URL(request.url).searchParams.get("token");
  try {
    return { user, project: await findProjectForPayment(projectId, { user, token }) };
  } catch (error) {
    if (error instanceof ServiceError) throw data(null, { status: 404, statusText: "Not Found" });
    throw error;
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, project } = await payableProjectFor(request, params.projectId);
  const page = await paymentPage(project, user);
  return data({ ...page, cardRules: clientRules(SandboxCardSchema) }, { headers: PRIVATE_PAGE_HEADERS });
}

/** This page's address as the payer reached it (with the link token for whoever holds one). */
const pagePath = (project: PayableProject) => `/payment/${project.id}?token=${paymentLinkToken(project)}`;

/** A return page for the payment, which shows it to whoever holds the link (the owner needs no token). */
const returnPath = (page: "success" | "failed", project: PayableProject, paymentIntentId: string) =>
  `/payment/${page}?${returnQuery(paymentIntentId, paymentLinkToken(project))}`;

const hideFields = ["cardNumber", "cvc"];

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, project } = await payableProjectFor(request, params.projectId);
  const formData = await formDataOf(request);
  const intent = formData.get("intent");
  const clientSecret = String(formData.get("clientSecret") ?? "");
  const submission = parseWithZod(formData, { schema: SandboxCardSchema });
  try {
    ensureMayPay(user);
    switch (intent) {
      case "pay": {
        if (submission.status !== "success")
          return data({ result: submission.reply({ hideFields }) }, { status: 400, headers: PRIVATE_PAGE_HEADERS });
        const payment = await payWithSandboxCard({
          project,
          clientSecret,
          card: submission.value,
          payerId: user?.id ?? null,
          clientIp: context.clientIp,
        });
        if (payment.status === "completed") return redirect(returnPath("success", project, payment.providerPaymentId));
        if (payment.status === "processing") return redirect(pagePath(project));
        throw new ServiceError(402, payment.failureMessage ?? "Payment failed");
      }
      case "authenticate":
      case "fail-authentication": {
        const payment = await authenticateSandboxPayment({
          project,
          clientSecret,
          approved: intent === "authenticate",
        });
        return redirect(
          returnPath(payment.status === "completed" ? "success" : "failed", project, payment.providerPaymentId),
        );
      }
      case "cancel":
        await cancelSandboxPayment({ project, clientSecret });
        return redirect(pagePath(project));
      case "checkout": {
        const origin = getEnv().PUBLIC_URL;
        const successUrl = `${origin}/payment/success?session_id={CHECKOUT_SESSION_ID}&token=${paymentLinkToken(project)}`;
        const url = await startCheckout(project, {
          successUrl,
          cancelUrl: `${origin}${pagePath(project)}`,
          clientIp: context.clientIp,
        });
        return redirect(url);
      }
      default:
        throw new ServiceError(400, "Choose how to pay.");
    }
  } catch (error) {
    // The provider failing is not the payer's doing: the form says so (502) rather than the error page.
    const refusal =
      error instanceof ProviderError ? new ServiceError(502, "Failed to initialize payment", { cause: error }) : error;
    return formFailure(submission, refusal, { hideFields, headers: PRIVATE_PAGE_HEADERS });
  }
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const payLabel = `Pay ${formatPence(page.price.totalPence)}`;
  return (
    <div className="bg-slate-50 px-4 py-10 sm:px-6 sm:py-14">
      <div className="mx-auto max-w-6xl">
        <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">Selling package</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {page.paid ? "Your selling package is paid" : "Pay for your selling package"}
        </h1>
        <p className="mt-2 text-lg text-slate-700">{page.project.address}</p>
        <div className="mt-8 grid items-start gap-6 lg:grid-cols-5 lg:gap-8">
          <section
            aria-labelledby="payment-details"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3"
          >
            <h2 id="payment-details" className="text-lg font-bold text-slate-900">
              Payment Details
            </h2>
            <div className="mt-5 space-y-6">
              {page.paid ? (
                <PaidNotice paid={page.paid} amount={formatPence(page.price.totalPence)} />
              ) : page.staffView ? (
                <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-800">
                  You are signed in as an admin, and staff never take a customer&rsquo;s card details. Send the vendor
                  the payment link from the order summary: it opens this page for them, signed in or not.
                </p>
              ) : page.needsContract ? (
                <ContractFirst
                  message={page.problem!}
                  projectId={page.project.id}
                  isOwner={page.isOwner}
                  vendorName={page.project.name}
                />
              ) : page.problem || !page.intent ? (
                <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
                  {page.problem ?? "Failed to initialize payment"}
                </p>
              ) : page.provider === "sandbox" ? (
                <>
                  <SandboxNotice />
                  {page.intent.status === "processing" ? (
                    <SandboxAuthentication
                      clientSecret={page.intent.clientSecret}
                      card={describeCard(page.intent.cardBrand, page.intent.cardLast4)}
                      amount={formatPence(page.price.totalPence)}
                    />
                  ) : (
                    <SandboxCardForm
                      key={page.intent.id}
                      clientSecret={page.intent.clientSecret}
                      payLabel={payLabel}
                      rules={page.cardRules}
                      lastResult={actionData?.result}
                    />
                  )}
                </>
              ) : (
                <StripePayment
                  publishableKey={page.publishableKey!}
                  clientSecret={page.intent.clientSecret}
                  payLabel={payLabel}
                  linkToken={page.linkToken}
                />
              )}
              <p className="text-sm text-slate-600">
                Payments are taken securely by {page.provider === "stripe" ? "Stripe" : "our payment sandbox"}. We never
                see or store your full card number.
              </p>
            </div>
          </section>
          <div className="lg:col-span-2">
            <OrderSummary
              project={page.project}
              price={page.price}
              paymentLink={page.paymentLink}
              isOwner={page.isOwner}
            />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Sign first, then pay: the owner goes to the contract; anyone else holding the link learns who must sign it. */
function ContractFirst({
  message,
  projectId,
  isOwner,
  vendorName,
}: {
  message: string;
  projectId: number;
  isOwner: boolean;
  vendorName: string;
}) {
  const contractPath = `/sign-contract/${projectId}`;
  return (
    <div role="alert" className="space-y-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{message}</p>
      {isOwner ? (
        <p>Read and sign your contract first: it takes a minute, and you come straight back here to pay.</p>
      ) : (
        <p>
          The contract is signed by {vendorName} after logging in to MoveWise. Once it is signed, this page takes the
          payment.
        </p>
      )}
      <Link
        to={isOwner ? contractPath : `/login?redirectTo=${encodeURIComponent(contractPath)}`}
        className={buttonClass()}
      >
        {isOwner ? "Sign the contract" : "Log in to sign the contract"}
      </Link>
    </div>
  );
}

function PaidNotice({
  paid,
  amount,
}: {
  paid: { completedAt: string; receiptNumber: number; cardBrand: string | null; cardLast4: string | null };
  amount: string;
}) {
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
        <CheckCircleIcon className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <span>
          <span className="block font-semibold">This booking has been paid.</span>
          {amount} paid on {formatDate(paid.completedAt)} by {describeCard(paid.cardBrand, paid.cardLast4)}, receipt{" "}
          {formatReceiptNumber(paid.receiptNumber)}.
        </span>
      </p>
      <Link to="/vendor-propertylisting" className={buttonClass({ variant: "secondary" })}>
        Go to my properties
      </Link>
    </div>
  );
}

/**
 * Stripe: without JavaScript (or until it runs, or when Stripe.js cannot load) the button posts to the
 * server, which sends the payer to Stripe's hosted Checkout; with it, the card is entered here in Stripe's field.
 */
function StripePayment({
  publishableKey,
  clientSecret,
  payLabel,
  linkToken,
}: {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  linkToken: string;
}) {
  const hydrated = useHydrated();
  const [unavailable, setUnavailable] = useState(false);
  const markUnavailable = useCallback(() => setUnavailable(true), []);
  const checkout = (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="checkout" />
      <p className="text-slate-700">
        You will enter your card on Stripe&rsquo;s secure payment page, then come back here.
      </p>
      <SubmitButton pendingText={PROCESSING}>{payLabel}</SubmitButton>
    </Form>
  );
  if (!hydrated || unavailable) return checkout;
  return (
    <Suspense fallback={<p className="text-slate-700">Loading the secure card field…</p>}>
      <StripeCardForm
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        payLabel={payLabel}
        linkToken={linkToken}
        onUnavailable={markUnavailable}
      />
    </Suspense>
  );
}
