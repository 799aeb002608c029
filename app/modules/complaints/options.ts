// Complaints: limits the forms need (zod-free, so the browser may import them).

/** The redress scheme's clock: a complainant may refer a complaint without a final response after eight weeks. */
export const REDRESS_WEEKS = 8;
export const COMPLAINT_DETAILS_MAX = 5000;
export const FINAL_RESPONSE_MAX = 5000;
