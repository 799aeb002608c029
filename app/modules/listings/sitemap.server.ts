// The sitemap (https://www.sitemaps.org/protocol.html): the public pages and every home on the market. A site
// with more homes than one file should hold is split by ranges of listing ids into parts, which a sitemap index
// names. Each part reads one range of the primary key, so no request reads or sends every listing (the whole
// list was 10 MB and 1.1-2.1 s of CPU a request at 100,000 listings on PGlite, for any visitor).
import { getEnv } from "../../lib/env.server";
import { escapeHtml } from "../../lib/escape-html";
import { highestListedId, sitemapListings } from "./listings.server";
import { listingPath } from "./summary";

/**
 * Listing ids one part covers, so at most this many addresses a file (the protocol allows 50,000): a part then
 * costs about what a page does to send (a million listings make a thousand parts).
 */
export const SITEMAP_IDS_PER_PART = 1_000;

/**
 * The public pages that are always there, in the first part: these, of the areas that do not declare their
 * pages yet (app/edge/areas.ts), and the declared ones the route passes.
 */
const PAGES_NOT_YET_DECLARED = [
  "/",
  "/view-properties",
  "/property-search",
  "/valuation",
  "/why-choose-us",
  "/about",
  "/contact-us",
  "/privacy-policy",
];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * The sitemap's XML: `part` null is /sitemap.xml itself (the only part, or the index of the parts when there
 * are several); a part's number (from 1) is that part. Null when there is no such part.
 */
export async function sitemapXml(part: number | null, declaredPages: string[] = []): Promise<string | null> {
  // Escaped once: the pages' paths and the listings' (digits) need no escaping.
  const origin = escapeHtml(getEnv().PUBLIC_URL);
  const parts = Math.max(1, Math.ceil((await highestListedId()) / SITEMAP_IDS_PER_PART));
  if (part === null && parts > 1) {
    const entries = Array.from(
      { length: parts },
      (_, i) => `  <sitemap><loc>${origin}/sitemap.xml?part=${i + 1}</loc></sitemap>`,
    );
    return `${XML_HEAD}<sitemapindex ${NAMESPACE}>\n${entries.join("\n")}\n</sitemapindex>\n`;
  }
  const number = part ?? 1;
  if (!Number.isSafeInteger(number) || number < 1 || number > parts) return null;
  const listings = await sitemapListings((number - 1) * SITEMAP_IDS_PER_PART + 1, number * SITEMAP_IDS_PER_PART);
  const entries = [
    ...(number === 1
      ? [...PAGES_NOT_YET_DECLARED, ...declaredPages].map((page) => `  <url><loc>${origin}${page}</loc></url>`)
      : []),
    ...listings.map(
      (listing) => `  <url><loc>${origin}${listingPath(listing.id)}</loc><lastmod>${listing.updatedAt}</lastmod></url>`,
    ),
  ];
  return `${XML_HEAD}<urlset ${NAMESPACE}>\n${entries.join("\n")}\n</urlset>\n`;
}
