// The Rightmove BLM file (Automated Datafeed v3): a text file in four sections. Pure: the homes and the names
// of their media files go in, the file's text comes out (blm-feed.server.ts reads the homes and the files).
//
// Layout, as Rightmove's v3 specification and the files agents send it have it (see docs/decisions and the
// research notes): `#HEADER#` with `Version : 3`, the field separator `EOF : '^'` and the record separator
// `EOR : '~'`, `Property Count` and `Generated Date`; `#DEFINITION#`, one line of field names each followed by
// EOF, then EOR; `#DATA#`, one line per home in the same shape; `#END#`. Media columns come after every other
// column (validators insist), and a value may never contain either separator or a line break.
import { londonDateTimeParts } from "../../lib/dates";
import { escapeHtml } from "../../lib/escape-html";
import { oneLine } from "../../lib/one-line";
import type { PropertyType, Tenure } from "../projects/options";
import { type AddressParts } from "./address";
import {
  BLM_PRICE_QUALIFIER_GUIDE,
  BLM_STATUS_ID,
  blmAgentRef,
  type PortalStatus,
  RIGHTMOVE_PROPERTY_TYPE,
  RIGHTMOVE_TENURE,
} from "./codes";

export const BLM_EOF = "^";
export const BLM_EOR = "~";

/** What the file says about a home (the fields of PortalHome it uses). */
export type BlmHome = {
  id: number;
  portalStatus: PortalStatus;
  parts: AddressParts;
  price: number;
  propertyType: PropertyType;
  tenure: Tenure;
  bedrooms: number;
  bathrooms: number;
  receptions: number | null;
  keyFeatures: string[];
  description: string;
  parking: boolean;
  garden: boolean;
  epcRating: string | null;
  listedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** One media file of a home as the file names it: `<AGENT_REF>_IMG_00.jpg`, with its caption. */
export type BlmMediaFile = { index: number; fileName: string; caption: string };

export type BlmMedia = {
  images: BlmMediaFile[]; // IMG_00… (never 60 and up: those are EPC graphs)
  epcGraphs: BlmMediaFile[]; // IMG_60…
  floorPlans: BlmMediaFile[]; // FLP_00…
  documents: BlmMediaFile[]; // DOC_00… (brochures)
  epcDocuments: BlmMediaFile[]; // DOC_50…
  virtualTours: { url: string; caption: string }[]; // URLs, not files
};

export const MEDIA_KINDS = {
  images: { column: "MEDIA_IMAGE", type: "IMG", first: 0, limit: 60 },
  epcGraphs: { column: "MEDIA_IMAGE", type: "IMG", first: 60, limit: 2 },
  floorPlans: { column: "MEDIA_FLOOR_PLAN", type: "FLP", first: 0, limit: 10 },
  documents: { column: "MEDIA_DOCUMENT", type: "DOC", first: 0, limit: 50 },
  epcDocuments: { column: "MEDIA_DOCUMENT", type: "DOC", first: 50, limit: 10 },
} as const;

export type MediaKind = keyof typeof MEDIA_KINDS;

/** `2002_MW12_IMG_00.jpg` */
export const blmMediaFileName = (agentRef: string, kind: MediaKind, index: number, extension: string) =>
  `${agentRef}_${MEDIA_KINDS[kind].type}_${pad(index)}.${extension}`;

const pad = (n: number) => String(n).padStart(2, "0");

/** The columns before the media, in order (the v3 fields a UK sale uses; lettings fields stay empty). */
export const BLM_FIELDS = [
  "AGENT_REF",
  "ADDRESS_1",
  "ADDRESS_2",
  "ADDRESS_3",
  "ADDRESS_4",
  "TOWN",
  "POSTCODE1",
  "POSTCODE2",
  ...Array.from({ length: 10 }, (_, i) => `FEATURE${i + 1}`),
  "SUMMARY",
  "DESCRIPTION",
  "BRANCH_ID",
  "STATUS_ID",
  "BEDROOMS",
  "BATHROOMS",
  "LIVING_ROOMS",
  "PRICE",
  "PRICE_QUALIFIER",
  "PROP_SUB_ID",
  "CREATE_DATE",
  "UPDATE_DATE",
  "DISPLAY_ADDRESS",
  "PUBLISHED_FLAG",
  "LET_DATE_AVAILABLE",
  "LET_BOND",
  "LET_TYPE_ID",
  "LET_FURN_ID",
  "LET_RENT_FREQUENCY",
  "TENURE_TYPE_ID",
  "TRANS_TYPE_ID",
  "NEW_HOME_FLAG",
] as const;

/** Field limits from the specification (characters). */
export const BLM_LIMITS = {
  AGENT_REF: 20,
  ADDRESS: 60,
  TOWN: 60,
  FEATURE: 200,
  SUMMARY: 1024,
  DESCRIPTION: 32768,
  DISPLAY_ADDRESS: 120,
  MEDIA_TEXT: 20,
} as const;

/** How many columns of each media kind the file needs (at least one: the 00 column is always there). */
export type MediaColumns = Record<MediaKind | "virtualTours", number>;

export function mediaColumnsFor(media: BlmMedia[]): MediaColumns {
  // A file left out leaves a gap, so the count is up to the highest index used, not the number of files.
  const most = (kind: MediaKind) =>
    Math.max(1, ...media.flatMap((m) => m[kind].map((file) => file.index - MEDIA_KINDS[kind].first + 1)));
  return {
    images: most("images"),
    epcGraphs: most("epcGraphs"),
    floorPlans: most("floorPlans"),
    documents: most("documents"),
    epcDocuments: most("epcDocuments"),
    virtualTours: Math.max(1, ...media.map((m) => m.virtualTours.length)),
  };
}

/** Every column of the file: the fields, then each media column followed by its caption column. */
export function blmDefinition(columns: MediaColumns): string[] {
  const media: string[] = [];
  for (const kind of ["images", "epcGraphs", "floorPlans", "documents", "epcDocuments"] as const) {
    const { column, first } = MEDIA_KINDS[kind];
    for (let i = 0; i < columns[kind]; i++)
      media.push(`${column}_${pad(first + i)}`, `${column}_TEXT_${pad(first + i)}`);
  }
  for (let i = 0; i < columns.virtualTours; i++)
    media.push(`MEDIA_VIRTUAL_TOUR_${pad(i)}`, `MEDIA_VIRTUAL_TOUR_TEXT_${pad(i)}`);
  return [...BLM_FIELDS, ...media];
}

/**
 * A value as it may stand in the file: no separators, no line breaks, no section marker, no trailing
 * backslash (some readers take "\^" as an escaped separator), trimmed and cut to `limit` characters.
 */
export function blmValue(value: string | number | null | undefined, limit?: number): string {
  if (value === null || value === undefined) return "";
  let text = blmText(String(value));
  if (limit !== undefined && text.length > limit) text = cut(text, limit);
  return text.replace(/\\+$/, "");
}

/** `blmValue`'s cleaning, before any cut. It may make a text longer: "#END#" becomes "# END#". */
function blmText(value: string) {
  return (
    oneLine(value)
      .replaceAll(BLM_EOF, " ")
      .replaceAll(BLM_EOR, "-")
      .replace(/#(?=(HEADER|DEFINITION|DATA|END)#)/gi, "# ")
      // Other control characters (C0 and C1) would break a reader's line handling.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
      .replace(/ {2,}/g, " ")
      .trim()
  );
}

/** Cuts at a word boundary and ends with "…" when it had to. */
function cut(text: string, limit: number) {
  if (text.length <= limit) return text;
  const room = text.slice(0, limit - 1);
  const space = room.lastIndexOf(" ");
  return `${(space > limit * 0.6 ? room.slice(0, space) : room).trimEnd()}…`;
}

/**
 * The description as the file's HTML: our plain text escaped, line breaks as <br>. Cut when too long, without
 * leaving half an entity such as "&am" before the "…". Cleaned for the file before it is measured, so that
 * `blmValue` cannot make it longer and cut it again without that care.
 */
export function blmDescription(text: string) {
  const html = blmText(escapeHtml(text.trim()).replace(/\r\n?|[\n\u0085\u2028\u2029]/g, "<br>"));
  if (html.length <= BLM_LIMITS.DESCRIPTION) return html;
  return cut(html.replace(/<br>/g, " "), BLM_LIMITS.DESCRIPTION).replace(/&[#\w]*…$/, "…");
}

const TYPE_WORDS: Record<PropertyType, string> = {
  Detached: "detached house",
  "Semi-Detached": "semi-detached house",
  Terraced: "terraced house",
  "Flat/Apartment": "flat",
  Bungalow: "bungalow",
  Maisonette: "maisonette",
  Studio: "studio",
  Other: "home",
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A plain summary (≤ 1024): the description's opening, or a sentence made from the facts. */
export function blmSummary(home: BlmHome) {
  const text = home.description.replace(/\s+/g, " ").trim();
  if (text) return cut(text, BLM_LIMITS.SUMMARY);
  const size = home.propertyType === "Studio" || home.bedrooms === 0 ? "A" : `A ${home.bedrooms} bedroom`;
  return `${size} ${TYPE_WORDS[home.propertyType]} in ${home.parts.town}.`;
}

/** FEATURE1–10: the key features; fewer than three are topped up from the facts (Rightmove wants three). */
export function blmFeatures(home: BlmHome): string[] {
  const features = home.keyFeatures.map((f) => blmValue(f, BLM_LIMITS.FEATURE)).filter(Boolean);
  const facts = [
    home.bedrooms > 0 ? plural(home.bedrooms, "bedroom") : "",
    home.bathrooms > 0 ? plural(home.bathrooms, "bathroom") : "",
    home.receptions ? plural(home.receptions, "reception room") : "",
    home.tenure !== "Other" ? home.tenure : "",
    home.garden ? "Garden" : "",
    home.parking ? "Parking" : "",
    home.epcRating ? `EPC rating ${home.epcRating}` : "",
    `${TYPE_WORDS[home.propertyType][0]!.toUpperCase()}${TYPE_WORDS[home.propertyType].slice(1)}`,
  ].filter(Boolean);
  const seen = new Set(features.map((f) => f.toLowerCase()));
  for (const fact of facts) {
    if (features.length >= 3) break;
    if (!seen.has(fact.toLowerCase())) {
      features.push(fact);
      seen.add(fact.toLowerCase());
    }
  }
  return features.slice(0, 10);
}

/** `YYYY-MM-DD HH:MI:SS`, UK time (the specification's date format). */
export function blmDate(date: Date) {
  const p = londonDateTimeParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `YYYYMMDDHH`, UK time: the file's name is `<BRANCH_ID>_<this>.BLM`. */
export function blmStamp(date: Date) {
  const p = londonDateTimeParts(date);
  return `${p.year}${p.month}${p.day}${p.hour}`;
}

/** One home's row, keyed by column (media columns not named here stay empty). */
export function blmRecord(home: BlmHome, media: BlmMedia, branchId: number): Record<string, string> {
  if (home.portalStatus === "sold") throw new Error(`home ${home.id} is sold: it is not in the BLM file`);
  const { parts } = home;
  // ADDRESS_1 is the house name or number and ADDRESS_2 the street; both are required, so a home without a
  // number moves its lines up.
  const lines = [parts.houseNameNumber, parts.street, parts.locality].filter(Boolean);
  const record: Record<string, string> = {
    AGENT_REF: blmValue(blmAgentRef(branchId, home.id), BLM_LIMITS.AGENT_REF),
    ADDRESS_1: blmValue(lines[0] ?? parts.town, BLM_LIMITS.ADDRESS),
    ADDRESS_2: blmValue(lines[1] ?? parts.town, BLM_LIMITS.ADDRESS),
    ADDRESS_3: blmValue(lines[2], BLM_LIMITS.ADDRESS),
    ADDRESS_4: "",
    TOWN: blmValue(parts.town, BLM_LIMITS.TOWN),
    POSTCODE1: blmValue(parts.outward),
    POSTCODE2: blmValue(parts.inward),
    SUMMARY: blmValue(blmSummary(home), BLM_LIMITS.SUMMARY),
    DESCRIPTION: blmValue(blmDescription(home.description) || blmSummary(home), BLM_LIMITS.DESCRIPTION),
    BRANCH_ID: String(branchId),
    STATUS_ID: String(BLM_STATUS_ID[home.portalStatus]),
    BEDROOMS: String(home.bedrooms),
    BATHROOMS: String(home.bathrooms),
    LIVING_ROOMS: home.receptions === null ? "" : String(home.receptions),
    PRICE: String(home.price),
    PRICE_QUALIFIER: String(BLM_PRICE_QUALIFIER_GUIDE),
    PROP_SUB_ID: String(RIGHTMOVE_PROPERTY_TYPE[home.propertyType]),
    CREATE_DATE: blmDate(home.listedAt ?? home.createdAt),
    UPDATE_DATE: blmDate(home.updatedAt),
    DISPLAY_ADDRESS: blmValue(parts.displayAddress, BLM_LIMITS.DISPLAY_ADDRESS),
    PUBLISHED_FLAG: "1",
    LET_DATE_AVAILABLE: "",
    LET_BOND: "",
    LET_TYPE_ID: "",
    LET_FURN_ID: "",
    LET_RENT_FREQUENCY: "",
    TENURE_TYPE_ID: String(RIGHTMOVE_TENURE[home.tenure] ?? ""),
    TRANS_TYPE_ID: "1",
    NEW_HOME_FLAG: "N",
  };
  blmFeatures(home).forEach((feature, i) => (record[`FEATURE${i + 1}`] = feature));
  for (const kind of Object.keys(MEDIA_KINDS) as MediaKind[]) {
    const { column } = MEDIA_KINDS[kind];
    for (const file of media[kind]) {
      record[`${column}_${pad(file.index)}`] = blmValue(file.fileName);
      record[`${column}_TEXT_${pad(file.index)}`] = blmValue(file.caption, BLM_LIMITS.MEDIA_TEXT);
    }
  }
  media.virtualTours.forEach((tour, i) => {
    record[`MEDIA_VIRTUAL_TOUR_${pad(i)}`] = blmValue(tour.url);
    record[`MEDIA_VIRTUAL_TOUR_TEXT_${pad(i)}`] = blmValue(tour.caption, BLM_LIMITS.MEDIA_TEXT);
  });
  return record;
}

/** The whole file. Every row has every column of the definition, in its order. */
export function writeBlm({
  definition,
  records,
  generatedAt,
}: {
  definition: string[];
  records: Record<string, string>[];
  generatedAt: Date;
}): string {
  const unknown = records.flatMap((r) => Object.keys(r)).filter((name) => !definition.includes(name));
  if (unknown.length) throw new Error(`columns missing from the definition: ${[...new Set(unknown)].join(", ")}`);
  const line = (values: string[]) => `${values.map((v) => `${blmValue(v)}${BLM_EOF}`).join("")}${BLM_EOR}`;
  return [
    "#HEADER#",
    "Version : 3",
    `EOF : '${BLM_EOF}'`,
    `EOR : '${BLM_EOR}'`,
    `Property Count : ${records.length}`,
    `Generated Date : ${blmDate(generatedAt)}`,
    "",
    "#DEFINITION#",
    line(definition),
    "",
    "#DATA#",
    ...records.map((record) => line(definition.map((name) => record[name] ?? ""))),
    "#END#",
    "",
  ].join("\n");
}
