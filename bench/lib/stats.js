// Percentiles of a list of numbers (nearest rank).
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (n, digits = 2) => (n === null || n === undefined ? null : Math.round(n * 10 ** digits) / 10 ** digits);

export function summarise(values) {
  return { p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), p99: round(percentile(values, 99)), count: values.length };
}
