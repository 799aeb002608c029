/** The spec's conversion factor: one square foot is 0.092903 m². */
export const SQM_PER_SQFT = 0.092903;

/** Floor area in whole square metres, rounded as the spec asks. */
export const sqftToSqm = (sqft: number) => Math.round(sqft * SQM_PER_SQFT);
