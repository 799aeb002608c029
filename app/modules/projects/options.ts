// The option lists of a property project (spec §3), shared by the vendor and admin forms and the API.

export const PROPERTY_TYPES = [
  "Detached",
  "Semi-Detached",
  "Terraced",
  "Flat/Apartment",
  "Bungalow",
  "Maisonette",
  "Studio",
  "Other",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const TENURES = ["Freehold", "Leasehold", "Commonhold", "Feuhold", "Other"] as const;
export type Tenure = (typeof TENURES)[number];

/** England's bands run A–H; Wales adds I. */
export const COUNCIL_TAX_BANDS = ["A", "B", "C", "D", "E", "F", "G", "H", "I"] as const;

/** Energy Performance Certificate ratings, best first. */
export const EPC_RATINGS = ["A", "B", "C", "D", "E", "F", "G"] as const;

/** The bedrooms select of the vendor form (the admin form offers 2 to 8). */
export const VENDOR_BEDROOMS = { from: 1, to: 7 } as const;

export const numberRange = ({ from, to }: { from: number; to: number }) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The centre of the map picker before a point or postcode is chosen (spec §9): London, zoomed out to show England. */
export const PICKER_START = { latitude: 51.509865, longitude: -0.118092, zoom: 6, height: 400 } as const;
