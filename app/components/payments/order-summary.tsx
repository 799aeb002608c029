import { Link } from "react-router";

import { formatDate } from "../../lib/format";
import { formatPence } from "../../lib/money";
import { CheckCircleIcon } from "../ui/icons";
import { CopyLink } from "./copy-link";

type Summary = {
  project: { id: number; address: string; name: string; email: string | null; contractSignedAt: string | null };
  price: { netPence: number; vatPence: number; totalPence: number; vatPercent: number; name: string };
  paymentLink: string;
  isOwner: boolean;
};

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="py-3">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

/** The right-hand card of the payment page (spec §2): who pays, for what, how much, and the shareable link. */
export function OrderSummary({ project, price, paymentLink, isOwner }: Summary) {
  return (
    <section
      aria-labelledby="order-summary"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="order-summary" className="text-lg font-bold text-slate-900">
        Order Summary
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">
        <Row term="Name">{project.name}</Row>
        <Row term="Property address">{project.address}</Row>
        <Row term="Your email address">{project.email ?? "Not given"}</Row>
        <Row term="Total amount (£)">
          <span className="text-2xl font-extrabold tracking-tight">{formatPence(price.totalPence)}</span>{" "}
          <span className="text-sm font-semibold text-slate-700">including VAT</span>
          <span className="mt-1 block text-sm text-slate-600">
            {price.name}: {formatPence(price.netPence)} + VAT at {price.vatPercent}% ({formatPence(price.vatPence)})
          </span>
        </Row>
        <Row term="Contract">
          {project.contractSignedAt ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-emerald-800">
              <CheckCircleIcon className="size-5" /> Signed on {formatDate(project.contractSignedAt)}
            </span>
          ) : (
            <span>
              Not signed yet.
              {isOwner ? (
                <>
                  {" "}
                  <Link
                    to={`/sign-contract/${project.id}`}
                    className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
                  >
                    Sign the contract
                  </Link>
                </>
              ) : null}
            </span>
          )}
        </Row>
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <CopyLink id="payment-link" label="Payment Link" link={paymentLink} />
        <p className="mt-1 text-sm text-slate-600">
          Anyone with this link can see this summary and pay, so share it only with the person paying.
        </p>
      </div>
    </section>
  );
}
