// The selling package and the comparison figures the marketing pages quote, in one place. The card
// payment for a project is computed on the server from SELLING_PACKAGE, never taken from the client.

export const VAT_RATE = 0.2;

export const SELLING_PACKAGE = {
  name: "MoveWise fixed-fee selling package",
  /** The introductory offer, before VAT, in pence. */
  netPence: 149_500,
  /** The usual price, before VAT, in pence. */
  standardNetPence: 200_000,
  includes: [
    "Accredited survey and valuation",
    "360 virtual tours",
    "Premium portal listing",
    "Mortgage advice",
    "Conveyancing quote",
    "Accessibility and multilingual audio tours",
  ],
} as const;

/** VAT at the standard rate on a net amount, rounded to the penny. */
export const vatOn = (netPence: number) => Math.round(netPence * VAT_RATE);

export const PACKAGE_VAT_PENCE = vatOn(SELLING_PACKAGE.netPence);
/** What a vendor pays by card: £1,495 + 20% VAT = £1,794.00. */
export const PACKAGE_TOTAL_PENCE = SELLING_PACKAGE.netPence + PACKAGE_VAT_PENCE;

export const TYPICAL_AGENT = {
  commissionPercent: { from: 1, to: 2 },
  portalListingPounds: 125,
  epcPounds: 125,
} as const;

export const OUR_EPC_POUNDS = 60;

/** e.g. 179400 → "£1,794.00" */
export const formatPence = (pence: number) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 }).format(pence / 100);
