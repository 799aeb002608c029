// How long personal data is kept (spec §9), as the privacy policy promises. A purge job must use
// these same numbers.
export const RETENTION_YEARS = {
  /** Account, project, contract and payment records, counted from the account's closure. */
  accountAfterClosure: 7,
  /** Viewing and valuation requests, from when they were made. */
  viewingsAndValuations: 6,
  /** Website analytics, roughly. */
  analytics: 2,
  /** Support records: contact messages and our replies. */
  supportRecords: 3,
} as const;
