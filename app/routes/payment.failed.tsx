import { data, Link } from "react-router";

import { buttonClass } from "../components/ui/button";
import { getUser } from "../modules/auth/identity.server";
import { PRIVATE_PAGE_HEADERS } from "../modules/payments/payment-link.server";
import { failureMessageOf } from "../modules/payments/payments.server";
import type { Route } from "./+types/payment.failed";

export const meta: Route.MetaFunction = () => [
  { title: "Payment Failed | MoveWise" },
  { name: "robots", content: "noindex" },
];

export const headers = () => PRIVATE_PAGE_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const paymentIntentId = params.get("payment_intent");
  // The card issuer's reason, for the booking's owner, an admin or the payment link's holder only.
  const reason = paymentIntentId
    ? await failureMessageOf(paymentIntentId, { user: await getUser(request), token: params.get("token") })
    : null;
  return data({ reason }, { headers: PRIVATE_PAGE_HEADERS });
}

export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
  return (
    <section className="bg-slate-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Payment Failed</h1>
        <p className="mt-4 text-slate-700">
          {loaderData.reason ?? "Your payment did not go through, and you have not been charged."}
        </p>
        <p className="mt-2 text-slate-700">
          You can try again with the same or another card, or contact us and we will help.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/vendor-propertylisting" className={buttonClass()}>
            Try Again
          </Link>
          <Link to="/contact-us" className={buttonClass({ variant: "secondary" })}>
            Contact Support
          </Link>
        </div>
      </div>
    </section>
  );
}
