import { Form, Link } from "react-router";

import { AdminTable } from "../components/admin/admin-table";
import { PaymentStatusBadge } from "../components/payments/payment-status-badge";
import { buttonClass } from "../components/ui/button";
import { formatDate } from "../lib/format";
import { formDataOf } from "../lib/http.server";
import { formatPence } from "../lib/money";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { describeCard } from "../modules/payments/format";
import { adminPaymentsOverview } from "../modules/payments/history.server";
import { refundPayment } from "../modules/payments/ledger.server";
import { ProviderError } from "../modules/payments/providers/types";
import { RefundFormSchema } from "../modules/payments/schemas";
import type { Route } from "./+types/admin.payments";

export const meta: Route.MetaFunction = () => [{ title: "Payments | MoveWise admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return adminPaymentsOverview();
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const form = RefundFormSchema.safeParse(Object.fromEntries(await formDataOf(request)));
  if (!form.success) return toasts().redirectWithError("/admin/payments", form.error.issues[0]!.message);
  try {
    await refundPayment(form.data.paymentId, { actorId: admin.id });
  } catch (error) {
    if (error instanceof ServiceError) return toasts().redirectWithError("/admin/payments", error.message);
    if (error instanceof ProviderError)
      return toasts().redirectWithError(
        "/admin/payments",
        "The refund failed at the payment provider. Please try again.",
      );
    throw error;
  }
  return toasts().redirectWithSuccess("/admin/payments", "Payment refunded.");
}

const cell = "px-4 py-3";

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { payments, totals, awaiting } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Payments</h1>
        <Link
          to="/admin-propertylisting"
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
        >
          Back to projects
        </Link>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <Stat
          term="Received"
          value={formatPence(totals.receivedPence)}
          detail={`${totals.completedCount} completed ${totals.completedCount === 1 ? "payment" : "payments"}`}
        />
        <Stat
          term="Refunded"
          value={formatPence(totals.refundedPence)}
          detail={`${totals.refundedCount} ${totals.refundedCount === 1 ? "refund" : "refunds"}`}
        />
        <Stat term="Awaiting payment" value={String(awaiting.length)} detail="pending projects not paid yet" />
      </dl>

      <h2 className="mt-10 text-lg font-bold">All payments</h2>
      {payments.length ? (
        <AdminTable
          caption="All payments, newest first"
          columns={["Date", "Customer and property", "Amount", "Card", "Receipt", "Status", { hidden: "Actions" }]}
          className="mt-3"
        >
          {payments.map((payment) => (
            <tr key={payment.id} className="align-top hover:bg-slate-50">
              <td className={`${cell} whitespace-nowrap text-slate-800`}>{formatDate(payment.createdAt)}</td>
              <td className={cell}>
                <span className="block font-medium text-slate-900">{payment.vendorName}</span>
                <span className="block text-slate-700">{payment.address}</span>
              </td>
              <td className={`${cell} whitespace-nowrap text-slate-800`}>
                {formatPence(payment.amountPence)}
                {payment.provider === "sandbox" ? (
                  <span className="block text-xs text-slate-600">Sandbox: no money moved</span>
                ) : null}
              </td>
              <td className={`${cell} text-slate-800`}>{describeCard(payment.cardBrand, payment.cardLast4)}</td>
              <td className={`${cell} whitespace-nowrap text-slate-800`}>{payment.receiptNumber ?? "–"}</td>
              <td className={cell}>
                <PaymentStatusBadge status={payment.status} />
                {payment.failureMessage && payment.status === "failed" ? (
                  <span className="mt-1 block max-w-56 text-xs text-slate-700">{payment.failureMessage}</span>
                ) : null}
              </td>
              <td className={cell}>{payment.status === "completed" ? <RefundButton payment={payment} /> : null}</td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No payments yet.
        </p>
      )}

      <h2 className="mt-10 text-lg font-bold">Awaiting payment</h2>
      <p className="mt-1 text-slate-600">
        Pending projects nobody has paid for yet. Send the vendor their payment link.
      </p>
      {awaiting.length ? (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
          {awaiting.map((project) => (
            <li key={project.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <span>
                <span className="block font-medium text-slate-900">{project.address}</span>
                <span className="block text-slate-700">
                  {project.vendorName} · created {formatDate(project.createdAt)} · contract{" "}
                  {project.contractSigned ? "signed" : "not signed"}
                </span>
              </span>
              <a
                href={project.paymentLink}
                className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
              >
                Payment page<span className="sr-only"> for {project.address}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          Every pending project has been paid for.
        </p>
      )}
    </section>
  );
}

function Stat({ term, value, detail }: { term: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="mt-1 text-2xl font-extrabold tracking-tight text-slate-900">{value}</dd>
      <dd className="text-sm text-slate-600">{detail}</dd>
    </div>
  );
}

/** Refunding asks once more before it happens; as a disclosure, that works without JavaScript too. */
function RefundButton({
  payment,
}: {
  payment: {
    id: number;
    amountPence: number;
    cardBrand: string | null;
    cardLast4: string | null;
    receiptNumber: string | null;
  };
}) {
  return (
    <details>
      <summary
        className={buttonClass({
          variant: "secondary",
          size: "sm",
          className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        })}
      >
        Refund<span className="sr-only"> payment {payment.receiptNumber}</span>
      </summary>
      <Form
        method="post"
        className="mt-2 w-56 space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg"
      >
        <input type="hidden" name="paymentId" value={payment.id} />
        <p className="text-slate-800">
          Refund {formatPence(payment.amountPence)} to {describeCard(payment.cardBrand, payment.cardLast4)}?
        </p>
        <button
          type="submit"
          className="w-full rounded-lg bg-red-700 px-3.5 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        >
          Confirm refund
        </button>
      </Form>
    </details>
  );
}
