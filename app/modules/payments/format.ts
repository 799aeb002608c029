// How payments read on pages, in the API and in emails.

/** e.g. 12 → "MW-000012": receipts are numbered without gaps (see payments.server.ts). */
export const formatReceiptNumber = (receiptNumber: number) => `MW-${String(receiptNumber).padStart(6, "0")}`;

/** e.g. "Visa ending 4242", or "Card" when the provider did not say. */
export const describeCard = (brand: string | null | undefined, last4: string | null | undefined) =>
  last4 ? `${brand ?? "Card"} ending ${last4}` : (brand ?? "Card");
