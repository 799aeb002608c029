import { Link } from "react-router";

import { buttonClass } from "../ui/button";
import { CheckCircleIcon } from "../ui/icons";

/**
 * A vendor's next payment step for one project, on their dashboard: 'Paid' once a payment completed,
 * otherwise 'Pay Now' — after the contract, which is signed first.
 */
export function ProjectPaymentAction({
  project,
}: {
  project: { id: number; address: string; paid: boolean; contractSignedAt: Date | string | null };
}) {
  if (project.paid) {
    return (
      <span className="inline-flex items-center gap-1 self-center rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-900">
        <CheckCircleIcon className="size-4" />
        Paid<span className="sr-only">: {project.address}</span>
      </span>
    );
  }
  const [to, label] = project.contractSignedAt
    ? [`/payment/${project.id}`, "Pay Now"]
    : [`/sign-contract/${project.id}`, "Sign contract"];
  return (
    <Link to={to} className={buttonClass({ size: "sm" })}>
      {label}
      <span className="sr-only"> for {project.address}</span>
    </Link>
  );
}
