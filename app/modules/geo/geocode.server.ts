import { compactPostcode, locate } from "./locate.server";

export type Geocoded = { postcode: string; outcode: string; latitude: number; longitude: number };

/**
 * Coordinates for a project from its postcode, when no map location was given. Null when the postcode
 * is not a live GB postcode: the project keeps what was typed and the admin is told (see projects).
 */
export async function geocodePostcode(postcode: string): Promise<Geocoded | null> {
  if (compactPostcode(postcode).length < 5) return null;
  const place = await locate(postcode);
  if (!place || place.kind !== "postcode") return null;
  return { postcode: place.code, outcode: place.outcode, latitude: place.latitude, longitude: place.longitude };
}
