import { PAYMENT_STATUS_STYLES, type PaymentStatus } from "../../modules/payments/status";

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { label, className } = PAYMENT_STATUS_STYLES[status];
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}
