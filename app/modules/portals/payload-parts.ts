// The pieces both real-time feeds build from a home: plain text cut to a portal's limits, the key features, the
// media as absolute public URLs, and our free-text utilities read as the portals' codes. Pure: no database.
import { londonDateTimeParts } from "../../lib/dates";
import { listingHeadline } from "../listings/headline";
import type { PortalHome } from "./portal-home.server";

/** One line of text without control characters or runs of spaces. */
export const oneLine = (text: string) =>
  text
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** `text` cut to at most `max` characters, at a word where it can be, with an ellipsis when cut. */
export function cut(text: string, max: number) {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  return `${(space > max / 2 ? room.slice(0, space) : room).trimEnd()}…`;
}

/** The description as paragraphs (vendors' blank-line layout kept), without other control characters. */
export const plainDescription = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .replace(/(?!\n)\p{Cc}/gu, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/** "3 bedroom detached house for sale in Leicester": what a home without a description is called. */
export const fallbackSummary = (home: PortalHome) =>
  `${listingHeadline(home)} for sale in ${home.parts.town || home.parts.displayAddress}`;

/** The summary: the description's first paragraph as one line (or what the home is), at most `max` long. */
export function summaryOf(home: PortalHome, max: number) {
  const first = plainDescription(home.description).split("\n\n")[0] ?? "";
  return cut(oneLine(first) || fallbackSummary(home), max);
}

/** The key features: non-empty, each once, at most `count` of at most `max` characters. */
export function featuresOf(home: PortalHome, count: number, max: number) {
  const seen = new Set<string>();
  const features: string[] = [];
  for (const raw of home.keyFeatures) {
    const feature = cut(oneLine(raw), max);
    if (!feature || seen.has(feature.toLowerCase())) continue;
    seen.add(feature.toLowerCase());
    features.push(feature);
    if (features.length === count) break;
  }
  return features;
}

export type PortalMediaKind = "image" | "floor_plan" | "brochure" | "epc" | "virtual_tour";

export type PortalMedia = { kind: PortalMediaKind; url: string; caption: string | null };

const isPdf = (doc: { contentType: string; storageKey: string }) =>
  doc.contentType === "application/pdf" || doc.storageKey.toLowerCase().endsWith(".pdf");

/**
 * The home's media in the order the portals show it: photos, floor plans, brochures (PDF documents of type
 * OTHER), the EPC, virtual tours. RICS surveys are the buyer's and seller's business, never advertised.
 */
export function mediaOf(home: PortalHome, publicUrl: string): PortalMedia[] {
  const url = (key: string) => `${publicUrl.replace(/\/$/, "")}/media/${key}`;
  const tours = [
    ...new Set([home.virtualTourUrl, ...home.virtualTours.map((t) => t.url)].filter((u): u is string => !!u)),
  ];
  return [
    ...home.images.map((i) => ({ kind: "image" as const, url: url(i.storageKey), caption: i.altText })),
    ...home.floorPlans.map((p) => ({ kind: "floor_plan" as const, url: url(p.storageKey), caption: "Floor plan" })),
    ...home.documents
      .filter((d) => d.type === "OTHER" && isPdf(d))
      .map((d) => ({ kind: "brochure" as const, url: url(d.storageKey), caption: d.name })),
    ...home.documents
      .filter((d) => d.type === "EPC")
      .map((d) => ({ kind: "epc" as const, url: url(d.storageKey), caption: "EPC" })),
    ...tours
      .filter((u) => /^https?:\/\/\S+$/i.test(u))
      .map((u) => ({ kind: "virtual_tour" as const, url: u, caption: "Virtual tour" })),
  ].map((m) => ({ ...m, caption: m.caption ? oneLine(m.caption) || null : null }));
}

/** Our free-text supply ("Mains", "Private septic tank") as the portals' code, when it says which. */
export function supplyCode(text: string | null): "mains_supply" | "private_supply" | null {
  if (!text) return null;
  if (/\bmains?\b/i.test(text)) return "mains_supply";
  if (/\b(private|septic|cesspit|cesspool|borehole|well)\b/i.test(text)) return "private_supply";
  return null;
}

/** Our free-text broadband ("Ultrafast full fibre (FTTP)") as Rightmove's codes. */
export function broadbandCodes(text: string | null): ("adsl" | "cable" | "fttc" | "fttp" | "none")[] | null {
  if (!text) return null;
  const codes = new Set<"adsl" | "cable" | "fttc" | "fttp" | "none">();
  if (/fttp|full fibre|fibre to the premises|ultrafast/i.test(text)) codes.add("fttp");
  if (/fttc|fibre to the cabinet|superfast/i.test(text)) codes.add("fttc");
  if (/\bcable\b|virgin/i.test(text)) codes.add("cable");
  if (/adsl|copper|standard/i.test(text)) codes.add("adsl");
  if (codes.size === 0 && /^\s*(none|no broadband)\b/i.test(text)) codes.add("none");
  return codes.size ? [...codes] : null;
}

/** "dd-MM-yyyy HH:mm:ss" in London time (Rightmove's dates). */
export function rightmoveDate(date: Date) {
  const parts = londonDateTimeParts(date);
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}
