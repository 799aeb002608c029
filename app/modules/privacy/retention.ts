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
  /**
   * Anti-money-laundering records (identity checks, their documents, risk ratings and decisions), from the
   * end of the business relationship (MLR 2017 reg. 40). Closing an account does not shorten it.
   */
  amlAfterRelationship: 5,
} as const;
