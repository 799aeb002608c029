import { sitemapPaths } from "../edge/registry";
import { sitemapXml } from "../modules/listings/sitemap.server";
import type { Route } from "./+types/sitemap.xml";

/** /sitemap.xml, and /sitemap.xml?part=N when the index names parts (app/modules/listings/sitemap.server.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const part = new URL(request.url).searchParams.get("part");
  const number = part === null ? null : /^[1-9]\d{0,6}$/.test(part) ? Number(part) : NaN;
  const xml = await sitemapXml(number, sitemapPaths());
  if (xml === null) return new Response("There is no such part of the sitemap.", { status: 404 });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
