// Percentiles of a list of numbers (nearest rank).
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (n, digits = 2) =>
  n === null || n === undefined ? null : Math.round(n * 10 ** digits) / 10 ** digits;

export function summarise(values) {
  return {
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    count: values.length,
  };
}

const median = (values) => percentile(values, 50);

/**
 * Percentiles of `values` taken in `rounds` consecutive rounds, as the median of each round's: one slow
 * stretch of a shared host then moves one round, not the figure. Also each round's p95.
 */
export function summariseRounds(values, rounds) {
  const size = Math.ceil(values.length / rounds);
  const each = Array.from({ length: rounds }, (_, i) => summarise(values.slice(i * size, (i + 1) * size)));
  return {
    p50: median(each.map((r) => r.p50)),
    p95: median(each.map((r) => r.p95)),
    p99: median(each.map((r) => r.p99)),
    count: values.length,
    rounds,
    roundP95: each.map((r) => r.p95),
  };
}
