// Turns what a person types ("le1 5ww", "LE1", "le") into a place with coordinates: a full postcode,
// a postcode district or a postcode area. Used by search, address suggestions and geocoding.
import { type District, districtsWithPrefix, findArea, findDistrict } from "./districts.server";
import { normaliseOutcode, normalisePostcode, outcodeOf } from "./postcode";
import { loadPostcodeIndex } from "./postcode-index.server";

export type Place =
  | {
      kind: "postcode";
      code: string;
      outcode: string;
      area: string;
      town: string | null;
      label: string;
      latitude: number;
      longitude: number;
    }
  | {
      kind: "district";
      code: string;
      outcode: string;
      area: string;
      town: string | null;
      label: string;
      latitude: number;
      longitude: number;
    }
  | { kind: "area"; code: string; area: string; label: string; latitude: number; longitude: number };

const areaOf = (outcode: string) => outcode.replace(/\d.*$/, "");

/** Upper case, letters and digits only: "le1 5ww" → "LE15WW". */
export const compactPostcode = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "");

const townOf = (d: District) => d.town.split(" / ")[0]!;

export async function locate(query: string): Promise<Place | null> {
  const compact = compactPostcode(query);
  const postcode = normalisePostcode(compact);
  if (postcode) {
    const point = (await loadPostcodeIndex()).lookup(postcode);
    if (!point) return null;
    const outcode = outcodeOf(postcode)!;
    const district = findDistrict(outcode);
    const area = areaOf(outcode);
    const town = district ? townOf(district) : null;
    return {
      kind: "postcode",
      code: point.postcode,
      outcode,
      area,
      town,
      label: town ? `${point.postcode}, ${town}` : point.postcode,
      latitude: point.latitude,
      longitude: point.longitude,
    };
  }
  const outcode = normaliseOutcode(compact);
  if (outcode) {
    const district = findDistrict(outcode);
    if (!district) return null;
    const town = townOf(district);
    return {
      kind: "district",
      code: outcode,
      outcode,
      area: areaOf(outcode),
      town,
      label: `${compact}, ${town}`,
      latitude: district.latitude,
      longitude: district.longitude,
    };
  }
  if (/^[A-Z]{1,2}$/.test(compact)) {
    const area = findArea(compact);
    if (!area) return null;
    return {
      kind: "area",
      code: compact,
      area: compact,
      label: `${compact} (${area.name})`,
      latitude: area.latitude,
      longitude: area.longitude,
    };
  }
  return null;
}

export type Suggestion = { id: string; address: string };

/**
 * Postcode suggestions for a partial entry: districts while the outward code is being typed, then
 * full postcodes. (Street addresses need a licensed address file; postcodes are what we hold.)
 */
export async function suggestPostcodes(query: string, limit = 10): Promise<Suggestion[]> {
  const compact = compactPostcode(query);
  if (compact.length < 2) return [];
  const index = await loadPostcodeIndex();
  const results = new Map<string, Suggestion>();
  const addPostcodes = (prefix: string) => {
    for (const p of index.withPrefix(prefix, limit)) {
      const district = findDistrict(p.postcode.split(" ")[0]!);
      results.set(p.postcode, {
        id: p.postcode,
        address: district ? `${p.postcode}, ${townOf(district)}` : p.postcode,
      });
    }
  };
  const spaced = query.trim().toUpperCase().replace(/\s+/g, " ");
  if (spaced.includes(" ")) {
    addPostcodes(spaced);
  } else {
    for (const d of districtsWithPrefix(compact, limit))
      results.set(d.outcode, { id: d.outcode, address: `${d.outcode}, ${townOf(d)}` });
    // Without a space "LE15W" may be "LE1 5W…" (or "LE15 W…", which no postcode is): try each split.
    for (let split = 2; split <= 4 && split < compact.length; split++) {
      if (normaliseOutcode(compact.slice(0, split)) && /^\d[A-Z]{0,2}$/.test(compact.slice(split)))
        addPostcodes(`${compact.slice(0, split)} ${compact.slice(split)}`);
    }
  }
  return [...results.values()].slice(0, limit);
}
