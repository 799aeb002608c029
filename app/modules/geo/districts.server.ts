// Postcode districts (outward codes such as "LE1") and areas ("LE"), with centroids and names:
// data/uk-outcodes.csv and data/uk-postcode-areas.csv, a few thousand rows read once.
import { readFileSync } from "node:fs";
import path from "node:path";

export type District = { outcode: string; latitude: number; longitude: number; town: string; area: string };
export type Area = { area: string; name: string; latitude: number; longitude: number };

function readCsv(file: string) {
  const [, ...rows] = readFileSync(path.resolve("data", file), "utf8").trim().split("\n");
  return rows.map((row) => row.split(","));
}

let districts: Map<string, District> | undefined;
let sortedOutcodes: string[] | undefined;
let areas: Map<string, Area> | undefined;

function load() {
  if (!districts) {
    districts = new Map(
      readCsv("uk-outcodes.csv").map(([outcode, lat, lng, town, area]) => [
        outcode!,
        { outcode: outcode!, latitude: Number(lat), longitude: Number(lng), town: town || area!, area: area! },
      ]),
    );
    sortedOutcodes = [...districts.keys()].sort();
    areas = new Map(
      readCsv("uk-postcode-areas.csv").map(([area, name, lat, lng]) => [
        area!,
        { area: area!, name: name!, latitude: Number(lat), longitude: Number(lng) },
      ]),
    );
  }
  return { districts, sortedOutcodes: sortedOutcodes!, areas: areas! };
}

export function findDistrict(outcode: string): District | undefined {
  return load().districts.get(outcode);
}

export function findArea(area: string): Area | undefined {
  return load().areas.get(area);
}

/** Districts whose outward code starts with `prefix`, in natural order (LE1, LE2 … LE10 …). */
export function districtsWithPrefix(prefix: string, limit: number): District[] {
  const { districts, sortedOutcodes } = load();
  const byNumber = (code: string) => Number(code.replace(/^[A-Z]+/, "").replace(/[A-Z]$/, "")) || 0;
  return sortedOutcodes
    .filter((code) => code.startsWith(prefix))
    .sort(
      (a, b) =>
        a.replace(/\d.*$/, "").localeCompare(b.replace(/\d.*$/, "")) || byNumber(a) - byNumber(b) || a.localeCompare(b),
    )
    .slice(0, limit)
    .map((code) => districts.get(code)!);
}
