const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

/** Whole pounds, e.g. £350,000. */
export const formatPrice = (pounds: number) => gbp.format(pounds);

const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** e.g. 21 November 2026 */
export const formatDate = (date: Date | string) => longDate.format(new Date(date));

const gbpPence = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Pounds and pence, e.g. £1,169.18. */
export const formatMoney = (pounds: number) => gbpPence.format(pounds);

const count = new Intl.NumberFormat("en-GB");

/** A whole number with thousands separators, e.g. 50,150. */
export const formatCount = (n: number) => count.format(n);

/** e.g. 5% or 12.5% */
export const formatPercent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;
const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});

/** e.g. 21 Nov 2026, 14:05 (UK time) */
export const formatDateTime = (date: Date | string) => dateTime.format(new Date(date));
