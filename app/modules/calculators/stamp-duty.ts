// Stamp Duty Land Tax on a residential purchase in England or Northern Ireland, at the rates in force
// from 1 April 2025. Scotland (LBTT) and Wales (LTT) have their own taxes and are not covered.

export type BuyerType = "standard" | "first-time" | "additional";

type Band = { from: number; to: number | null; rate: number };

const STANDARD: Band[] = [
  { from: 0, to: 125_000, rate: 0 },
  { from: 125_000, to: 250_000, rate: 0.02 },
  { from: 250_000, to: 925_000, rate: 0.05 },
  { from: 925_000, to: 1_500_000, rate: 0.1 },
  { from: 1_500_000, to: null, rate: 0.12 },
];

/** First-time buyer relief: only when the price is £500,000 or less; above that the standard bands apply. */
const FIRST_TIME: Band[] = [
  { from: 0, to: 300_000, rate: 0 },
  { from: 300_000, to: 500_000, rate: 0.05 },
];
export const FIRST_TIME_BUYER_PRICE_LIMIT = 500_000;

/** Additional homes pay 5 points more in every band (from 31 October 2024); not below £40,000. */
export const ADDITIONAL_SURCHARGE = 0.05;
export const ADDITIONAL_SURCHARGE_THRESHOLD = 40_000;

export type BandWorking = { from: number; to: number | null; rate: number; taxable: number; tax: number };
export type StampDuty = {
  price: number;
  buyerType: BuyerType;
  bands: BandWorking[];
  total: number;
  effectiveRate: number;
  note?: string;
};

export function stampDuty(price: number, buyerType: BuyerType): StampDuty {
  if (!Number.isFinite(price) || price < 0) throw new RangeError("The price must be a positive number of pounds.");
  let bands = STANDARD;
  let surcharge = 0;
  let note: string | undefined;
  if (buyerType === "first-time") {
    if (price <= FIRST_TIME_BUYER_PRICE_LIMIT) bands = FIRST_TIME;
    else note = "First-time buyer relief applies only to homes costing £500,000 or less, so the standard rates apply.";
  }
  if (buyerType === "additional") {
    if (price >= ADDITIONAL_SURCHARGE_THRESHOLD) surcharge = ADDITIONAL_SURCHARGE;
    else note = "The surcharge on additional homes does not apply below £40,000.";
  }
  const working = bands
    .filter((band) => price > band.from)
    .map((band) => {
      const taxable = Math.min(price, band.to ?? Infinity) - band.from;
      const rate = band.rate + surcharge;
      return { from: band.from, to: band.to, rate, taxable, tax: taxable * rate };
    });
  // HMRC rounds the tax down to the whole pound.
  const total = Math.floor(working.reduce((sum, b) => sum + b.tax, 0) + 1e-9);
  return {
    price,
    buyerType,
    bands: working,
    total,
    effectiveRate: price > 0 ? total / price : 0,
    ...(note ? { note } : {}),
  };
}
