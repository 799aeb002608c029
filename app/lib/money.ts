// Money as integer pence, and VAT: the one place the rate lives. Consumer prices are shown with VAT
// (CAP Code 3.18; NTSELAT guidance for property agents), the net figure and the VAT beside them.

/** UK standard rate of VAT, in per cent. */
export const VAT_PERCENT = 20;

/** VAT at the standard rate on a net amount in pence, rounded to the penny (half up). */
export const vatOn = (netPence: number) => Math.round((netPence * VAT_PERCENT) / 100);

export type VatBreakdown = { netPence: number; vatPence: number; grossPence: number };

/** A net amount in pence with its VAT and the total a consumer pays. */
export function withVat(netPence: number): VatBreakdown {
  if (!Number.isSafeInteger(netPence)) throw new RangeError("Money is whole pence.");
  const vatPence = vatOn(netPence);
  return { netPence, vatPence, grossPence: netPence + vatPence };
}

/** The net part of a total that includes VAT at the standard rate (a receipt's breakdown). */
export function vatIncluded(grossPence: number): VatBreakdown {
  const netPence = Math.round((grossPence * 100) / (100 + VAT_PERCENT));
  return { netPence, vatPence: grossPence - netPence, grossPence };
}

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
const poundsAndPence = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** e.g. 179400 → "£1,794.00" */
export const formatPence = (pence: number) => poundsAndPence.format(pence / 100);

/** Whole pounds when the amount is, pounds and pence otherwise: 179400 → "£1,794", 179450 → "£1,794.50". */
export const formatPenceShort = (pence: number) =>
  pence % 100 === 0 ? pounds.format(pence / 100) : poundsAndPence.format(pence / 100);

/** How a consumer price reads: "£1,794 including VAT". */
export const includingVatText = (netPence: number) => `${formatPenceShort(withVat(netPence).grossPence)} including VAT`;

/** The breakdown beside it: "£1,495 + VAT". */
export const plusVatText = (netPence: number) => `${formatPenceShort(netPence)} + VAT`;
