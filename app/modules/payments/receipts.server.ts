// The messages a payment sends: a VAT receipt to the payer and a note to the agency when it completes,
// and a refund notice. The receipt carries what HMRC asks of a full VAT invoice (the charge is over £250).
import { getEnv } from "../../lib/env.server";
import { formatDate } from "../../lib/format";
import { formatPence, VAT_PERCENT, vatIncluded } from "../../lib/money";
import { agencyEmail, type Mail } from "../mail/mail.server";
import { PACKAGE_NAME } from "../marketing/packages";
import { describeCard, formatReceiptNumber } from "./format";

export type ReceiptFacts = {
  receiptNumber: number;
  completedAt: Date;
  amountPence: number;
  providerPaymentId: string;
  provider: "stripe" | "sandbox";
  cardBrand: string | null;
  cardLast4: string | null;
  project: { id: number; address: string; vendorName: string };
  payerEmail: string | null;
};

/** The VAT inside a VAT-inclusive total, as the receipt shows it. */
export function vatBreakdown(totalPence: number) {
  const { netPence, vatPence } = vatIncluded(totalPence);
  return { netPence, vatPence };
}

const pad = (label: string, value: string) => `  ${label.padEnd(26)}${value}`;

export function receiptText(facts: ReceiptFacts) {
  const env = getEnv();
  const { netPence, vatPence } = vatBreakdown(facts.amountPence);
  const date = formatDate(facts.completedAt);
  return [
    `VAT receipt ${formatReceiptNumber(facts.receiptNumber)}`,
    "",
    pad("Date of issue:", date),
    pad("Time of supply:", date),
    pad("Supplier:", `${env.BUSINESS_NAME}, ${env.BUSINESS_ADDRESS}`),
    pad("VAT registration number:", env.VAT_NUMBER),
    pad("Customer:", `${facts.project.vendorName}, ${facts.project.address}`),
    "",
    `${PACKAGE_NAME} for ${facts.project.address} (booking ${facts.project.id}), quantity 1`,
    pad("Price excluding VAT:", formatPence(netPence)),
    pad(`VAT at ${VAT_PERCENT}%:`, formatPence(vatPence)),
    pad("Total paid:", formatPence(facts.amountPence)),
    "",
    `Paid by ${describeCard(facts.cardBrand, facts.cardLast4)} on ${date}.`,
    `Payment reference: ${facts.providerPaymentId}`,
    ...(facts.provider === "sandbox"
      ? ["", "This payment was made in the MoveWise sandbox: it is a test, and no money moved."]
      : []),
  ].join("\n");
}

export function completedPaymentMails(facts: ReceiptFacts): Mail[] {
  const receipt = receiptText(facts);
  const number = formatReceiptNumber(facts.receiptNumber);
  const mails: Mail[] = [
    {
      to: agencyEmail(),
      subject: `Payment received: ${formatPence(facts.amountPence)} for ${facts.project.address}`,
      text: [
        `${facts.project.vendorName} paid ${formatPence(facts.amountPence)} for the selling package for ${facts.project.address} (booking ${facts.project.id}).`,
        "",
        `See every payment at ${getEnv().PUBLIC_URL}/admin/payments`,
        "",
        receipt,
      ].join("\n"),
    },
  ];
  if (facts.payerEmail) {
    mails.unshift({
      to: facts.payerEmail,
      replyTo: agencyEmail(),
      subject: `Payment received - your VAT receipt ${number}`,
      text: [
        `Dear ${facts.project.vendorName},`,
        "",
        `Thank you: we have received your payment of ${formatPence(facts.amountPence)} for ${facts.project.address}. Your VAT receipt is below; please keep it for your records.`,
        "",
        receipt,
        "",
        `Follow your sale at ${getEnv().PUBLIC_URL}/vendor-propertylisting`,
        "",
        "MoveWise",
      ].join("\n"),
    });
  }
  return mails;
}

export function refundMails(facts: Omit<ReceiptFacts, "completedAt">): Mail[] {
  if (!facts.payerEmail) return [];
  return [
    {
      to: facts.payerEmail,
      replyTo: agencyEmail(),
      subject: `Refund of ${formatPence(facts.amountPence)} for ${facts.project.address}`,
      text: [
        `Dear ${facts.project.vendorName},`,
        "",
        `We have refunded ${formatPence(facts.amountPence)} to your ${describeCard(facts.cardBrand, facts.cardLast4)} (receipt ${formatReceiptNumber(facts.receiptNumber)}).`,
        "Refunds usually reach your account within 5 to 10 working days.",
        "",
        "MoveWise",
      ].join("\n"),
    },
  ];
}
