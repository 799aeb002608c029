// The selling package's prices and the comparison figures (spec §1, §9), in one place: the marketing
// pages show them and payments charge from them, so the two cannot disagree.
import { formatPrice } from "../../lib/format";
import { includingVatText, plusVatText, withVat } from "../../lib/money";

/** The package's usual price, before VAT, in whole pounds. */
export const STANDARD_FEE_POUNDS = 2000;
/** The introductory offer, before VAT, in whole pounds: what a vendor pays today. */
export const INTRODUCTORY_FEE_POUNDS = 1495;

/** What a card payment for the package charges, in pence: £1,495.00 + £299.00 VAT = £1,794.00. */
const charge = withVat(INTRODUCTORY_FEE_POUNDS * 100);
export const SELLING_PACKAGE_CHARGE = {
  netPence: charge.netPence,
  vatPence: charge.vatPence,
  totalPence: charge.grossPence,
  currency: "gbp",
} as const;

/** What a typical high-street agent charges, as a percentage of the sale price. */
export const TYPICAL_AGENT_COMMISSION_PERCENT = { min: 1, max: 2 } as const;

/** Extras a typical agent charges for, and what they cost with us (whole pounds; 0 means free). */
export const PORTAL_LISTING_POUNDS = { typical: 125, ours: 0 } as const;
export const EPC_POUNDS = { typical: 125, ours: 60 } as const;

/** What the package includes (spec §1). */
export const PACKAGE_FEATURES = [
  "Accredited survey and valuation",
  "360 virtual tours",
  "Premium portal listing",
  "Mortgage advice",
  "Conveyancing quote",
  "Accessibility and multilingual audio tours",
] as const;

/** Typical commission for a home of `pricePounds`, as [low, high] in whole pounds before VAT. */
export function typicalCommissionPounds(pricePounds: number): [number, number] {
  return [
    Math.round((pricePounds * TYPICAL_AGENT_COMMISSION_PERCENT.min) / 100),
    Math.round((pricePounds * TYPICAL_AGENT_COMMISSION_PERCENT.max) / 100),
  ];
}

/** The same, with VAT, as a consumer compares it with our price including VAT. */
export const typicalCommissionWithVatPounds = (pricePounds: number): [number, number] =>
  typicalCommissionPounds(pricePounds).map((pounds) => withVat(pounds * 100).grossPence / 100) as [number, number];

/**
 * The figures as the pages print them. A consumer sees the price with VAT first ("£1,794 including VAT") and
 * the spec's breakdown beside it ("£1,495 + VAT"); never the net figure alone.
 */
export const PRICE_TEXT = {
  introductoryFee: includingVatText(INTRODUCTORY_FEE_POUNDS * 100),
  introductoryFeeBreakdown: plusVatText(INTRODUCTORY_FEE_POUNDS * 100),
  introductoryFeeAmount: formatPrice(withVat(INTRODUCTORY_FEE_POUNDS * 100).grossPence / 100),
  standardFee: includingVatText(STANDARD_FEE_POUNDS * 100),
  standardFeeBreakdown: plusVatText(STANDARD_FEE_POUNDS * 100),
  /** Prose: "£1,794 including VAT (£1,495 + VAT)". */
  introductoryFeeInFull: `${includingVatText(INTRODUCTORY_FEE_POUNDS * 100)} (${plusVatText(INTRODUCTORY_FEE_POUNDS * 100)})`,
  standardFeeInFull: `${includingVatText(STANDARD_FEE_POUNDS * 100)} (${plusVatText(STANDARD_FEE_POUNDS * 100)})`,
  commission: `${TYPICAL_AGENT_COMMISSION_PERCENT.min}% to ${TYPICAL_AGENT_COMMISSION_PERCENT.max}%`,
  portalListingTypical: formatPrice(PORTAL_LISTING_POUNDS.typical),
  portalListingOurs: PORTAL_LISTING_POUNDS.ours === 0 ? "Free" : formatPrice(PORTAL_LISTING_POUNDS.ours),
  epcTypical: formatPrice(EPC_POUNDS.typical),
  epcOurs: formatPrice(EPC_POUNDS.ours),
} as const;

/** The home used in "what would a typical agent charge?" examples. */
export const EXAMPLE_HOME_PRICE = 300_000;

/** How contracts, receipts and the payment page name what is bought. */
export const PACKAGE_NAME = "MoveWise fixed-fee selling package";
