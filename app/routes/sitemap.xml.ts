import { getEnv } from "../lib/env.server";
import { listSitemapListings } from "../modules/listings/listings.server";
import { listingPath } from "../modules/listings/summary";

/** The public pages that are always there; listings on the market follow, newest change first. */
const PAGES = [
  "/",
  "/view-properties",
  "/property-search",
  "/valuation",
  "/why-choose-us",
  "/about",
  "/contact-us",
  "/privacy-policy",
];

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function loader() {
  const origin = getEnv().PUBLIC_URL;
  const listings = await listSitemapListings();
  const entries = [
    ...PAGES.map((page) => `  <url><loc>${escapeXml(origin + page)}</loc></url>`),
    ...listings.map(
      (listing) =>
        `  <url><loc>${escapeXml(origin + listingPath(listing.id))}</loc><lastmod>${listing.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
