// Which demo photos each home gets, in gallery order. The files are in ./photos (credits in
// ./photos/LICENSE.md): the first photo is the exterior chosen in the listing data, then interiors.
import type { FlatExterior, HouseExterior, PropertyType } from "./listings";

type Interior = `living-0${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}` | `kitchen-0${1 | 2 | 3}` | `bedroom-0${1 | 2}`;
export type PhotoName = HouseExterior | FlatExterior | Interior;

export interface PhotoChoice {
  name: PhotoName;
  altText: string;
}

/** What each interior shows, for the alt text. */
const INTERIOR_CAPTIONS: Record<Interior, string> = {
  "living-01": "Sitting room",
  "living-02": "Living room",
  "living-03": "Living room with study corner",
  "living-04": "Living and dining room",
  "living-05": "Open-plan living area",
  "living-06": "Sitting room with fireplace",
  "living-07": "Living and dining room with fireplace",
  "living-08": "Open-plan living room and kitchen",
  "kitchen-01": "Kitchen with dining table",
  "kitchen-02": "Kitchen and dining area",
  "kitchen-03": "Kitchen-diner",
  "bedroom-01": "Bedroom",
  "bedroom-02": "Main bedroom",
};

// Houses get the more traditional rooms; flats the open-plan ones.
const HOUSE_LIVING: Interior[] = ["living-02", "living-06", "living-04", "living-07", "living-01", "living-08"];
const FLAT_LIVING: Interior[] = ["living-05", "living-03", "living-08", "living-01"];
const HOUSE_KITCHENS: Interior[] = ["kitchen-03", "kitchen-01", "kitchen-02"];
const FLAT_KITCHENS: Interior[] = ["kitchen-02", "kitchen-01"];
const BEDROOMS: Interior[] = ["bedroom-02", "bedroom-01"];

const FLAT_LIKE = new Set<PropertyType>(["Flat/Apartment", "Maisonette", "Studio"]);

const pick = <T>(list: T[], index: number): T => list[index % list.length]!;

/**
 * The photos for the `index`-th home: its exterior, then `count - 1` interiors, rotated by index
 * so that neighbouring cards in the results do not all show the same rooms.
 */
export function photosFor(
  home: { propertyType: PropertyType; bedrooms: number; street: string; exterior: HouseExterior | FlatExterior },
  index: number,
  count: number,
): PhotoChoice[] {
  const flatLike = FLAT_LIKE.has(home.propertyType);
  const living = flatLike ? FLAT_LIVING : HOUSE_LIVING;
  const kitchens = flatLike ? FLAT_KITCHENS : HOUSE_KITCHENS;
  const interiors: Interior[] = [pick(living, index), pick(kitchens, index)];
  if (home.bedrooms > 0) interiors.push(pick(BEDROOMS, index));
  interiors.push(pick(living, index + 1), pick(kitchens, index + 1), pick(living, index + 2));
  const rooms = [...new Set(interiors)].slice(0, count - 1);

  const outside = flatLike
    ? `Outside of the building, ${home.street}`
    : home.propertyType === "Other"
      ? `Front of the property at ${home.street}`
      : `Front of the house at ${home.street}`;
  return [
    { name: home.exterior, altText: outside },
    ...rooms.map((name) => ({ name, altText: `${INTERIOR_CAPTIONS[name]} at ${home.street}` })),
  ];
}
